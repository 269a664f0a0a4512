package heap

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"unsafe"
)

// The scan looks for the rare values still pending for heap i among the
// pairs (a, b) of its splits, crossing off each value it meets, and stops
// as soon as none is left; the values it never meets are not options.
//
// With one splitting removal j (Grundy's game, .127, .16, ...) the pairs
// are (a, m-a), m = i-j, for a = 1, 2, ...: g(a..) read forwards and
// g(m-a..) backwards. For byte values eight pairs are tested at once: a
// word holds g(a..a+7), another g(m-a-7..m-a) byte-reversed, and their
// XOR holds the eight pair values. A lane equal to a wanted value w is
// found by the zero-byte test on t = z XOR w*0x01..01, which is not zero
// exactly when a byte of t is: (t - 0x01..01) &^ t & 0x80..80. With many
// values wanted, the eight lanes are looked up in a table instead.

// swarMax is the most wanted values the zero-byte tests take at once.
const swarMax = 4

// confirm scans the pairs of heap i for the values in pend (rare for i,
// below its common candidate) and returns those it never meets.
func confirm[T uint8 | uint16 | int32](s *sparseRun, g []T, i int, pend []int32) ([]int32, error) {
	if kernels != nil {
		return scanVec(s, g, i, pend)
	}
	stamp := uint32(i)
	if s.width > 1 || len(s.splits) > 1 {
		for _, v := range pend {
			s.want[v] = stamp
		}
	}
	if len(s.splits) > 1 {
		return scanAll(s, g, i, pend)
	}
	m := i - s.splits[0]
	end := m/2 + 1 // the pairs (a, m-a) for 1 <= a < end
	if s.unequal {
		end = (m + 1) / 2
	}
	left := len(pend)
	for a := 1; a < end && left > 0; {
		from, stop := a, min(end, a+checkEvery)
		switch {
		case s.width == 1:
			a, pend = scan8(s.g8, m, a, stop, pend, &s.flag)
			left = len(pend)
		case s.width == 4 || left > swarMax:
			a, left = scanPairs(g, m, a, stop, s.want, stamp, left)
		default:
			a, left = scan16(s.g8, m, a, stop, pending(pend, s.want, stamp), s.want, stamp)
		}
		s.work += a - from
		if s.work >= checkEvery && left > 0 {
			if err := s.check(); err != nil {
				return nil, err
			}
		}
	}
	if s.width == 1 {
		return pend, nil
	}
	return pending(pend, s.want, stamp), nil
}

// scanKernel is a vector kernel of the scan (scan_amd64.s, written by
// gen_scan.go). With L = 32/s lanes of s-byte values, group q < n holds
// the pairs of the L values from f + 32q with the L values ending at
// b + 32 - 32q read backwards (for the kernels of several splits, with
// each of the backward chunks b - d[x], x < nd). Each slot j < k of w
// holds a wanted value (k is the kernel's count); live has a bit for each
// slot whose value is still wanted, and the others hold a copy of a live
// one. A group with a lane equal to a slot's value kills the slot; the
// kernel returns after n groups, or after a group that leaves no slot or
// at most k/2 alive, with the number of groups it tested and the live
// slots.
type scanKernel func(f, b unsafe.Pointer, n int, d *int, nd int, w *wantVecs, live uint32) (int, uint32)

// wantVecs are the wanted values of a vector scan: each broadcast to 32
// bytes, and the same values as 32-bit words, noValue in the slots past
// the kernel's count.
type wantVecs struct {
	vec [vecMax][4]uint64
	val [vecMax]uint32
}

// noValue is no pair's value: values are below 2^31.
const noValue = math.MaxUint32

// vecMax is the most wanted values the vector kernels take at once.
const vecMax = 32

// bitmapKernel is a vector kernel of the scan for values below 256 (of
// 1 or 2 bytes) and any number of them: with the groups of scanKernel,
// it looks each lane up in the bitmap t of the wanted values (bit x&7 of
// byte x>>3) and clears the values it finds; it returns after n groups,
// or after a group that leaves at most stop of the left values, with the
// number of groups it tested and the values left.
type bitmapKernel func(f, b unsafe.Pointer, n int, d *int, nd int, t *[32]byte, left, stop int) (int, int)

// bitmaps are the bitmap kernels by width (1, 2 bytes) and splits (one,
// several), nil where the processor has none.
var bitmaps *[2][2]bitmapKernel

// bitmapMin is the fewest wanted values the bitmap kernels take: with
// fewer, comparing each lane with each value costs less.
const bitmapMin = 4

