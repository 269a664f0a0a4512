package games

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/coevolab/coevo/engine/heap"
)

// Heaps is a position of several heaps played under one take-and-break rule.
// As a game.Game a position is the list of heap sizes: in order and with
// empty heaps kept for rules that never split (so Nim 1 3 5 7 moves to
// 1 3 5 6 as in paper 001 fig. 1), sorted with empty heaps dropped for rules
// that split heaps, where only the multiset matters.
type Heaps struct {
	Rule  *heap.Rule
	Sizes []int
}

// NewHeaps checks the heap sizes and returns the position.
func NewHeaps(rule *heap.Rule, heaps []int) (*Heaps, error) {
	if len(heaps) == 0 {
		return nil, fmt.Errorf("%s: no heaps given", rule.Name())
	}
	for _, h := range heaps {
		if h < 0 || h > heap.MaxHeap {
			return nil, fmt.Errorf("%s: heap size %d out of range [0, %d]", rule.Name(), h, heap.MaxHeap)
		}
	}
	return &Heaps{Rule: rule, Sizes: slices.Clone(heaps)}, nil
}

// Nim is Nim on the given heaps (paper 004; paper 001 fig. 1).
func Nim(heaps ...int) (*Heaps, error) { return NewHeaps(heap.Nim(), heaps) }

// Kayles is octal game 0.77 on the given heaps (Dudeney; Guy and Smith 1956;
// paper 002 ruleset 2.4).
func Kayles(heaps ...int) (*Heaps, error) { return NewHeaps(heap.Kayles(), heaps) }

// Octal is the octal game with the given code on the given heaps (Guy and
// Smith, "The G-values of various games", 1956; Winning Ways ch. 4).
func Octal(code string, heaps ...int) (*Heaps, error) {
	r, err := heap.Octal(code)
	if err != nil {
		return nil, err
	}
	return NewHeaps(r, heaps)
}

// GrundysGame is Grundy's game: split a heap into two unequal heaps
// (P. M. Grundy, Eureka 2, 1939; paper 004).
func GrundysGame(heaps ...int) (*Heaps, error) { return NewHeaps(heap.GrundysGame(), heaps) }

// Subtraction is the subtraction game with the given set on one heap.
func Subtraction(set []int, h int) (*Heaps, error) {
	r, err := heap.Subtraction(set)
	if err != nil {
		return nil, err
	}
	return NewHeaps(r, []int{h})
}

// SubtractionNim is SUBTRACTIONNIM_n^k of paper 000 section 6.1: one heap
// of n-1 tokens, a move removes between 1 and k. Its positions are 0..n-1.
func SubtractionNim(n, k int) (*Heaps, error) {
	if n < 1 {
		return nil, fmt.Errorf("subtraction nim: n = %d, must be at least 1 (the heap holds n-1 tokens)", n)
	}
	if k < 1 {
		return nil, fmt.Errorf("subtraction nim: k = %d, must be at least 1", k)
	}
	set := make([]int, k)
	for i := range set {
		set[i] = i + 1
	}
	return Subtraction(set, n-1)
}

// Sum solves the position heap by heap.
func (h *Heaps) Sum() (*heap.Sum, error) { return heap.NewSum(h.Rule, h.Sizes) }

// SumContext is Sum that stops when ctx is done.
func (h *Heaps) SumContext(ctx context.Context) (*heap.Sum, error) {
	return heap.NewSumContext(ctx, h.Rule, h.Sizes)
}

func (h *Heaps) canonical(hs []int) []int {
	if !h.Rule.Splits() {
		return hs
	}
	out := make([]int, 0, len(hs))
	for _, x := range hs {
		if x > 0 {
			out = append(out, x)
		}
	}
	slices.Sort(out)
	return out
}

func encodeInts(dst []byte, xs []int) []byte {
	dst = dst[:0]
	for _, x := range xs {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(x))
	}
	return dst
}

func decodeInts(p []byte) []int {
	xs := make([]int, len(p)/4)
	for i := range xs {
		xs[i] = int(binary.LittleEndian.Uint32(p[4*i:]))
	}
	return xs
}

// Start implements game.Game.
func (h *Heaps) Start() []byte { return encodeInts(nil, h.canonical(slices.Clone(h.Sizes))) }

// Moves implements game.Game.
func (h *Heaps) Moves(p []byte, yield func([]byte)) {
	hs := decodeInts(p)
	var buf []byte
	for i, x := range hs {
		h.Rule.Options(x, func(a, b int) bool {
			next := heap.Apply(hs, heap.Move{Heap: i, From: x, Into: intoHeaps(a, b)})
			buf = encodeInts(buf, h.canonical(next))
			yield(buf)
			return true
		})
	}
}

func intoHeaps(a, b int) []int {
	if a == 0 {
		return []int{b}
	}
	return []int{a, b}
}

// Format implements game.Game: heap sizes separated by spaces.
func (h *Heaps) Format(p []byte) string { return heap.FormatHeaps(decodeInts(p)) }
