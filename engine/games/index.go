package games

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"sort"

	"github.com/coevolab/coevo/engine/game"
)

// Perfect indices (game.Indexed) of the catalogue's games: each numbers
// the game's positions 0, 1, ..., Size()-1 and lists a position's followers
// as indices, so game.Compile needs no hashing. Chomp, Silver Dollar,
// Turning Turtles and heap games without splits are indexed so that every
// move lowers the index, which lets grundy.SolveIndexed solve them in
// increasing index order without building a graph.

var (
	_ game.Indexed = (*Chomp)(nil)
	_ game.Indexed = (*SilverDollar)(nil)
	_ game.Indexed = (*TurningTurtles)(nil)
	_ game.Indexed = (*Heaps)(nil)
	_ game.Indexed = (*GA1)(nil)
	_ game.Indexed = (*GA2)(nil)
	_ game.Indexed = (*CrossoverMutation)(nil)
	_ game.Counted = (*Chomp)(nil)
	_ game.Counted = (*SilverDollar)(nil)
	_ game.Counted = (*TurningTurtles)(nil)
	_ game.Counted = (*Euclid)(nil)
)

// maxIndex bounds every index space: larger games report Size 0 (no index).
const maxIndex = 1 << 62

// pascal returns C(n, k) for 0 <= n <= nmax, 0 <= k <= kmax as
// c[n*(kmax+1)+k], saturating at maxIndex.
func pascal(nmax, kmax int) []int64 {
	w := kmax + 1
	c := make([]int64, (nmax+1)*w)
	for n := 0; n <= nmax; n++ {
		c[n*w] = 1
		for k := 1; k <= kmax && n > 0; k++ {
			// Both terms may be saturated: their sum, 2^63, overflows.
			a, b := c[(n-1)*w+k-1], c[(n-1)*w+k]
			c[n*w+k] = maxIndex
			if a < maxIndex-b {
				c[n*w+k] = a + b
			}
		}
	}
	return c
}

// Chomp's index. A position, row lengths l_0 >= ... >= l_{r-1} from the
// bottom, is the r-subset {l_y + r-1-y} of [0, r+c) (the staircase read as
// a lattice path), ranked colexicographically by the combinatorial number
// system: index = sum over y of C(l_y + r-1-y, r-y). A move never lengthens
// a row and shortens one, so it lowers the index. The empty board is index
// 0 (never reached: the poison square stays) and the full board C(r+c, r)-1.
type chompIndex struct {
	r, c int
	size int64
	// u[m][x] = C(x-1+m, m) for 0 <= m <= r, 0 <= x <= c+1: a row of
	// length x with r-m rows below it adds u[m][x] to the index.
	u [][]int64
}

func (c *Chomp) index() *chompIndex {
	c.once.Do(func() {
		r, w := c.Rows, c.Rows+1
		bin := pascal(c.Rows+c.Cols+1, r)
		ix := &chompIndex{r: r, c: c.Cols, u: make([][]int64, r+1)}
		for m := range ix.u {
			ix.u[m] = make([]int64, c.Cols+2)
			for x := range ix.u[m] {
				if x+m >= 1 {
					ix.u[m][x] = bin[(x-1+m)*w+m]
				} else {
					ix.u[m][x] = 1 // C(-1, 0)
				}
			}
		}
		if s := bin[(r+c.Cols)*w+r]; s < maxIndex {
			ix.size = s
		}
		c.idx = ix
	})
	return c.idx
}

// Size implements game.Indexed: C(rows+cols, rows), counting the empty board.
func (c *Chomp) Size() int64 { return c.index().size }

// Positions implements game.Counted: every board but the empty one is
// reachable from the full board (a staircase is cut out corner by corner),
// Size()-1 in all, or at least 2^62-1 when the index is too large to use.
func (c *Chomp) Positions() int64 {
	if s := c.Size(); s > 0 {
		return s - 1
	}
	return maxIndex - 1
}

// Index implements game.Indexed.
func (c *Chomp) Index(p []byte) int64 {
	ix := c.index()
	if len(p) != ix.r || ix.size == 0 {
		return -1
	}
	var i int64
	prev := byte(ix.c)
	for y, l := range p {
		if l > prev {
			return -1
		}
		prev = l
		i += ix.u[ix.r-y][l]
	}
	return i
}

// rows decodes index i into row lengths, writing them to l.
func (ix *chompIndex) rows(l []byte, i int64) {
	x := ix.c
	for y := range l {
		// The longest row (at most as long as the one below) whose term
		// fits in what is left of i; the terms grow with the length. The
		// scans of all rows together step down at most c times.
		u := ix.u[ix.r-y]
		for u[x] > i {
			x--
		}
		l[y] = byte(x)
		i -= u[x]
	}
}

