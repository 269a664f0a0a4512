package coevolve_test

import (
	"context"
	"fmt"

	"github.com/coevolab/coevo/engine/coevolve"
)

// Paper 003 Table IV, computed from the rules of matching sides.
func ExampleTableIV() {
	fmt.Print(coevolve.TableIV())
	fmt.Println("equilibria:", coevolve.Equilibria())
	// Output:
	//        L:LL  L:LR  L:RL  L:RR  R:LL  R:LR  R:RL  R:RR  Total
	// L:LL      0     0     2     2    -2    -2     0     0      0
	// L:LR      0     0     2     2     0     0     2     2      8
	// L:RL     -2    -2     0     0    -2    -2     0     0     -8
	// L:RR     -2    -2     0     0     0     0     2     2      0
	// R:LL      2     0     2     0     0    -2     0    -2      0
	// R:LR      2     0     2     0     2     0     2     0      8
	// R:RL      0    -2     0    -2     0    -2     0    -2     -8
	// R:RR      0    -2     0    -2     2     0     2     0      0
	// equilibria: [L:LR R:LR]
}

// NashSolve's archive on matching sides, with mutations that follow the
// cycle of eq. (7): an archive of one goes round the cycle, an archive of
// the four cycle members does not move.
func ExampleArchiveSim() {
	one, _ := coevolve.ArchiveSim([]coevolve.Strategy{coevolve.Cycle7[0]}, 1, 20, 4, coevolve.CycleMutation, 1)
	four, _ := coevolve.ArchiveSim(coevolve.Cycle7, 4, 20, 4, coevolve.CycleMutation, 1)
	fmt.Println("archive of one: ", one)
	fmt.Println("archive of four:", four.Archives[19], "cycles:", four.Cycles())
	// Output:
	// archive of one:  R:LL R:RR R:RR R:RR R:RR R:RR L:RR L:LL R:LL R:RR L:RR L:LL ... (20 generations); returns: 10
	// archive of four: [L:LL L:RR R:RR R:LL] cycles: false
}

// A short NashSolve run with an archive of four: the paper's population
// of 100, 20 generations instead of 7,500.
func ExampleEvolve() {
	cfg := coevolve.PaperConfig(coevolve.NashSolve, 4, 1)
	cfg.Generations, cfg.Snapshot = 20, 5
	run, err := coevolve.Evolve(context.Background(), cfg, "", coevolve.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(run)
	fmt.Println("permanent archive:", run.Permanent.Names())
	// Output:
	// NashSolve |A|=4, seed 1: 20 of 20 generations, 14800 games, 4 players in the permanent archive, 12 admitted to the archive
	// permanent archive: [g5 g10 g15 g20]
}
