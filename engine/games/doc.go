// Package games is coevo's catalogue of named impartial games, each a
// game.Game with its source cited, and a registry that builds them by name
// from string parameters (as the coevo CLI does).
//
//	g, _ := games.SubtractionNim(30, 3)   // paper 000 section 6.1
//	t, _ := grundy.SolveGame(g)
//	fmt.Println(t.Value(game.Start))      // (30-1) mod 4 = 1
//
// Heap games (Nim, subtraction, octal games such as Kayles, Grundy's game)
// are *Heaps values: they compile to graphs like any game, and also solve
// as sums of single heaps through package heap, which scales to heaps of a
// million tokens.
//
// Chomp, Silver Dollar, Turning Turtles, heap games whose rule never splits
// a heap, GA1, GA2 and Crossover-Mutation number their positions
// (game.Indexed, index.go), so they compile without hashing; all but the
// bit-string games number them so that every move lowers the number, and
// grundy.SolveIndexed solves them without a graph.
package games
