package gp_test

import (
	"context"
	"fmt"

	"github.com/coevolab/coevo/engine/gp"
)

// GA2 with one heap (paper 002 section 3): a run at the paper's settings
// finds (h - 1) mod 3 in another form; n, the number of heaps, is 1 here.
func ExampleRun() {
	ctx := context.Background()
	d, _ := gp.HeapData(ctx, gp.HeapSpec{Game: "ga2", Heaps: 1, MaxHeap: 10})
	r, _ := gp.Run(ctx, d, gp.Config{Population: 1000, Seed: 1})
	fmt.Println(r.Formula())
	fmt.Println("error", r.Error, "held-out accuracy", r.Accuracy)
	// Output:
	// (n + h + 1) mod ([0 < h] xor (n + 1))
	// error 0 held-out accuracy 1
}

// The paper's two-heap formula, read in its prefix notation, simplified.
func ExampleInfix() {
	names := []string{"n", "h1", "h2"}
	p, _ := gp.Parse("MOD(PLUS1(SUB(ADD(h1, h2), XOR(h1, h1))), PLUS1(PLUS1(EQUAL(h1, h1))))", names)
	fmt.Println(gp.Infix(p, names))
	fmt.Println(gp.Simplify(p).Format(names))
	// Output:
	// (h1 + h2 + 1) mod 3
	// MOD(ADD(ADD(h1, h2), 1), 3)
}

// The consistency fitness needs no values: on every position of Nim with
// heaps up to 7 and their options, it finds XOR.
func ExampleHeapGraph() {
	ctx := context.Background()
	d, _ := gp.HeapGraph(ctx, "nim", nil, [][]int{{7, 7}})
	r, _ := gp.Run(ctx, &gp.Data{Game: "nim", Train: d}, gp.Config{Population: 500, Fitness: gp.Consistency, Seed: 1})
	fmt.Println(r.Formula(), "| inconsistent positions:", r.Error, "| right on", r.TrainAccuracy)
	// Output:
	// h2 xor ([h1 < 0] or h1) | inconsistent positions: 0 | right on 1
}
