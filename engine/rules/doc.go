// Package rules parses coevo's text language for impartial games, the
// language paper 001 (section 3.1) asks for: a start state vector, moves as
// vectors of changes with variables, constraints on the variables (ranges,
// comparisons, divisibility such as v | a1, parity) and terminal states.
//
//	# Nim on four heaps (paper 001 fig. 1)
//	state 1 3 5 7
//	move -v 0 0 0 : 1 <= v <= a1
//	move 0 -v 0 0 : 1 <= v <= a2
//	move 0 0 -v 0 : 1 <= v <= a3
//	move 0 0 0 -v : 1 <= v <= a4
//	terminal 0 0 0 0
//
// A move adds its vector to the state; a1, a2, ... are the components of
// the current state, and every other name is a variable of the move, which
// ranges over the integers allowed by the move's constraints. Every
// variable needs a lower and an upper bound from its constraints. The
// resulting state must have no negative component (unless the file says
// "allow negative"). See docs/rules.md for the full reference.
//
// Parse returns a *Game, a game.Game; errors are *Error values naming the
// line and column.
package rules
