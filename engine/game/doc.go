// Package game represents finite impartial combinatorial games and compiles
// them into rooted acyclic graphs.
//
// A Game is a start position plus a move function, in the sense of paper 001
// (Kritharidis, "Finite Impartial Combinatorial Game Solver", section 2.1):
// a graph G = (X, F) with start x0, where F(x) is the set of followers of x
// and a position with no followers is terminal (the player to move loses,
// the normal play convention of paper 000 section 2).
//
// Positions are encoded as byte strings chosen by the game; Compile explores
// every position reachable from the start, iteratively (no recursion depth
// limit), and returns a Graph with int32 vertex ids and CSR adjacency. Vertex
// 0 is always the start. A cycle is reported as a *CycleError naming the
// positions on it, and exploring more positions than the budget allows is a
// *TooLargeError, not an out-of-memory crash.
//
//	g := game.Func{
//		StartPos: []byte{7},
//		MovesFunc: func(p []byte, yield func([]byte)) {
//			for k := byte(1); k <= 3 && k <= p[0]; k++ {
//				yield([]byte{p[0] - k})
//			}
//		},
//	}
//	graph, err := game.Compile(g)
//
// Compile looks positions up in a hash map, which bounds it near 7 million
// moves a second. A game that numbers its own positions densely implements
// Indexed (Size, Index, AppendPosition, AppendFollowers): Compile then keeps
// vertex ids in a table indexed by position, lists followers as indices on
// worker goroutines (Options.Workers) and fills the CSR arrays in a second
// parallel pass; the graph is the one hashing builds, with the same vertex
// ids and followers, for any number of workers (Chomp 12 x 12, 192 million
// moves: about 80 million moves a CPU-second). VerifyIndex checks a new
// index against the game's own moves. When every move lowers the index,
// increasing index order is a topological order, and package grundy solves
// such games without a graph (grundy.SolveIndexed); EachFollowers is the
// parallel follower generator both use.
package game
