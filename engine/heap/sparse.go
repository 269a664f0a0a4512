package heap

import (
	"context"
	"errors"
	"io"
	"math"
	"math/bits"
	"slices"
	"time"
	"unsafe"
)

// The sparse-space engine, for rules whose moves may split a heap.
//
// For heap i, a value is an option when some move leaves it: a removal j
// that leaves one heap gives g(i-j), a split into a + b = i - j gives
// g(a) XOR g(b). Under the rare/common split of mask.go the XOR of two
// common heaps is rare for i, so every common option comes from a pair
// with a rare heap. Marking the options of every pair with a rare heap
// (few) gives c, the smallest common value that is not an option; the
// value g(i) is c unless a rare value below c is not an option either, so
// only the rare values below c that no rare pair gave are left to look
// for, among the pairs of two common heaps, by a scan (scan.go) that stops
// as soon as all are found. Every step is exact whatever the mask; the
// mask, chosen so that the fewest heaps are rare, only decides the speed.
//
// Values are kept, while they are computed, in the narrowest of 1, 2 or 4
// bytes that holds them, inside the memory of the []int32 result itself:
// the prefix is widened in place (from the end backwards, so nothing
// unread is overwritten) when a value outgrows the width, and once more at
// the end. The memory is the result and tables of a few hundred kilobytes.

// rareHeap is a heap whose value is rare, with that value.
type rareHeap struct{ a, v int32 }

// sparseRun is one computation of g(0..n).
type sparseRun struct {
	ctx  context.Context
	rule *Rule
	opts runOpts

	out   []int32  // g(0..): the result, and the memory of the views below
	g8    []uint8  // out's memory as bytes: the values while they fit in a byte
	g16   []uint16 // out's memory as uint16s, while values fit in 16 bits
	width int      // bytes per value in use: 1, 2 or 4
	done  int      // g(0..done-1) are known

	wholes, ones, splits []int // removals that may leave no, one or two heaps
	unequal              bool  // the two heaps of a split must differ
	parity               int   // the parity of every splitting removal, or -1

	bits     int        // every value so far is below 1<<bits (bits >= 1)
	mask     uint32     // extended mask: value mask << 1 | heap-parity bit
	count    []int64    // heaps 1..done-1 by extended value
	scratch  []int64    // for the transform
	rare     []rareHeap // ascending
	common   [2][]int32 // by flip: common values, ascending, then 1<<bits
	rareVals [2][]int32 // by flip: rare values, ascending
	want     []uint32   // want[v] == i: rare v still to be found for heap i
	flag     [256]uint8 // the same for byte values: 1 while wanted
	flags    []uint8    // the same for any value (the vector scan)
	pend     []int32

	// Heaps go eight at a time (run): lane l of blk marks the options of
	// heap b+l with the block's stamp, and cover[x] is the range of s.rare
	// whose pairs for splits[x] fillBlock marked, valid while the rare
	// list is of generation coverGen.
	blk8       *[8][257]uint32 // byte values
	blk9       *[8][513]uint32 // values below 512
	blk        []uint32        // wider values, interleaved
	blockStamp uint32
	cover      [][2]int
	gen        int // rebuilds of the rare list
	coverGen   int

	// The vector scan's state (scan.go).
	scanM, scanEnd []int
	deltas         []int
	vals           []int32 // the values in vecs
	vecs           wantVecs
	bitmap         [32]byte // for the bitmap kernels

	// Byte copies of 16-bit values for the scans (scan.go): of heaps
	// 0..len(fwd)-1 and loBase..loBase+len(lo)-1; the first and last heap
	// whose value is 256 or more (-1: none). lo is nil outside runs of
	// 16-bit values with vector kernels.
	fwd, lo           []byte
	loBase            int
	bigFirst, bigLast int

	work      int // scan and pair steps since the last look at ctx
	ticks     ticker
	emitted   int     // g(0..emitted-1) went to the Emit option
	emitBuf   []int32 // the chunk it is given
	emitErr   error   // what it returned, ending the run
	watch     periodWatch
	period    Periodicity // a proved period: the rest follows from it
	lastSave  time.Time
	saveEvery time.Duration
}

