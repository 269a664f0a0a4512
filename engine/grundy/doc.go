// Package grundy computes Sprague-Grundy values of compiled games, their
// outcome classes, winning moves and optimal lines of play.
//
// The Sprague-Grundy value of a position is the mex (minimum excluded
// value) of the values of its followers, terminal positions having value 0
// (paper 001 section 4.1; paper 004). A position is a P-position (the
// previous player wins) exactly when its value is 0, otherwise it is an
// N-position (the next player wins).
//
// Values computes every value of a game.Graph in O(V+E): vertices are
// visited in reverse topological order and the mex is found with one mark
// array reused across vertices. Solve wraps the values in a Table, which
// answers outcome and winning-move questions and plays the optimal line of
// paper 001 fig. 1: the player who can win moves to a position of value 0,
// the other plays any move, chosen by a seeded generator.
//
// SolveIndexed solves a game that numbers its positions (game.Indexed) and
// whose every move lowers the number, without compiling it: it visits the
// positions in increasing index order, listing followers on the fly (on
// other goroutines, ahead), so it needs four bytes a position instead of a
// graph (Chomp 13 x 13: 10.4 million positions and 868 million moves in
// 42 MB and a few seconds). The IndexTable it returns answers the same
// questions as a Table, by index.
//
// Sum solves a disjunctive sum of independent games by solving each
// component once and combining the values by nim-sum (the Sprague-Grundy
// theorem, paper 004), which is exponentially cheaper than compiling the
// product game (paper 001 section 3.2.2).
package grundy