// kernels are the vector kernels by value width (1, 2, 4 bytes), wanted
// values (1, 2, 4, 8, 16, 32) and splits (one, several); nil where the
// processor has none (AVX2 on amd64), and the scans are the portable
// ones below.
var kernels *[3][6][2]scanKernel

// scanView is where the kernels of a scan read the values: heap a's at
// f + (a-fOff)*size going forwards, heap k's at b + (k-bOff)*size going
// backwards. A run's own values are one view; the byte copies of 16-bit
// values (shadow) another.
type scanView struct {
	f, b       unsafe.Pointer
	fOff, bOff int
	size       int
}

func viewOf[T uint8 | uint16 | int32](g []T) scanView {
	p := unsafe.Pointer(unsafe.SliceData(g))
	return scanView{f: p, b: p, size: int(unsafe.Sizeof(g[0]))}
}

// at returns the kernels' pointers for the group of lanes from a: the
// forward values from heap a, the backward ones ending at heap m-a.
func (v *scanView) at(a, m, lanes int) (f, b unsafe.Pointer) {
	return unsafe.Add(v.f, (a-v.fOff)*v.size), unsafe.Add(v.b, (m-a-lanes+1-v.bOff)*v.size)
}

// The shadow: while values take 2 bytes only because a few are 256 or
// more (Grundy's game has one below 2^25, g(7,250,049) = 256), the scans
// read a byte copy of the first heaps' values and of the last ones', 32
// pairs a vector instead of 16, wherever no value of 256 or more is read.
const (
	shadowFront  = 1 << 16 // heaps 0..shadowFront-1
	shadowWindow = 1 << 16 // at least the last shadowWindow heaps
)

// shadowInit makes the byte copies of g(0..done-1) for a run of 16-bit
// values.
func (s *sparseRun) shadowInit(g []uint16) {
	s.bigFirst, s.bigLast = -1, -1
	for i, v := range g[:s.done] {
		if v >= 256 {
			if s.bigFirst < 0 {
				s.bigFirst = i
			}
			s.bigLast = i
		}
	}
	s.fwd = make([]byte, 0, shadowFront)
	for _, v := range g[:min(s.done, shadowFront)] {
		s.fwd = append(s.fwd, byte(v))
	}
	s.loBase = max(0, s.done-shadowWindow)
	s.lo = make([]byte, 0, 2*shadowWindow)
	for _, v := range g[s.loBase:s.done] {
		s.lo = append(s.lo, byte(v))
	}
}

// shadowPush adds g(i) = v to the byte copies; i follows the last heap
// they hold.
func (s *sparseRun) shadowPush(i int, v int32) {
	if v >= 256 {
		if s.bigFirst < 0 {
			s.bigFirst = i
		}
		s.bigLast = i
	}
	if i == len(s.fwd) && i < shadowFront {
		s.fwd = append(s.fwd, byte(v))
	}
	if len(s.lo) == cap(s.lo) {
		n := copy(s.lo, s.lo[len(s.lo)-shadowWindow:])
		s.loBase += len(s.lo) - n
		s.lo = s.lo[:n]
	}
	s.lo = append(s.lo, byte(v))
}

// shadowView returns the view of the byte copies for the scan of heap i
// with splits ms, and the bound on a+32 within which the kernels read no
// value of 256 or more and nothing outside the copies (0: none).
func (s *sparseRun) shadowView(i int, ms []int) (scanView, int) {
	if s.lo == nil || i != s.loBase+len(s.lo) || len(s.fwd) == 0 {
		return scanView{}, 0
	}
	limit := len(s.fwd) // a+31 < len(fwd)
	if s.bigFirst >= 0 {
		limit = min(limit, s.bigFirst)
	}
	low := max(s.loBase, s.bigLast+1) // the lowest heap the backward reads may reach
	limit = min(limit, ms[len(ms)-1]-low+1)
	return scanView{f: unsafe.Pointer(&s.fwd[0]), b: unsafe.Pointer(&s.lo[0]), bOff: s.loBase, size: 1}, limit
}

