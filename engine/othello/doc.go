// Package othello plays Othello on 64-bit bitboards, with the
// weighted-piece-counter (WPC) players of paper 003 (Samothrakis, Lucas,
// Runarsson and Robles, "Coevolving game-playing agents", section VI).
//
// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63 (columns a-h, rows 1-8
// from the top, the standard notation). A Board holds the black and white
// discs as Bitboards and the side to move. Legal moves come from shifts of
// whole bitboards in the eight directions, never from a loop over squares;
// a side without a legal move passes, and the game ends when neither side
// can move. The player with more discs wins; equal counts are a draw.
//
// Perft counts the game tree with the published conventions (a pass is a
// move, a finished game a leaf): 4, 12, 56, 244, 1396, 8200 at depths 1-6
// from the start, and from any position (ParseBoard reads one, Compact
// writes it). The tests check the bitboards against package plain, a
// square-by-square implementation, on perft and on random games.
//
// A WPC is 64 weights; its value of a board is eq. (8), the scalar
// product with the board vector (+1 black, -1 white, 0 empty). As a Player
// it looks one ply ahead (fig. 3): black plays the move whose after-state
// has the largest value, white the smallest, ties going to the first move
// in a1, b1, ..., h8 order (WPC.Move states the exact rule). Heuristic is
// the standard weights of the paper's reference [33], RandomWPC(k) the
// k-th seeded random WPC with weights uniform in [-0.5, 0.5], ReadWPC a WPC
// from a file, and RandomMover plays uniformly at random. ParsePlayer
// turns the names heuristic, random-mover, random:K and file:PATH into
// players.
//
// Play plays a game in which each side makes a forced random move with
// probability epsilon (0.1 in the paper), drawing every random number from
// the game's own stream, so that players and stream fix the game. A Game
// records the moves; Replay reads a record in a1-h8 notation. Boards and
// games render as text (String) and as images (SVG, PNG), which is what a
// notebook shows. Match adapts players to engine/tournament, which plays
// leagues in parallel.
//
//	g, _ := othello.Play(othello.Heuristic(), othello.RandomWPC(1), 0.1, rand.New(rand.NewPCG(1, 0)))
//	fmt.Println(g.Result())
//	os.WriteFile("game.svg", []byte(g.SVG()), 0o644)
package othello