// checkEvery is how many pair steps pass between looks at ctx (a few
// milliseconds).
const checkEvery = 1 << 21

func (r *Rule) sparse(ctx context.Context, n int, o runOpts) (*Analysis, error) {
	s := &sparseRun{ctx: ctx, rule: r, opts: o, width: 1, done: 1,
		unequal: r.unequal, parity: -1, bits: 1, mask: 2, watch: newPeriodWatch(r), lastSave: time.Now(), saveEvery: o.CheckpointEvery}
	// The whole result at once (pages are touched only as values come),
	// unless the run may stop early at a proved period: then it grows.
	size := n + 1
	if o.StopAtPeriod && s.watch.next >= 0 {
		size = min(n+1, max(1<<16, o.resumeCount(n)))
	} else if o.ComputeAll {
		s.watch.next = -1
	}
	s.setBuffer(make([]int32, size))
	mixed := false
	for j, d := range r.take {
		if d&LeaveTwo != 0 {
			if len(s.splits) > 0 && s.parity != j&1 {
				mixed = true
			}
			s.parity = j & 1
			s.splits = append(s.splits, j)
		}
		if j > 0 && d&LeaveOne != 0 {
			s.ones = append(s.ones, j)
		}
		if j > 0 && d&LeaveNone != 0 {
			s.wholes = append(s.wholes, j)
		}
	}
	if mixed {
		s.parity = -1
	}
	s.coverGen = -1
	if o.fixMask != 0 {
		s.mask = o.fixMask
	}
	s.resize()
	switch {
	case o.resume != nil:
		if err := s.resumeFrom(o.resume, n); err != nil {
			return nil, err
		}
	case len(o.Resume) > 1:
		s.resume(o.Resume)
	}
	s.opts.Resume, s.opts.resume = nil, nil // the caller's; the run has its own copy
	var err error
	for err == nil && !s.period.Found && s.done <= n {
		if s.done == len(s.out) {
			s.grow(min(2*len(s.out), n+1))
		}
		switch s.width {
		case 1:
			err = run(s, s.g8[:len(s.out)], s.limit(0, math.MaxUint8))
		case 2:
			err = run(s, s.g16[:len(s.out)], s.limit(1, math.MaxUint16))
		default:
			err = run(s, s.out, math.MaxInt32)
		}
	}
	a := &Analysis{Computed: s.done, Rare: len(s.rare),
		ValueMask: s.mask >> 1, HeapParity: s.mask&1 == 1, Method: "sparse space"}
	if err != nil {
		a.Period = Periodicity{Checked: s.done}
		if o.Checkpoint != nil {
			err = errors.Join(err, s.save())
		}
	} else if a.Period = s.period; !s.period.Found && !r.unequal {
		switch s.width {
		case 1:
			a.Period = periodOf(s.g8[:s.done], s.watch.k, true)
		case 2:
			a.Period = periodOf(s.g16[:s.done], s.watch.k, true)
		default:
			a.Period = periodOf(s.out[:s.done], s.watch.k, true)
		}
	}
	if o.Emit != nil {
		if s.emitErr == nil {
			err = errors.Join(err, s.emit(s.done))
		}
		if err == nil && s.period.Found && !o.StopAtPeriod {
			err = s.emitPeriod(n)
			if err != nil && ctx.Err() != nil && o.Checkpoint != nil {
				// Stopped while the period's values went out: the values
				// computed are saved, as on any interruption.
				err = errors.Join(err, s.save())
			}
		}
		return a, err
	}
	if o.SummaryOnly {
		return a, err
	}
	s.widen(4)
	a.Values = s.out[:s.done]
	if err == nil && s.period.Found && !o.StopAtPeriod {
		a.Values, err = s.fillPeriod(n)
	}
	return a, err
}

// fillPeriod repeats the proved period in out from done to n and returns
// the values; when ctx is done part-way, those filled so far with ctx's
// error (a fill to 2^31 takes seconds).
func (s *sparseRun) fillPeriod(n int) ([]int32, error) {
	g, p := s.out[:n+1], s.period.Period
	for i := s.done; i <= n; {
		if err := s.ctx.Err(); err != nil {
			return g[:i], err
		}
		end := min(n+1, i+fillChunk)
		for ; i < end; i++ {
			g[i] = g[i-p]
		}
	}
	return g, nil
}