// AppendPosition implements game.Indexed.
func (c *Chomp) AppendPosition(dst []byte, i int64) []byte {
	n := len(dst)
	dst = append(dst, make([]byte, c.Rows)...)
	c.index().rows(dst[n:], i)
	return dst
}

// AppendFollowers implements game.Indexed, in the order of Moves: for each
// square (x, y) left, bottom row first, the board where rows y and above
// are cut to length x.
func (c *Chomp) AppendFollowers(dst []int64, i int64) []int64 {
	ix := c.index()
	r := ix.r
	// Small scratch arrays (zeroing large ones would cost as much as the
	// followers); big boards take them from the heap.
	var lBuf [64]byte
	l := lBuf[:0]
	if r > len(lBuf) {
		l = make([]byte, r)
	}
	l = l[:r]
	ix.rows(l, i)
	if l[0] == 0 {
		return dst // the empty board
	}
	// Cutting at column x the rows y..k-1 longer than x (k is the same
	// for every y below k): they then contribute
	// sum_{m=r-k+1}^{r-y} u[m][x] = u[r-y][x+1] - u[r-k][x+1] (the
	// hockey-stick identity), so the follower's index is
	// pre(y) + u[r-y][x+1] + b[x], with pre(y) the index contributed by
	// the rows below y and b[x] = suf(k) - u[r-k][x+1], suf(k) that of
	// rows k and above.
	var bBuf [64]int64
	b := bBuf[:0]
	if int(l[0]) > len(bBuf) {
		b = make([]int64, l[0])
	}
	b = b[:l[0]]
	k, suf := r, int64(0)
	for int(l[k-1]) == 0 {
		k--
	}
	for x := range b {
		for int(l[k-1]) <= x {
			k--
			suf += ix.u[r-k][l[k]]
		}
		b[x] = suf - ix.u[r-k][x+1]
	}
	area := 0
	for _, ly := range l {
		area += int(ly)
	}
	// A move for every square but the poison square.
	n := len(dst)
	dst = slices.Grow(dst, area-1)[:n+area-1]
	out := dst[n:]
	pre := int64(0)
	for y := 0; y < r && l[y] > 0; y++ {
		ly := int(l[y])
		uy := ix.u[r-y]
		x := 0
		if y == 0 {
			x = 1 // the poison square
		}
		next, bx := uy[x+1:ly+1], b[x:ly]
		seg := out[:len(next)]
		bx = bx[:len(next)]
		for t := range seg {
			seg[t] = pre + next[t] + bx[t]
		}
		out = out[len(seg):]
		pre += uy[ly]
	}
	return dst
}

// Silver Dollar's index: the coins' squares p_0 < ... < p_{k-1} are a
// k-subset of [0, m), ranked colexicographically: sum over i of
// C(p_i, i+1). Sliding a coin left lowers the index.
func (s *SilverDollar) binom() []int64 {
	s.once.Do(func() { s.bin = pascal(s.M, s.K) })
	return s.bin
}

// Size implements game.Indexed: C(m, k).
func (s *SilverDollar) Size() int64 {
	n := s.binom()[s.M*(s.K+1)+s.K]
	if n >= maxIndex {
		return 0
	}
	return n
}

// Positions implements game.Counted: every placement of the k coins on
// the m squares, C(m, k) of them, is reachable (slide the coins into place
// from the left one), or at least 2^62 when that is more.
func (s *SilverDollar) Positions() int64 { return s.binom()[s.M*(s.K+1)+s.K] }

// Index implements game.Indexed.
func (s *SilverDollar) Index(p []byte) int64 {
	bin, w := s.binom(), s.K+1
	if len(p) != s.K || s.Size() == 0 {
		return -1
	}
	var i int64
	for j, c := range p {
		if int(c) >= s.M || j > 0 && c <= p[j-1] {
			return -1
		}
		i += bin[int(c)*w+j+1]
	}
	return i
}

// AppendPosition implements game.Indexed.
func (s *SilverDollar) AppendPosition(dst []byte, i int64) []byte {
	n := len(dst)
	dst = append(dst, make([]byte, s.K)...)
	s.squares(dst[n:], i)
	return dst
}

// squares decodes index i into the coins' squares.
func (s *SilverDollar) squares(p []byte, i int64) {
	bin, w := s.binom(), s.K+1
	hi := s.M
	for j := s.K - 1; j >= 0; j-- {
		c := sort.Search(hi, func(c int) bool { return bin[c*w+j+1] > i }) - 1
		p[j] = byte(c)
		i -= bin[c*w+j+1]
		hi = c
	}
}