// scanVec is the scan with the vector kernels, for every width and any
// number of splitting removals: the small heap a goes from 1 up, and the
// pairs (a, m-a) of every split m = i - j are tested together. While more
// than vecMax values are wanted, eight pairs a split are looked up in the
// table of wanted values at once (crossFlags); then the kernels test 32
// bytes of values at a time; the last pairs, short of a vector, go one by
// one.
func scanVec[T uint8 | uint16 | int32](s *sparseRun, g []T, i int, pend []int32) ([]int32, error) {
	flag := s.flags
	for _, v := range pend {
		flag[v] = 1
	}
	left := len(pend)
	// The splits with pairs: m = i - j, descending, and the ends of a.
	ms, ends := s.scanM[:0], s.scanEnd[:0]
	for _, j := range s.splits {
		m := i - j
		if m < 2 {
			break
		}
		e := m/2 + 1 // the pairs (a, m-a) for 1 <= a < e
		if s.unequal {
			e = (m + 1) / 2
		}
		ms, ends = append(ms, m), append(ends, e)
	}
	s.scanM, s.scanEnd = ms, ends
	if len(ms) == 0 {
		return unflag(pend, flag), nil
	}
	view := viewOf(g)
	size := view.size
	lanes := 32 / size
	last := ends[len(ends)-1] // every split has pairs for a below it
	a := 1
	if size == 2 && s.lo != nil && slices.Max(pend) < 256 {
		// As far as the byte copies go, bytes.
		if v8, limit := s.shadowView(i, ms); 1+32 <= min(last, limit) {
			limit = min(last, limit)
			var err error
			if left > bitmapMin {
				err = scanBitmap(s, v8, ms, &a, limit, &left, pend)
			}
			if err == nil && left > 0 && left <= vecMax && a+32 <= limit {
				err = scanKernels(s, v8, ms, &a, limit, &left, pend)
			}
			if err != nil {
				unflag(pend, flag)
				return nil, err
			}
		}
	}
	if bitmaps != nil && size <= 2 && left > bitmapMin && a+lanes <= last && slices.Max(pend) < 256 {
		if err := scanBitmap(s, view, ms, &a, last, &left, pend); err != nil {
			unflag(pend, flag)
			return nil, err
		}
	}
	for left > vecMax && a < ends[0] {
		from := a
		if a+8 <= last {
			a, left = crossFlags(g, ms, a, min(last, a+checkEvery), flag, left, vecMax)
		} else {
			a, left = scanScalar(g, ms, ends, a, min(ends[0], a+checkEvery), flag, left, vecMax)
		}
		if s.work += (a - from) * len(ms); s.work >= checkEvery {
			if err := s.check(); err != nil {
				unflag(pend, flag)
				return nil, err
			}
		}
	}
	if left > 0 && a+lanes <= last {
		if err := scanKernels(s, view, ms, &a, last, &left, pend); err != nil {
			unflag(pend, flag)
			return nil, err
		}
	}
	for left > 0 && a < ends[0] {
		from := a
		a, left = scanScalar(g, ms, ends, a, min(ends[0], a+checkEvery), flag, left, 0)
		if s.work += (a - from) * len(ms); s.work >= checkEvery && left > 0 {
			if err := s.check(); err != nil {
				unflag(pend, flag)
				return nil, err
			}
		}
	}
	return unflag(pend, flag), nil
}

// scanBitmap is the bitmap part of scanVec: from *a while more than
// bitmapMin values are left and a vector of lanes fits below last, for
// the values of pend still flagged (all below 256).
func scanBitmap(s *sparseRun, view scanView, ms []int, a *int, last int, left *int, pend []int32) error {
	flag := s.flags
	size := view.size
	lanes := 32 / size
	s.setDeltas(ms, size)
	multi := 0
	if len(ms) > 1 {
		multi = 1
	}
	t := &s.bitmap
	for _, v := range pend {
		if flag[v] != 0 {
			t[v>>3] |= 1 << (v & 7)
		}
	}
	per := max(1, checkEvery/(lanes*len(ms)))
	var err error
	for *left > bitmapMin && *a+lanes <= last {
		n := min((last-*a)/lanes, per)
		f, b := view.at(*a, ms[0], lanes)
		q, l := bitmaps[size-1][multi](f, b, n, &s.deltas[0], len(ms), t, *left, bitmapMin)
		*a += q * lanes
		*left = l
		if s.work += q * lanes * len(ms); s.work >= checkEvery && l > 0 {
			if err = s.check(); err != nil {
				break
			}
		}
	}
	// The values found leave the flags too; the bitmap is left empty.
	for _, v := range pend {
		if t[v>>3]&(1<<(v&7)) == 0 {
			flag[v] = 0
		}
	}
	*t = [32]byte{}
	return err
}