// fillChunk is how many values fillPeriod repeats between looks at ctx.
const fillChunk = 1 << 20

// setBuffer makes out the result's memory.
func (s *sparseRun) setBuffer(out []int32) {
	base := unsafe.Pointer(unsafe.SliceData(out))
	s.out = out
	s.g8 = unsafe.Slice((*uint8)(base), 4*len(out))
	s.g16 = unsafe.Slice((*uint16)(base), 2*len(out))
}

// grow moves the values known to a result of size values.
func (s *sparseRun) grow(size int) {
	old := s.g8[:s.width*s.done]
	s.setBuffer(make([]int32, size))
	copy(s.g8, old)
}

// resume takes g(0..len(g)-1) as known and sets the mask and the rare
// list from them. The values go straight to the narrowest width that
// holds them, so that the run's memory is what a run in one go has.
func (s *sparseRun) resume(g []int32) {
	top := int32(0)
	for _, v := range g {
		top = max(top, v)
	}
	s.done = len(g)
	switch {
	case top <= s.limit(0, math.MaxUint8):
		for i, v := range g {
			s.g8[i] = uint8(v)
		}
		s.width = 1
	case top <= s.limit(1, math.MaxUint16):
		for i, v := range g {
			s.g16[i] = uint16(v)
		}
		s.width = 2
	default:
		copy(s.out, g)
		s.width = 4
	}
	s.resumed(top)
}

// resumeFrom reads the values of a checkpoint (at most n+1) straight into
// the run's storage, at the checkpoint's width, then moves them to the
// narrowest width that holds them, as resume does.
func (s *sparseRun) resumeFrom(ck *checkpointReader, n int) error {
	keep := min(ck.count, n+1, len(s.out))
	top := int32(0)
	err := ck.read(func(raw []byte, from int) {
		k := min(len(raw)/ck.width, keep-from)
		for i := 0; i < k; i++ {
			v := ck.value(raw[ck.width*i:])
			top = max(top, v)
			switch ck.width {
			case 1:
				s.g8[from+i] = uint8(v)
			case 2:
				s.g16[from+i] = uint16(v)
			default:
				s.out[from+i] = v
			}
		}
	})
	if err != nil {
		return err
	}
	s.done, s.width = keep, ck.width
	// The narrowest width (a checkpoint holds the width the run had, which
	// the limits of a test may set otherwise).
	w := 4
	switch {
	case top <= s.limit(0, math.MaxUint8):
		w = 1
	case top <= s.limit(1, math.MaxUint16):
		w = 2
	}
	if w > s.width {
		s.widen(w)
	} else {
		s.narrow(w)
	}
	s.resumed(top)
	return nil
}

// resumed sets the tables, the mask, the rare list and the period watch
// from the values g(0..done-1) just taken, whose largest is top.
func (s *sparseRun) resumed(top int32) {
	s.bits = max(1, bits.Len32(uint32(top)))
	s.resize()
	switch s.width {
	case 1:
		resumeTables(s, s.g8[:s.done])
	case 2:
		resumeTables(s, s.g16[:s.done])
	default:
		resumeTables(s, s.out[:s.done])
	}
}

func resumeTables[T uint8 | uint16 | int32](s *sparseRun, g []T) {
	for i := 1; i < s.done; i++ {
		s.count[uint32(g[i])<<1|uint32(s.heapBit(i))]++
	}
	if s.opts.fixMask == 0 {
		s.mask, _ = bestMask(s.count[:2<<s.bits], s.scratch[:2<<s.bits], int64(s.done-1), s.parity >= 0, s.mask)
	}
	rebuildRare(s, g)
	if s.watch.next >= 0 {
		s.watch.next = s.done
		s.period, _ = look(&s.watch, g, s.done)
	}
}

