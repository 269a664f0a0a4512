// Package heap solves heap games: take-and-break games played on heaps of
// tokens, where a move acts on one heap only, so that a position with many
// heaps is the disjunctive sum of single heaps (paper 001 section 3.2.2).
//
// A Rule says what a move may do to one heap: remove j tokens and leave
// zero, one or two heaps. Octal games are rules written as an octal code
// d0.d1d2...: digit dj is a sum of 1 (removing j tokens may leave no heap),
// 2 (may leave one heap) and 4 (may leave two non-empty heaps). Kayles is
// 0.77, Dawson's Kayles 0.07, Dawson's Chess 0.137. Grundy's game (split a
// heap into two unequal heaps, paper 004), subtraction games (remove s
// tokens for s in a set) and Nim (remove any number) are rules too.
//
// Sequence and Analyze compute the nim-sequence g(0), g(1), ... of a rule.
// For games whose moves split heaps they use the rare/common ("sparse
// space") method: a heap is rare when its value, with the parity of the
// heap appended when every split removes a count of one parity, has an
// even number of bits under a mask, common otherwise. The XOR of two common
// heaps is rare, so the common options of a heap all come from pairs with
// a rare heap, which are few and enumerated exactly; the rare values that
// remain in question are confirmed by a scan that stops as soon as all are
// found. The result is exact whatever the mask; the mask, chosen exactly
// (a Walsh-Hadamard transform of the counts of every value gives the rare
// count of every mask at once) and re-chosen whenever the rare set grows,
// decides the speed. Grundy's game reaches 2^22 values in about ten
// seconds of one core; games whose rare set keeps growing are quadratic.
//
// Period applies the periodicity criterion of Guy and Smith (the Octal
// Periodicity Theorem): for an octal game whose largest removal is k, if
// g(n+p) = g(n) for n0 <= n < 2*n0 + p + k then the sequence is periodic
// with period p from n0 on. Analyze looks for such a proof as it goes and
// stops computing as soon as one holds: the later values repeat the
// period. It also reports the rare count, takes a context, a progress
// callback and checkpoints (WriteCheckpoint, ReadCheckpoint) to resume a
// long run.
//
// Sum is a position of several heaps: its value is the nim-sum of the heap
// values (the Sprague-Grundy theorem), and a winning move is found from the
// nim-sum as in Bouton's theorem (paper 004): find a heap whose value g
// exceeds g XOR total, and move that heap to an option of value g XOR total.
package heap