// setDeltas sets s.deltas to the byte offsets of the backward chunks of
// the splits ms from the first's.
func (s *sparseRun) setDeltas(ms []int, size int) {
	s.deltas = s.deltas[:0]
	for _, m := range ms {
		s.deltas = append(s.deltas, (ms[0]-m)*size)
	}
}

// scanKernels is the vector part of scanVec: from *a while a vector of
// lanes fits below last, for the values of pend still flagged (at most
// vecMax).
func scanKernels(s *sparseRun, view scanView, ms []int, a *int, last int, left *int, pend []int32) error {
	flag := s.flags
	size := view.size
	lanes := 32 / size
	s.setDeltas(ms, size)
	multi := 0
	if len(ms) > 1 {
		multi = 1
	}
	width := bits.Len(uint(size)) - 1 // 0, 1, 2 for 1, 2, 4 bytes
	per := max(1, checkEvery/(lanes*len(ms)))
	vals := s.vals[:0]
	for _, v := range pend {
		if flag[v] != 0 {
			vals = append(vals, v)
		}
	}
	s.vals = vals
	for len(vals) > 0 && *a+lanes <= last {
		k := bits.Len(uint(len(vals) - 1)) // the kernel for 1, 2, 4, ... values
		wantVec(&s.vecs, vals, 1<<k, size)
		live := uint32(1)<<len(vals) - 1
		for live != 0 && bits.OnesCount32(live) > 1<<k/2 && *a+lanes <= last {
			n := min((last-*a)/lanes, per)
			f, b := view.at(*a, ms[0], lanes)
			q, now := kernels[width][k][multi](f, b, n, &s.deltas[0], len(ms), &s.vecs, live)
			*a += q * lanes
			s.work += q * lanes * len(ms)
			for dead := live &^ now; dead != 0; dead &= dead - 1 {
				flag[vals[bits.TrailingZeros32(dead)]] = 0
			}
			live = now
			if s.work >= checkEvery && live != 0 {
				if err := s.check(); err != nil {
					*left = bits.OnesCount32(live)
					return err
				}
			}
		}
		// Keep the live values, for a kernel of fewer.
		k = 0
		for ; live != 0; live &= live - 1 {
			vals[k] = vals[bits.TrailingZeros32(live)]
			k++
		}
		vals = vals[:k]
	}
	*left = len(vals)
	return nil
}

// wantVec puts vals[j] in slot j of w for j < k, and vals[0] where vals
// has no jth value.
func wantVec(w *wantVecs, vals []int32, k, size int) {
	lo := uint64(lo8)
	switch size {
	case 2:
		lo = 0x0001000100010001
	case 4:
		lo = 0x0000000100000001
	}
	for j := k; j < (k+7)&^7; j++ { // the kernel compares eight at a time
		w.val[j] = noValue
	}
	for j := range k {
		x := vals[0]
		if j < len(vals) {
			x = vals[j]
		}
		w.val[j] = uint32(x)
		v := uint64(x) * lo
		w.vec[j] = [4]uint64{v, v, v, v}
	}
}

// crossFlags crosses off the flagged values of the pairs (a, m-a) of each
// m of ms, eight values of a at a time, for a+8 <= stop, until at most
// until are left. It returns where it stopped and how many are left.
func crossFlags[T uint8 | uint16 | int32](g []T, ms []int, a, stop int, flag []uint8, left, until int) (int, int) {
	for ; a+8 <= stop; a += 8 {
		f := g[a : a+8 : a+8]
		var hit uint8
		for _, m := range ms {
			b := g[m-a-7 : m-a+1 : m-a+1]
			hit |= flag[f[0]^b[7]] | flag[f[1]^b[6]] | flag[f[2]^b[5]] | flag[f[3]^b[4]] |
				flag[f[4]^b[3]] | flag[f[5]^b[2]] | flag[f[6]^b[1]] | flag[f[7]^b[0]]
		}
		if hit == 0 {
			continue
		}
		for _, m := range ms {
			b := g[m-a-7 : m-a+1 : m-a+1]
			for l := range 8 {
				if x := f[l] ^ b[7-l]; flag[x] != 0 {
					flag[x] = 0
					left--
				}
			}
		}
		if left <= until {
			return a + 8, left
		}
	}
	return a, left
}

// scanScalar crosses off the flagged values of the pairs (a, m-a) for
// each m of ms with a below its end (ends are non-increasing), for
// a < stop, one pair at a time, until at most until are left after a
// whole a. It returns where it stopped and how many are left.
func scanScalar[T uint8 | uint16 | int32](g []T, ms, ends []int, a, stop int, flag []uint8, left, until int) (int, int) {
	for ; a < stop; a++ {
		for x, m := range ms {
			if a >= ends[x] {
				break
			}
			if v := g[a] ^ g[m-a]; flag[v] != 0 {
				flag[v] = 0
				left--
			}
		}
		if left <= until {
			return a + 1, left
		}
	}
	return a, left
}