// narrow moves g(0..done-1) to w bytes per value, in place, when they all
// fit.
func (s *sparseRun) narrow(w int) {
	for i := 0; i < s.done && w < s.width; i++ {
		var v int32
		switch s.width {
		case 2:
			v = int32(s.g16[i])
		default:
			v = s.out[i]
		}
		switch w {
		case 1:
			s.g8[i] = uint8(v)
		default:
			s.g16[i] = uint16(v)
		}
	}
	s.width = min(s.width, w)
}

func (s *sparseRun) limit(k int, natural int32) int32 {
	if s.opts.narrow[k] != 0 {
		return s.opts.narrow[k]
	}
	return natural
}

// widen moves g(0..done-1) to w bytes per value, in place.
func (s *sparseRun) widen(w int) {
	switch {
	case s.width == 1 && w == 2:
		for i := s.done - 1; i >= 0; i-- {
			s.g16[i] = uint16(s.g8[i])
		}
	case s.width == 1 && w == 4:
		for i := s.done - 1; i >= 0; i-- {
			s.out[i] = int32(s.g8[i])
		}
	case s.width == 2 && w == 4:
		for i := s.done - 1; i >= 0; i-- {
			s.out[i] = int32(s.g16[i])
		}
	}
	s.width = max(s.width, w)
}

// fill copies the values from value number from on into dst.
func (s *sparseRun) fill(dst []int32, from int) {
	for i := range dst {
		switch s.width {
		case 1:
			dst[i] = int32(s.g8[from+i])
		case 2:
			dst[i] = int32(s.g16[from+i])
		default:
			dst[i] = s.out[from+i]
		}
	}
}

// heapBit is the heap-parity bit of heap i: (i XOR q) & 1 when every
// splitting removal has the parity q, else 0.
func (s *sparseRun) heapBit(i int) int {
	if s.parity < 0 {
		return 0
	}
	return (i ^ s.parity) & 1
}

// flip is 1 for the heaps whose heap-parity bit the mask uses: for them,
// rare and common values trade places.
func (s *sparseRun) flip(i int) int { return s.heapBit(i) & int(s.mask&1) }

// resize sizes the tables for values below 1<<bits and sorts the values
// into rare and common under the mask.
func (s *sparseRun) resize() {
	size := max(2<<s.bits, 256)
	if len(s.want) < size {
		s.want = make([]uint32, size)
		s.flags = make([]uint8, size)
		s.count = append(s.count, make([]int64, size-len(s.count))...)
		s.scratch = make([]int64, size)
	}
	vm := s.mask >> 1
	for f := range 2 {
		s.common[f] = s.common[f][:0]
		s.rareVals[f] = s.rareVals[f][:0]
		for v := int32(0); v < 1<<s.bits; v++ {
			if bits.OnesCount32(uint32(v)&vm)&1 == f {
				s.rareVals[f] = append(s.rareVals[f], v)
			} else {
				s.common[f] = append(s.common[f], v)
			}
		}
		s.common[f] = append(s.common[f], 1<<s.bits)
	}
}

// rechoose makes the mask one under which the fewest heaps 1..done-1 are
// rare (the one in use when it is among them) and, when it changes,
// rebuilds the rare list.
func rechoose[T uint8 | uint16 | int32](s *sparseRun, g []T) {
	if s.opts.fixMask != 0 {
		return
	}
	best, _ := bestMask(s.count[:2<<s.bits], s.scratch[:2<<s.bits], int64(s.done-1), s.parity >= 0, s.mask)
	if best != s.mask {
		s.mask = best
		rebuildRare(s, g)
	}
}

// rebuildRare lists the heaps rare under the mask, and sorts the values.
func rebuildRare[T uint8 | uint16 | int32](s *sparseRun, g []T) {
	// A new list, not the old one overwritten: nothing else may hold it.
	s.rare = make([]rareHeap, 0, cap(s.rare))
	s.gen++
	for i := 1; i < s.done; i++ {
		if v := int32(g[i]); rareUnder(uint32(v)<<1|uint32(s.heapBit(i)), s.mask) {
			s.rare = append(s.rare, rareHeap{int32(i), v})
		}
	}
	s.work += s.done
	s.resize()
}

