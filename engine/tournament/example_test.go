package tournament_test

import (
	"context"
	"fmt"

	"github.com/coevolab/coevo/engine/othello"
	"github.com/coevolab/coevo/engine/tournament"
	"github.com/coevolab/coevo/stats/bt"
)

// A league of 1-ply Othello players, 100 games a pair (50 in each seat)
// with forced random moves of probability 0.1, rated by Bradley-Terry.
func ExampleRoundRobin() {
	names := []string{"heuristic", "random-mover", "random:1", "random:2"}
	var players []othello.Player
	for _, n := range names {
		p, _ := othello.ParsePlayer(n)
		players = append(players, p)
	}
	match := &othello.Match{Players: players, Epsilon: 0.1}
	res, err := tournament.RoundRobin(context.Background(), match, names, 100, tournament.Options{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res)
	fit, _ := bt.Fit(res.BT())
	for i, e := range fit.Elo() {
		fmt.Printf("%-12s %.0f\n", names[i], e)
	}
	// Output:
	//                  heuristic  random-mover  random:1  random:2  points  games  % won
	//      heuristic          -            78        79        74     231    300   77.0
	//   random-mover         22             -      36.5      49.5     108    300   36.0
	//       random:1         21          63.5         -        74   158.5    300   52.8
	//       random:2         26          50.5        26         -   102.5    300   34.2
	// heuristic    1760
	// random-mover 1518
	// random:1     1614
	// random:2     1507
}

// One player against a set: the heuristic's score against ten random
// WPCs, the measure of paper 003 fig. 5.
func ExampleAgainst() {
	names := []string{"heuristic"}
	players := []othello.Player{othello.Heuristic()}
	var set []int
	for k := 1; k <= 10; k++ {
		names = append(names, fmt.Sprintf("random:%d", k))
		players = append(players, othello.RandomWPC(uint64(k)))
		set = append(set, k)
	}
	match := &othello.Match{Players: players, Epsilon: 0.1}
	res, _ := tournament.Against(context.Background(), match, names, 0, set, 100, tournament.Options{Seed: 1})
	fmt.Printf("heuristic scores %.1f%% of %d games\n", 100*res.Rate(0), 10*100)
	// Output: heuristic scores 79.9% of 1000 games
}