// AppendFollowers implements game.Indexed, in the order of Moves.
func (s *SilverDollar) AppendFollowers(dst []int64, i int64) []int64 {
	bin, w := s.binom(), s.K+1
	var buf [256]byte
	p := buf[:s.K]
	s.squares(p, i)
	for j := range p {
		lo := 0
		if j > 0 {
			lo = int(p[j-1]) + 1
		}
		base := i - bin[int(p[j])*w+j+1]
		for to := int(p[j]) - 1; to >= lo; to-- {
			dst = append(dst, base+bin[to*w+j+1])
		}
	}
	return dst
}

// Size implements game.Indexed: 2^m, the index being the set of heads.
func (t *TurningTurtles) Size() int64 {
	if t.M > 62 {
		return 0
	}
	return 1 << t.M
}

// Positions implements game.Counted: every set of heads, 2^m of them, is
// reachable from all heads (turn the others over one at a time), or at
// least 2^62 when that is more.
func (t *TurningTurtles) Positions() int64 { return int64(1) << min(t.M, 62) }

// Index implements game.Indexed.
func (t *TurningTurtles) Index(p []byte) int64 {
	if len(p) != 8 || t.M > 62 {
		return -1
	}
	h := binary.LittleEndian.Uint64(p)
	if h>>t.M != 0 {
		return -1
	}
	return int64(h)
}

// AppendPosition implements game.Indexed.
func (t *TurningTurtles) AppendPosition(dst []byte, i int64) []byte {
	return binary.LittleEndian.AppendUint64(dst, uint64(i))
}

// AppendFollowers implements game.Indexed, in the order of Moves. Turning
// coin i to tails lowers the index whatever happens to the coins left of it.
func (t *TurningTurtles) AppendFollowers(dst []int64, i int64) []int64 {
	for c := 0; c < t.M; c++ {
		if i>>c&1 == 0 {
			continue
		}
		base := i &^ (1 << c)
		dst = append(dst, base)
		for j := 0; j < c; j++ {
			dst = append(dst, base^1<<j)
		}
	}
	return dst
}

// Heap games whose rule never splits a heap are indexed in mixed radix:
// heap j of at most s_j tokens is a digit of radix s_j + 1 (the first heap
// least significant), so a move, which shrinks one heap, lowers the index.
// Rules that split heaps have no index (Size 0).
func (h *Heaps) radices() (size int64, ok bool) {
	if h.Rule.Splits() {
		return 0, false
	}
	size = 1
	for _, s := range h.Sizes {
		if size > maxIndex/int64(s+1) {
			return 0, false
		}
		size *= int64(s + 1)
	}
	return size, true
}

// Size implements game.Indexed.
func (h *Heaps) Size() int64 {
	size, _ := h.radices()
	return size
}

// Index implements game.Indexed.
func (h *Heaps) Index(p []byte) int64 {
	if _, ok := h.radices(); !ok || len(p) != 4*len(h.Sizes) {
		return -1
	}
	var i, r int64 = 0, 1
	for j, s := range h.Sizes {
		x := int64(binary.LittleEndian.Uint32(p[4*j:]))
		if x > int64(s) {
			return -1
		}
		i += x * r
		r *= int64(s + 1)
	}
	return i
}

// AppendPosition implements game.Indexed.
func (h *Heaps) AppendPosition(dst []byte, i int64) []byte {
	for _, s := range h.Sizes {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(i%int64(s+1)))
		i /= int64(s + 1)
	}
	return dst
}

// AppendFollowers implements game.Indexed, in the order of Moves.
func (h *Heaps) AppendFollowers(dst []int64, i int64) []int64 {
	var r int64 = 1
	for _, s := range h.Sizes {
		x := i / r % int64(s+1)
		h.Rule.Options(int(x), func(_, b int) bool {
			dst = append(dst, i-(x-int64(b))*r)
			return true
		})
		r *= int64(s + 1)
	}
	return dst
}

// Bit-string games are indexed by their bits: character j of a string is
// bit j of the index. Their moves raise the entropy, not the index.
func bitsSize(n int) int64 {
	if n > 62 {
		return 0
	}
	return 1 << n
}

// bitsIndex reads the string p of n characters '0' and '1'.
func bitsIndex(p []byte) int64 {
	if len(p) > 62 {
		return -1
	}
	var i int64
	for j, c := range p {
		if c != '0' && c != '1' {
			return -1
		}
		i |= int64(c-'0') << j
	}
	return i
}

func appendBits(dst []byte, i int64, n int) []byte {
	for j := 0; j < n; j++ {
		dst = append(dst, '0'+byte(i>>j&1))
	}
	return dst
}