// rareBelow returns how many rare heaps are smaller than m.
func rareBelow(rare []rareHeap, m int) int {
	lo, hi := 0, len(rare)
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if int(rare[h].a) < m {
			lo = h + 1
		} else {
			hi = h
		}
	}
	return lo
}

// run computes heaps done.. with the values stored as T, eight heaps at
// a time, and returns when g is full, when a value exceeds top (the
// caller widens), when the values outgrow the block tables (the caller
// calls again, with larger ones), when a period is proved, or when ctx is
// done.
//
// For each block of eight heaps b..b+7, the pairs with a rare heap whose
// partner is below b are marked first, one load of eight partner values
// per rare heap (fillBlock), in eight tables, one a heap. Each heap then
// marks the few pairs left and is settled in turn.
func run[T uint8 | uint16 | int32](s *sparseRun, g []T, top int32) error {
	// Byte values have a table of 257 marks a heap (any byte, and the
	// candidate 256), values below 512 one of 513; wider ones 2^bits+1
	// marks of the eight heaps interleaved: heap b+l marks v at 8v+l.
	nbits := s.bits
	_, bytes := any(g).([]uint8)
	if bytes && s.blk8 == nil {
		s.blk8 = new([8][257]uint32)
	}
	_, words := any(g).([]uint16)
	nine := words && nbits <= 9 && !s.opts.interleave
	if nine && s.blk9 == nil {
		s.blk9 = new([8][513]uint32)
	}
	if size := 8 * (1<<nbits + 1); !bytes && !nine && len(s.blk) < size {
		s.blk = make([]uint32, size)
	}
	if len(s.cover) < len(s.splits) {
		s.cover = make([][2]int, len(s.splits))
	}
	if g16, ok := any(g).([]uint16); ok && s.lo == nil && kernels != nil {
		s.shadowInit(g16)
	} else if !ok {
		s.lo = nil
	}
	for s.done < len(g) {
		b := s.done
		lanes := min(8, len(g)-b)
		s.blockStamp++
		stamp := s.blockStamp
		s.work += fillBlock(s, g, b, lanes, stamp, nine)
		s.coverGen = s.gen
		for l := range lanes {
			i := b + l
			var v int32
			var err error
			switch {
			case bytes:
				v, err = value(s, g, i, s.blk8[l][:], 1, stamp)
			case nine:
				v, err = value(s, g, i, s.blk9[l][:], 1, stamp)
			default:
				v, err = value(s, g, i, s.blk[l:], 8, stamp)
			}
			if err != nil {
				return err
			}
			if v > top {
				s.widen(2 * s.width)
				return nil
			}
			if stop, err := settle(s, g, i, v); stop || err != nil {
				return err
			}
			if s.bits != nbits {
				return nil // larger tables for the larger values
			}
		}
	}
	return nil
}

