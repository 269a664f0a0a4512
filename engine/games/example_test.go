package games_test

import (
	"fmt"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/grundy"
)

// SUBTRACTIONNIM_30^3 of paper 000: a heap of 29, remove 1 to 3.
func ExampleSubtractionNim() {
	g, _ := games.SubtractionNim(30, 3)
	t, _ := grundy.SolveGame(g)
	fmt.Println(t.Graph.NumVertices(), "positions, value", t.Value(game.Start))
	// Output: 30 positions, value 1
}

// Building a game from the registry, as the CLI does.
func ExampleLookup() {
	spec, _ := games.Lookup("turningturtles")
	g, _ := spec.Build(games.Args{"m": "4"})
	t, _ := grundy.SolveGame(g)
	fmt.Println(spec.Source, "| value:", t.Value(game.Start))
	// Output: paper 000 section 6.3; Winning Ways ch. 14 | value: 4
}