// bitEntropy is Entropy of the n-bit string i.
func bitEntropy(i int64, n int) int {
	return bits.OnesCount64(uint64(i^i>>1) & (1<<(n-1) - 1))
}

// Size implements game.Indexed: 2^n for n bits.
func (g *GA1) Size() int64 { return bitsSize(len(g.Bits)) }

// Index implements game.Indexed.
func (g *GA1) Index(p []byte) int64 {
	if len(p) != len(g.Bits) {
		return -1
	}
	return bitsIndex(p)
}

// AppendPosition implements game.Indexed.
func (g *GA1) AppendPosition(dst []byte, i int64) []byte { return appendBits(dst, i, len(g.Bits)) }

// AppendFollowers implements game.Indexed, in the order of Moves.
func (g *GA1) AppendFollowers(dst []int64, i int64) []int64 {
	n := len(g.Bits)
	e := bitEntropy(i, n)
	for k := 1; k < n; k++ {
		if q := i ^ (1<<k - 1); bitEntropy(q, n) > e {
			dst = append(dst, q)
		}
	}
	for j := 0; j < n; j++ {
		if q := i ^ 1<<j; bitEntropy(q, n) > e {
			dst = append(dst, q)
		}
	}
	return dst
}

// Size implements game.Indexed: 2^n for n bits.
func (g *GA2) Size() int64 { return bitsSize(len(g.Bits)) }

// Index implements game.Indexed.
func (g *GA2) Index(p []byte) int64 {
	if len(p) != len(g.Bits) {
		return -1
	}
	return bitsIndex(p)
}

// AppendPosition implements game.Indexed.
func (g *GA2) AppendPosition(dst []byte, i int64) []byte { return appendBits(dst, i, len(g.Bits)) }

// AppendFollowers implements game.Indexed, in the order of Moves.
func (g *GA2) AppendFollowers(dst []int64, i int64) []int64 {
	n := len(g.Bits)
	e := bitEntropy(i, n)
	for x := 1; x <= n; x++ {
		for y := x + 1; y <= n; y++ {
			if q := i ^ (1<<(y-x)-1)<<(x-1); bitEntropy(q, n) > e {
				dst = append(dst, q)
			}
		}
	}
	return dst
}

// Size implements game.Indexed: 2^(2n) for two strings of n bits, the
// first string in the low bits.
func (c *CrossoverMutation) Size() int64 { return bitsSize(2 * len(c.B1)) }

// Index implements game.Indexed.
func (c *CrossoverMutation) Index(p []byte) int64 {
	n := len(c.B1)
	if len(p) != 2*n+1 || p[n] != '|' {
		return -1
	}
	b1, b2 := bitsIndex(p[:n]), bitsIndex(p[n+1:])
	if b1 < 0 || b2 < 0 || 2*n > 62 {
		return -1
	}
	return b1 | b2<<n
}

// AppendPosition implements game.Indexed.
func (c *CrossoverMutation) AppendPosition(dst []byte, i int64) []byte {
	n := len(c.B1)
	dst = appendBits(dst, i, n)
	dst = append(dst, '|')
	return appendBits(dst, i>>n, n)
}

// AppendFollowers implements game.Indexed, in the order of Moves.
func (c *CrossoverMutation) AppendFollowers(dst []int64, i int64) []int64 {
	n := len(c.B1)
	low := int64(1)<<n - 1
	total := func(q int64) int { return bitEntropy(q&low, n) + bitEntropy(q>>n, n) }
	e := total(i)
	b1, b2 := i&low, i>>n
	for k := 1; k < n; k++ {
		m := int64(1)<<k - 1
		q := (b1&^m | b2&m) | (b2&^m|b1&m)<<n
		if total(q) > e {
			dst = append(dst, q)
		}
	}
	for j := 0; j < 2*n; j++ {
		if q := i ^ 1<<j; total(q) > e {
			dst = append(dst, q)
		}
	}
	return dst
}

// Positions implements game.Counted. From (a, b), a >= b > 0, with a = qb
// + r, the positions reachable are (r + jb, b) for j = 1..q and those
// reachable from (b, r), down to the terminal (g, 0): q_1 + q_2 + ... +
// q_n + 1 over the quotients of Euclid's algorithm, counted in its
// O(log a) steps (saturating at 2^62).
func (e *Euclid) Positions() int64 {
	a, b := max(e.A, e.B), min(e.A, e.B)
	var n uint64 = 1
	for b > 0 {
		n += a / b
		if n >= maxIndex {
			return maxIndex
		}
		a, b = b, a%b
	}
	return int64(n)
}
