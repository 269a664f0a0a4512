package games

import (
	"fmt"
	"strings"
)

// Entropy is the number of substrings 01 and 10 of a bit string
// (paper 002 definition 2.2).
func Entropy(s []byte) int {
	e := 0
	for i := 1; i < len(s); i++ {
		if s[i] != s[i-1] {
			e++
		}
	}
	return e
}

func checkBits(game, s string) error {
	if len(s) == 0 || len(s) > 64 {
		return fmt.Errorf("%s: bit string %q has length %d, need 1 to 64", game, s, len(s))
	}
	if i := strings.IndexFunc(s, func(r rune) bool { return r != '0' && r != '1' }); i >= 0 {
		return fmt.Errorf("%s: bit string %q has %q at position %d; use only 0 and 1", game, s, s[i], i+1)
	}
	return nil
}

func flip(b byte) byte { return '0' + '1' - b }

// GA1 is the single-point crossover and mutation game of paper 002,
// ruleset 2.1: a position is a bit string; a move flips bits 1..k for some
// 1 <= k <= n-1 (crossover) or flips one bit (mutation), and is legal only if
// the entropy increases.
type GA1 struct{ Bits string }

// NewGA1 checks the bit string.
func NewGA1(bits string) (*GA1, error) {
	if err := checkBits("ga1", bits); err != nil {
		return nil, err
	}
	return &GA1{bits}, nil
}

// Start implements game.Game.
func (g *GA1) Start() []byte { return []byte(g.Bits) }

// Moves implements game.Game.
func (g *GA1) Moves(p []byte, yield func([]byte)) {
	e := Entropy(p)
	q := make([]byte, len(p))
	for k := 1; k < len(p); k++ {
		copy(q, p)
		for i := 0; i < k; i++ {
			q[i] = flip(q[i])
		}
		if Entropy(q) > e {
			yield(q)
		}
	}
	for i := range p {
		copy(q, p)
		q[i] = flip(q[i])
		if Entropy(q) > e {
			yield(q)
		}
	}
}

// Format implements game.Game.
func (g *GA1) Format(p []byte) string { return string(p) }

// GA2 is the two-point crossover game of paper 002, ruleset 3.1: a move
// flips bits x..y-1 for some 1 <= x < y <= n, legal only if the entropy
// increases.
type GA2 struct{ Bits string }

// NewGA2 checks the bit string.
func NewGA2(bits string) (*GA2, error) {
	if err := checkBits("ga2", bits); err != nil {
		return nil, err
	}
	return &GA2{bits}, nil
}

// Start implements game.Game.
func (g *GA2) Start() []byte { return []byte(g.Bits) }

// Moves implements game.Game.
func (g *GA2) Moves(p []byte, yield func([]byte)) {
	e := Entropy(p)
	q := make([]byte, len(p))
	for x := 1; x <= len(p); x++ {
		for y := x + 1; y <= len(p); y++ {
			copy(q, p)
			for i := x - 1; i < y-1; i++ {
				q[i] = flip(q[i])
			}
			if Entropy(q) > e {
				yield(q)
			}
		}
	}
}

// Format implements game.Game.
func (g *GA2) Format(p []byte) string { return string(p) }

// CrossoverMutation is the game of paper 002, ruleset 4.1: a position is a
// pair of bit strings of length n; a move swaps the first k bits of the two
// strings (1 <= k <= n-1, crossover) or flips one bit of either (mutation),
// and is legal only if the total entropy of the pair increases.
// A position is written "B1|B2".
type CrossoverMutation struct{ B1, B2 string }

// NewCrossoverMutation checks the two bit strings have the same length.
func NewCrossoverMutation(b1, b2 string) (*CrossoverMutation, error) {
	if err := checkBits("crossover-mutation", b1); err != nil {
		return nil, err
	}
	if err := checkBits("crossover-mutation", b2); err != nil {
		return nil, err
	}
	if len(b1) != len(b2) {
		return nil, fmt.Errorf("crossover-mutation: bit strings %q and %q differ in length", b1, b2)
	}
	return &CrossoverMutation{b1, b2}, nil
}

// Start implements game.Game.
func (c *CrossoverMutation) Start() []byte { return []byte(c.B1 + "|" + c.B2) }

// Moves implements game.Game.
func (c *CrossoverMutation) Moves(p []byte, yield func([]byte)) {
	n := len(c.B1)
	total := func(q []byte) int { return Entropy(q[:n]) + Entropy(q[n+1:]) }
	e := total(p)
	q := make([]byte, len(p))
	for k := 1; k < n; k++ {
		copy(q, p)
		for i := 0; i < k; i++ {
			q[i], q[n+1+i] = q[n+1+i], q[i]
		}
		if total(q) > e {
			yield(q)
		}
	}
	for i := range p {
		if i == n {
			continue
		}
		copy(q, p)
		q[i] = flip(q[i])
		if total(q) > e {
			yield(q)
		}
	}
}

// Format implements game.Game.
func (c *CrossoverMutation) Format(p []byte) string { return string(p) }