// fillBlock marks, in the tables of heaps b+l (l < 8) with stamp, the
// pairs (a, b+l-j-a) for every splitting removal j and rare heap a whose
// partner is below b for every lane (a >= 8-j) and at least 1 (a < b-j),
// records in s.cover which rare heaps it did, and returns how many.
func fillBlock[T uint8 | uint16 | int32](s *sparseRun, g []T, b, lanes int, stamp uint32, nine bool) int {
	work := 0
	rare := s.rare
	for x, j := range s.splits {
		if lanes < 8 || b-j < 1 {
			s.cover[x] = [2]int{}
			continue
		}
		k0, k1 := rareBelow(rare, 8-j), rareBelow(rare, b-j)
		k1 = max(k0, k1)
		s.cover[x] = [2]int{k0, k1}
		work += k1 - k0
		rs := rare[k0:k1]
		c0, c1 := len(rs), len(rs)
		if s.unequal { // the rare heaps a with 2a = b+l-j for a lane l
			c0 = rareBelow(rs, (b-j+1)/2)
			c1 = rareBelow(rs, (b-j+7)/2+1)
		}
		m := b - j
		switch gw := any(g).(type) {
		case []uint8:
			fillLanes8(s.blk8, stamp, unsafe.Pointer(&gw[m]), rs[:c0])
			fillLanes8(s.blk8, stamp, unsafe.Pointer(&gw[m]), rs[c1:])
			for _, r := range rs[c0:c1] {
				for l := range 8 {
					if m+l != 2*int(r.a) { // not the pair (a, a)
						s.blk8[l][uint8(r.v)^gw[m-int(r.a)+l]] = stamp
					}
				}
			}
			continue
		case []uint16:
			if nine {
				fillLanes9(s.blk9, stamp, unsafe.Pointer(&gw[m]), rs[:c0])
				fillLanes9(s.blk9, stamp, unsafe.Pointer(&gw[m]), rs[c1:])
				for _, r := range rs[c0:c1] {
					for l := range 8 {
						if m+l != 2*int(r.a) {
							s.blk9[l][int(int32(gw[m-int(r.a)+l])^r.v)] = stamp
						}
					}
				}
				continue
			}
			fillLanes16(s.blk, stamp, unsafe.Pointer(&gw[m]), rs[:c0])
			fillLanes16(s.blk, stamp, unsafe.Pointer(&gw[m]), rs[c1:])
		default:
			for _, r := range rs[:c0] {
				for l := range 8 {
					s.blk[8*int(int32(g[m-int(r.a)+l])^r.v)+l] = stamp
				}
			}
			for _, r := range rs[c1:] {
				for l := range 8 {
					s.blk[8*int(int32(g[m-int(r.a)+l])^r.v)+l] = stamp
				}
			}
		}
		for _, r := range rs[c0:c1] {
			for l := range 8 {
				if m+l != 2*int(r.a) {
					s.blk[8*int(int32(g[m-int(r.a)+l])^r.v)+l] = stamp
				}
			}
		}
	}
	return work
}

// fillLanes8 marks in lane l the option g(a) XOR g(m-a+l) of byte values
// for each rare heap a, where end points at g[m]; every rare heap a is
// at least 8 and below m (fillBlock chooses them), so g[m-a .. m-a+7] are
// known values before end.
func fillLanes8(blk *[8][257]uint32, stamp uint32, end unsafe.Pointer, rare []rareHeap) {
	for _, r := range rare {
		w := *(*uint64)(unsafe.Add(end, -int(r.a))) ^ uint64(uint8(r.v))*lo8
		blk[0][uint8(w)] = stamp
		blk[1][uint8(w>>8)] = stamp
		blk[2][uint8(w>>16)] = stamp
		blk[3][uint8(w>>24)] = stamp
		blk[4][uint8(w>>32)] = stamp
		blk[5][uint8(w>>40)] = stamp
		blk[6][uint8(w>>48)] = stamp
		blk[7][uint8(w>>56)] = stamp
	}
}

// fillLanes9 is fillLanes8 for 16-bit values below 512: end points at
// g[m], and g[m-a .. m-a+7] are two words of four values.
func fillLanes9(blk *[8][513]uint32, stamp uint32, end unsafe.Pointer, rare []rareHeap) {
	const lo16 = 0x0001000100010001
	for _, r := range rare {
		src := unsafe.Add(end, -2*int(r.a))
		v := uint64(uint16(r.v)) * lo16
		w := *(*uint64)(src) ^ v
		x := *(*uint64)(unsafe.Add(src, 8)) ^ v
		blk[0][w&511] = stamp
		blk[1][w>>16&511] = stamp
		blk[2][w>>32&511] = stamp
		blk[3][w>>48&511] = stamp
		blk[4][x&511] = stamp
		blk[5][x>>16&511] = stamp
		blk[6][x>>32&511] = stamp
		blk[7][x>>48&511] = stamp
	}
}