// unflag keeps the values of pend still flagged, and clears their flags.
func unflag(pend []int32, flag []uint8) []int32 {
	k := 0
	for _, v := range pend {
		if flag[v] != 0 {
			flag[v] = 0
			pend[k] = v
			k++
		}
	}
	return pend[:k]
}

// pending keeps the values of pend still wanted.
func pending(pend []int32, want []uint32, stamp uint32) []int32 {
	k := 0
	for _, v := range pend {
		if want[v] == stamp {
			pend[k] = v
			k++
		}
	}
	return pend[:k]
}

// scanPairs crosses off the wanted values of the pairs (a, m-a) for
// a < end, one pair at a time, until none is left or, for values of 1 or
// 2 bytes, few enough for the word-parallel scans. It returns where it
// stopped and how many are left.
func scanPairs[T uint8 | uint16 | int32](g []T, m, a, end int, want []uint32, stamp uint32, left int) (int, int) {
	stopAt := swarMax
	if _, wide := any(g).([]int32); wide {
		stopAt = 0
	}
	for ; a < end; a++ {
		if x := g[a] ^ g[m-a]; want[x] == stamp {
			want[x] = 0
			if left--; left <= stopAt {
				return a + 1, left
			}
		}
	}
	return a, left
}

const lo8, hi8 = 0x0101010101010101, 0x8080808080808080

// zero8 is not zero when a byte of t is.
func zero8(t uint64) uint64 { return (t - lo8) &^ t & hi8 }

// pairWord is the word of eight pair values: g(a..a+7) are the first
// bytes of fw, g(m-a-7..m-a) the last bytes of bw.
func pairWord(fw, bw []byte) uint64 {
	return binary.NativeEndian.Uint64(fw) ^ bits.ReverseBytes64(binary.NativeEndian.Uint64(bw[len(bw)-8:]))
}

// The kernels find1, find2 and find4 test one, two or four wanted values
// (w, broadcast to every byte) and return how many bytes of fw they passed
// before a word of pairs with a hit.

func find1(fw, bw []byte, w *[swarMax]uint64) int {
	w0, n := w[0], 0
	for ; len(fw) >= 8 && len(bw) >= 8; fw, bw, n = fw[8:], bw[:len(bw)-8], n+8 {
		if zero8(pairWord(fw, bw)^w0) != 0 {
			break
		}
	}
	return n
}

func find2(fw, bw []byte, w *[swarMax]uint64) int {
	w0, w1, n := w[0], w[1], 0
	for ; len(fw) >= 8 && len(bw) >= 8; fw, bw, n = fw[8:], bw[:len(bw)-8], n+8 {
		z := pairWord(fw, bw)
		if zero8(z^w0)|zero8(z^w1) != 0 {
			break
		}
	}
	return n
}

func find4(fw, bw []byte, w *[swarMax]uint64) int {
	w0, w1, w2, w3, n := w[0], w[1], w[2], w[3], 0
	for ; len(fw) >= 8 && len(bw) >= 8; fw, bw, n = fw[8:], bw[:len(bw)-8], n+8 {
		z := pairWord(fw, bw)
		if zero8(z^w0)|zero8(z^w1)|zero8(z^w2)|zero8(z^w3) != 0 {
			break
		}
	}
	return n
}

// crossTable is the kernel for many wanted values: it looks the eight
// lanes up in the table of wanted values, crosses off those it meets, and
// returns how many bytes of fw it passed and how many values are left,
// stopping as soon as at most swarMax are.
func crossTable(fw, bw []byte, flag *[256]uint8, left int) (int, int) {
	n := 0
	for ; len(fw) >= 8 && len(bw) >= 8; fw, bw, n = fw[8:], bw[:len(bw)-8], n+8 {
		z := pairWord(fw, bw)
		if flag[uint8(z)]|flag[uint8(z>>8)]|flag[uint8(z>>16)]|flag[uint8(z>>24)]|
			flag[uint8(z>>32)]|flag[uint8(z>>40)]|flag[uint8(z>>48)]|flag[uint8(z>>56)] == 0 {
			continue
		}
		for range 8 {
			left -= int(flag[uint8(z)])
			flag[uint8(z)] = 0
			z >>= 8
		}
		if left <= swarMax {
			return n + 8, left
		}
	}
	return n, left
}

