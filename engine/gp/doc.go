// Package gp is genetic programming for Grundy-value formulas: symbolic
// regression over the integers, after paper 002 (Huggan and Tennenhouse,
// "Genetically modified games", section 1.1), which used gplearn with a
// function set of its own.
//
// Programs are trees stored in prefix order, as gplearn stores them, over
// the paper's fourteen primitives (XOR, AND, OR, NOT, MOD, LOG2, PLUS1,
// EQUAL, LESS, GREATER, SUB, ADD, TIMES, DIVIDE; protected where undefined,
// see Op), the inputs and integer constants. Evolution follows gplearn:
// ramped half-and-half initialisation, tournament selection on fitness plus
// a parsimony penalty per node, subtree crossover, subtree ("headless
// chicken"), hoist and point mutation, reproduction, and stopping at error
// 0; as the paper did, the best programs of each generation are kept
// (elitism), and as Koza did, offspring deeper than a limit are dropped for
// their parent. Config's defaults are gplearn's.
//
// Data come straight from the engine: HeapData takes heap positions of
// GA1, GA2 or any heap game of the catalogue, with the number of non-zero
// heaps as an extra input (the paper found it necessary), and a held-out set
// of larger heaps to test whether a formula extrapolates. Three fitnesses:
// the total absolute error (the paper's), the nim-sum distance the paper
// tried, and a data-free consistency fitness that counts positions whose
// value is not the mex of the values of their options (HeapGraph builds the
// positions and options).
//
//	d, _ := gp.HeapData(ctx, gp.HeapSpec{Game: "ga2", Heaps: 2})
//	r, _ := gp.Run(ctx, d, gp.Config{Population: 10000, Seed: 7})
//	fmt.Println(r.Formula(), r.Error, r.Accuracy) // simplified infix
//	fmt.Println(r.Prefix())                       // as evolved, in prefix
//	r.DataFrame()                                 // history by generation
//
// Program i of generation g is bred and evaluated with its own random
// stream, seeded by (Seed, g, i), in parallel: a seed gives the same run for
// any number of workers.
package gp
