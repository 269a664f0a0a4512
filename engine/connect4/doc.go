// Package connect4 plays Connect Four (7 columns of 6 rows) on 64-bit
// bitboards, with players for coevolution: a linear evaluation (Linear,
// 42 cell weights and 6 line weights, played one ply deep as paper 003's
// weighted piece counters are for Othello), a hand-made one (Heuristic),
// a fixed-depth alpha-beta searcher (AlphaBeta) and a random mover.
//
// A Board holds each side's stones as a bitboard, column c in bits 7c to
// 7c+5 (bottom first) with a sentinel bit above, so that four in a line
// is found by shifts of whole boards. X moves first; a game ends when a
// side has four in a line (it wins) or the board is full (a draw).
// Positions counts the distinct positions after each number of plies,
// which the tests check against OEIS A212693 (John Tromp's counts);
// Perft counts the leaves of the game tree.
//
// Play plays a game in which each side makes a forced random move with
// probability epsilon (paper 003 section III-B), every random number from
// the game's own stream; Match adapts players to engine/tournament, and
// engine/coevolve's ConnectFour domain evolves Linear players.
//
//	g, _ := connect4.Play(&connect4.AlphaBeta{Depth: 4}, connect4.RandomMover{}, 0, rand.New(rand.NewPCG(1, 0)))
//	fmt.Println(g)
package connect4