// fillLanes16 is fillLanes8 for 16-bit values and the interleaved tables
// blk (heap b+l marks v at 8v+l): end points at g[m], and g[m-a .. m-a+7]
// are two words of four values, each below len(blk)/8.
func fillLanes16(blk []uint32, stamp uint32, end unsafe.Pointer, rare []rareHeap) {
	const lo16 = 0x0001000100010001
	p := unsafe.Pointer(unsafe.SliceData(blk))
	at := func(v uint64, l uintptr) *uint32 { return (*uint32)(unsafe.Add(p, 32*uintptr(uint16(v))+4*l)) }
	for _, r := range rare {
		src := unsafe.Add(end, -2*int(r.a))
		v := uint64(uint16(r.v)) * lo16
		w := *(*uint64)(src) ^ v
		x := *(*uint64)(unsafe.Add(src, 8)) ^ v
		*at(w, 0) = stamp
		*at(w>>16, 1) = stamp
		*at(w>>32, 2) = stamp
		*at(w>>48, 3) = stamp
		*at(x, 4) = stamp
		*at(x>>16, 5) = stamp
		*at(x>>32, 6) = stamp
		*at(x>>48, 7) = stamp
	}
}

// settle records g(i) = v and reports whether the run must stop here (a
// proved period).
func settle[T uint8 | uint16 | int32](s *sparseRun, g []T, i int, v int32) (bool, error) {
	g[i] = T(v)
	s.done = i + 1
	if s.lo != nil {
		s.shadowPush(i, v)
	}
	if v >= 1<<s.bits {
		s.bits = bits.Len32(uint32(v))
		s.resize()
	}
	e := uint32(v)<<1 | uint32(s.heapBit(i))
	s.count[e]++
	if rareUnder(e, s.mask) {
		s.rare = append(s.rare, rareHeap{int32(i), v})
		rechoose(s, g)
	}
	if s.work >= checkEvery {
		if err := s.check(); err != nil {
			return true, err
		}
	}
	if p, ok := look(&s.watch, g, s.done); ok {
		s.period = p
		return true, nil
	}
	return false, nil
}

// value computes g(i) from g(0..i-1), marking its options in mark with
// stamp; the pairs s.cover names are marked already.
func value[T uint8 | uint16 | int32](s *sparseRun, g []T, i int, mark []uint32, step int, stamp uint32) (int32, error) {
	for _, j := range s.wholes {
		if i == j {
			mark[0] = stamp
		}
	}
	for _, j := range s.ones {
		if i > j {
			mark[int(g[i-j])*step] = stamp
		}
	}
	// Every split with a rare heap.
	covered := s.coverGen == s.gen
	for x, j := range s.splits {
		m := i - j
		if m < 2 {
			break
		}
		if covered {
			k0, k1 := s.cover[x][0], s.cover[x][1]
			markSplit(s, mark, step, g, s.rare[:k0], m, stamp)
			markSplit(s, mark, step, g, s.rare[k1:], m, stamp)
		} else {
			markSplit(s, mark, step, g, s.rare, m, stamp)
		}
	}
	// The smallest common value that no rare pair gave is no option.
	f := s.flip(i)
	var c int32
	for _, v := range s.common[f] {
		if mark[int(v)*step] != stamp {
			c = v
			break
		}
	}
	// The rare values below c that no rare pair gave are looked for.
	pend := s.pend[:0]
	for _, v := range s.rareVals[f] {
		if v >= c {
			break
		}
		if mark[int(v)*step] != stamp {
			pend = append(pend, v)
		}
	}
	s.pend = pend
	if len(pend) == 0 {
		return c, nil
	}
	pend, err := confirm(s, g, i, pend)
	if err != nil || len(pend) == 0 {
		return c, err
	}
	return slices.Min(pend), nil
}

// check looks at ctx, reports progress and gives out the values known
// when due, and saves a checkpoint when due.
func (s *sparseRun) check() error {
	s.work = 0
	if err := s.ctx.Err(); err != nil {
		return err
	}
	if (s.opts.Progress != nil || s.opts.Emit != nil) && s.ticks.due() {
		if s.opts.Progress != nil {
			s.opts.Progress(s.done)
		}
		if err := s.emit(s.done); err != nil {
			return err
		}
	}
	if s.opts.Checkpoint != nil && time.Since(s.lastSave) >= s.saveEvery {
		return s.save()
	}
	return nil
}

