package umda

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
)

// A run saves as JSON and reads back with its trace whole: the same
// generations, probabilities and the critical positions' names that
// Positions' columns carry.
func TestRunJSON(t *testing.T) {
	g, _ := games.SubtractionNim(20, 3)
	gr, _ := game.Compile(g)
	G, err := Prepare(gr, Options{})
	if err != nil {
		t.Fatal(err)
	}
	run, err := G.UMDA(context.Background(), Params{Mu: 100, Seed: 1, MaxEvaluations: 20000, Trace: true})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(run)
	if err != nil {
		t.Fatal(err)
	}
	var back Run
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(back.Trace.Positions()) != fmt.Sprint(run.Trace.Positions()) || back.Generations != run.Generations || fmt.Sprint(back.P) != fmt.Sprint(run.P) {
		t.Errorf("read back:\n%v\nwant\n%v", back.Trace.Positions(), run.Trace.Positions())
	}
	if len(run.Trace.Positions().Names()) < 2 {
		t.Fatalf("a trace of %d critical positions", len(run.Trace.Critical))
	}
}