// scan8 is the scan for byte values b: it crosses off the values of pend
// met among the pairs (a, m-a) for a < end, and returns where it stopped
// and the values not met. flag is all zero on entry and on return.
func scan8(b []byte, m, a, end int, pend []int32, flag *[256]uint8) (int, []int32) {
	for _, v := range pend {
		flag[v] = 1
	}
	if left := len(pend); left > swarMax {
		n, _ := crossTable(b[a:end], b[m-end+1:m-a+1], flag, left)
		a += n
		pend = flagged(pend, flag)
	}
	var w [swarMax]uint64
	for len(pend) > 0 && a+8 <= end {
		for j := range w {
			w[j] = uint64(pend[min(j, len(pend)-1)]) * lo8
		}
		fw, bw := b[a:end], b[m-end+1:m-a+1]
		switch len(pend) {
		case 1:
			a += find1(fw, bw, &w)
		case 2:
			a += find2(fw, bw, &w)
		default:
			a += find4(fw, bw, &w)
		}
		if a+8 > end {
			break
		}
		for l := range 8 {
			flag[b[a+l]^b[m-a-l]] = 0
		}
		a += 8
		pend = flagged(pend, flag)
	}
	for ; a < end && len(pend) > 0; a++ {
		if x := b[a] ^ b[m-a]; flag[x] != 0 {
			flag[x] = 0
			pend = flagged(pend, flag)
		}
	}
	for _, v := range pend {
		flag[v] = 0
	}
	return a, pend
}

// flagged keeps the values of pend whose flag is set.
func flagged(pend []int32, flag *[256]uint8) []int32 {
	k := 0
	for _, v := range pend {
		if flag[v] != 0 {
			pend[k] = v
			k++
		}
	}
	return pend[:k]
}

// scan16 is the scan for 16-bit values (b is their memory as bytes) with
// at most swarMax wanted, four pairs per word.
func scan16(b []byte, m, a, end int, pend []int32, want []uint32, stamp uint32) (int, int) {
	const lo, hi = 0x0001000100010001, 0x8000800080008000
	var w [swarMax]uint64
	k := len(pend)
	for j, v := range pend {
		w[j] = uint64(v) * lo
	}
	at := func(i int) uint16 { return binary.NativeEndian.Uint16(b[2*i:]) }
	for ; a+4 <= end; a += 4 {
		y := binary.NativeEndian.Uint64(b[2*(m-a-3):])
		y = y<<32 | y>>32
		y = (y&0x0000ffff0000ffff)<<16 | (y>>16)&0x0000ffff0000ffff // lanes reversed
		z := binary.NativeEndian.Uint64(b[2*a:]) ^ y
		var hit uint64
		for _, wv := range w[:k] {
			t := z ^ wv
			hit |= (t - lo) &^ t & hi
		}
		if hit == 0 {
			continue
		}
		for l := range 4 {
			if x := at(a+l) ^ at(m-a-l); want[x] == stamp {
				want[x] = 0
				k--
			}
		}
		if k == 0 {
			return a + 4, 0
		}
		pend = pending(pend, want, stamp)
		for j, v := range pend {
			w[j] = uint64(v) * lo
		}
	}
	for ; a < end; a++ {
		if x := at(a) ^ at(m-a); want[x] == stamp {
			want[x] = 0
			if k--; k == 0 {
				return a + 1, 0
			}
		}
	}
	return a, k
}

// scanAll is the scan for rules with several splitting removals: it walks
// the small heap a once for every removal together, because a value may
// have a witness for one removal only, far out for the first removal but
// near for another.
func scanAll[T uint8 | uint16 | int32](s *sparseRun, g []T, i int, pend []int32) ([]int32, error) {
	stamp := uint32(i)
	want := s.want
	left := len(pend)
	splits := s.splits
	for a := 1; left > 0; a++ {
		if b := i - splits[0] - a; b < a || (s.unequal && b == a) {
			break
		}
		for _, j := range splits {
			b := i - j - a
			if b < a || (s.unequal && b == a) {
				break
			}
			if x := g[a] ^ g[b]; want[x] == stamp {
				want[x] = 0
				left--
			}
		}
		if a&0xffff == 0 {
			if s.work += 0x10000 * len(splits); s.work >= checkEvery {
				if err := s.check(); err != nil {
					return nil, err
				}
			}
		}
	}
	return pending(pend, want, stamp), nil
}