// emit gives the Emit option, if set, the values from s.emitted to upto,
// a chunk at a time.
func (s *sparseRun) emit(upto int) error {
	if s.opts.Emit == nil {
		return nil
	}
	if s.emitBuf == nil {
		s.emitBuf = make([]int32, emitChunk)
	}
	for s.emitted < upto {
		c := s.emitBuf[:min(emitChunk, upto-s.emitted)]
		s.fill(c, s.emitted)
		if err := s.opts.Emit(s.emitted, c); err != nil {
			s.emitErr = err
			return err
		}
		s.emitted += len(c)
	}
	return nil
}

// emitPeriod gives the Emit option the values from s.done to n, which
// repeat the proved period; it stops when ctx is done.
func (s *sparseRun) emitPeriod(n int) error {
	p := s.period.Period
	for s.emitted <= n {
		if err := s.ctx.Err(); err != nil {
			return err
		}
		c := s.emitBuf[:min(emitChunk, n+1-s.emitted)]
		for k := 0; k < len(c); {
			// g(i) = g(j) for j = i - p*q, the q that brings i below
			// done: j runs up to done-1, then starts again from done-p.
			j := s.done - p + (s.emitted+k-s.done)%p
			r := min(len(c)-k, s.done-j)
			s.fill(c[k:k+r], j)
			k += r
		}
		if err := s.opts.Emit(s.emitted, c); err != nil {
			return err
		}
		s.emitted += len(c)
	}
	return nil
}

// save calls the Checkpoint option with the values known. The next save
// comes CheckpointEvery later, or twenty times the time this one took,
// so that saving a long run's values costs at most a twentieth of it.
func (s *sparseRun) save() error {
	done, start := s.done, time.Now()
	err := s.opts.Checkpoint(func(w io.Writer) error { return writeCheckpoint(w, s.rule.name, done, s.width, s.fill) })
	s.lastSave = time.Now()
	s.saveEvery = max(s.opts.CheckpointEvery, 20*s.lastSave.Sub(start))
	return err
}

// markSplit marks the options g(a) XOR g(m-a) of the rare heaps a of rare
// that are below m, but the pair (m/2, m/2) when the heaps must differ.
func markSplit[T uint8 | uint16 | int32](s *sparseRun, mark []uint32, step int, g []T, rare []rareHeap, m int, stamp uint32) {
	k := rareBelow(rare, m)
	s.work += k
	if s.unequal && m&1 == 0 {
		h := rareBelow(rare[:k], m/2)
		markPairs(mark, step, g, rare[:h], m, stamp)
		if h < k && int(rare[h].a) == m/2 {
			h++
		}
		markPairs(mark, step, g, rare[h:k], m, stamp)
		return
	}
	markPairs(mark, step, g, rare[:k], m, stamp)
}

// markPairs marks g(a) XOR g(m-a) for the rare heaps a given, all below m.
func markPairs[T uint8 | uint16 | int32](mark []uint32, step int, g []T, rare []rareHeap, m int, stamp uint32) {
	if g8, ok := any(g).([]uint8); ok {
		markPairs8(mark, g8[:m], rare, stamp)
		return
	}
	for _, r := range rare {
		mark[int(r.v^int32(g[m-int(r.a)]))*step] = stamp
	}
}

// markPairs8 is markPairs for byte values, without bounds checks: every
// rare heap a satisfies 1 <= a < m = len(g), so g[m-a] is in g, and the
// XOR of two bytes is below 256 <= len(mark).
func markPairs8(mark []uint32, g []byte, rare []rareHeap, stamp uint32) {
	mark = mark[:256]
	end := unsafe.Add(unsafe.Pointer(unsafe.SliceData(g)), len(g))
	at := func(a int32) uint8 { return *(*uint8)(unsafe.Add(end, -int(a))) }
	for len(rare) >= 4 {
		r := rare[:4]
		mark[uint8(r[0].v)^at(r[0].a)] = stamp
		mark[uint8(r[1].v)^at(r[1].a)] = stamp
		mark[uint8(r[2].v)^at(r[2].a)] = stamp
		mark[uint8(r[3].v)^at(r[3].a)] = stamp
		rare = rare[4:]
	}
	for _, r := range rare {
		mark[uint8(r.v)^at(r.a)] = stamp
	}
}
