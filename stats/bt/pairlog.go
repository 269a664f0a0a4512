package bt

import (
	"math/bits"
	"runtime"
)

// pairLog collects the rows of a pairs file as they are read, by
// unordered pair of players (I < J, wins swapped to match), in columns of
// 32 bytes a row, and turns them into Pairs: as they are when the file
// lists each pair once in order, else sorted by two counting passes (time
// linear in rows and players; 8 bytes a row more, and one column while it
// is moved) with the rows of a pair added up in the order they were read.
type pairLog struct {
	i, j      []int32
	wi, wj, d []float64
	last      uint64 // key I<<32|J of the last row
	unsorted  bool   // some row's key is not above the one before
}

// newPairLog returns a log with room for n rows; plan sizes it for the
// whole file once some rows are read.
func newPairLog(n int) *pairLog {
	return &pairLog{i: make([]int32, 0, n), j: make([]int32, 0, n),
		wi: make([]float64, 0, n), wj: make([]float64, 0, n), d: make([]float64, 0, n)}
}

// plan makes room for the rows a file of size bytes holds, judging by the
// rows read so far from its first read bytes (10% more, for lines
// longer further on), so that the columns need not grow by copying.
func (p *pairLog) plan(size, read int64) {
	if size <= 0 || read <= 0 || len(p.i) == 0 {
		return
	}
	n := int(min(float64(size)/float64(read)*float64(len(p.i))*1.1, 1<<28)) + 1024
	if n <= cap(p.i) {
		return
	}
	grow := func(c []float64) []float64 { return append(make([]float64, 0, n), c...) }
	p.i, p.j = append(make([]int32, 0, n), p.i...), append(make([]int32, 0, n), p.j...)
	p.wi, p.wj, p.d = grow(p.wi), grow(p.wj), grow(p.d)
}

// add records a row: a's wins, b's wins and draws. A row of no games
// makes no pair.
func (p *pairLog) add(a, b int, wa, wb, d float64) {
	if wa+wb+d == 0 {
		return
	}
	if a > b {
		a, b, wa, wb = b, a, wb, wa
	}
	key := uint64(a)<<32 | uint64(b)
	if len(p.i) > 0 && key <= p.last {
		p.unsorted = true
	}
	p.last = key
	p.i = append(p.i, int32(a))
	p.j = append(p.j, int32(b))
	p.wi = append(p.wi, wa)
	p.wj = append(p.wj, wb)
	p.d = append(p.d, d)
}

// finish returns the pairs of n players.
func (p *pairLog) finish(n int) *Pairs {
	return p.finishWith(n, true)
}

// finishWith is finish; packed false sorts by an order of the rows even
// when the keys could be packed (for tests of both ways).
func (p *pairLog) finishWith(n int, packed bool) *Pairs {
	m := len(p.i)
	if p.unsorted {
		nb, rb := bits.Len(uint(n)), bits.Len(uint(m))
		if packed && 2*nb+rb <= 64 {
			p.sortPacked(n, nb, rb)
		} else {
			p.sortByOrder(n)
		}
		// Add up the rows of each pair, in place.
		out := 0
		for k := 0; k < m; k++ {
			if out > 0 && p.i[out-1] == p.i[k] && p.j[out-1] == p.j[k] {
				p.wi[out-1] += p.wi[k]
				p.wj[out-1] += p.wj[k]
				p.d[out-1] += p.d[k]
				continue
			}
			p.i[out], p.j[out], p.wi[out], p.wj[out], p.d[out] = p.i[k], p.j[k], p.wi[k], p.wj[k], p.d[k]
			out++
		}
		m = out
	}
	// A pair's counts are its sum from 0, as Results.Pairs adds them:
	// a count of -0 reads as 0.
	for k := 0; k < m; k++ {
		p.wi[k] += 0
		p.wj[k] += 0
		p.d[k] += 0
	}
	return &Pairs{Players: n, I: p.i[:m:m], J: p.j[:m:m], WinsI: p.wi[:m:m], WinsJ: p.wj[:m:m], Draws: p.d[:m:m]}
}

// sortPacked sorts the rows by (I, J, row) as keys I<<(nb+rb) | J<<rb |
// row (nb bits hold a player, rb a row): two stable counting passes over
// the keys, by J then by I, read in order. I and J are then read back
// from the keys in place, and only the counts are gathered, one column at
// a time.
func (p *pairLog) sortPacked(n, nb, rb int) {
	m := len(p.i)
	keys := make([]uint64, m)
	count := make([]int32, n+1)
	for _, j := range p.j {
		count[j+1]++
	}
	for x := 0; x < n; x++ {
		count[x+1] += count[x]
	}
	for row, j := range p.j {
		keys[count[j]] = uint64(p.i[row])<<(nb+rb) | uint64(j)<<rb | uint64(row)
		count[j]++
	}
	sorted := make([]uint64, m)
	clear(count)
	for _, k := range keys {
		count[k>>(nb+rb)+1]++
	}
	for x := 0; x < n; x++ {
		count[x+1] += count[x]
	}
	for _, k := range keys {
		i := k >> (nb + rb)
		sorted[count[i]] = k
		count[i]++
	}
	keys, count = nil, nil
	rowMask, playerMask := uint64(1)<<rb-1, uint64(1)<<nb-1
	for x, k := range sorted {
		p.i[x], p.j[x] = int32(k>>(nb+rb)), int32(k>>rb&playerMask)
	}
	runtime.GC()
	p.wi = gatherKeys(sorted, rowMask, p.wi)
	runtime.GC()
	p.wj = gatherKeys(sorted, rowMask, p.wj)
	runtime.GC()
	p.d = gatherKeys(sorted, rowMask, p.d)
}

// gatherKeys returns c[key&mask] for every key.
func gatherKeys(keys []uint64, mask uint64, c []float64) []float64 {
	out := make([]float64, len(keys))
	for x, k := range keys {
		out[x] = c[k&mask]
	}
	return out
}

// sortByOrder sorts the rows by (I, J, row) through perm, the row that
// goes to each place: a counting sort by J, then a stable one by I.
func (p *pairLog) sortByOrder(n int) {
	m := len(p.i)
	byJ := countingOrder(n, m, nil, p.j)
	perm := countingOrder(n, m, byJ, p.i)
	byJ = nil
	// One column at a time, each old one collected before the next
	// is made, so that the memory held is one column more, not five.
	p.i = gather(perm, p.i)
	runtime.GC()
	p.j = gather(perm, p.j)
	runtime.GC()
	p.wi = gather(perm, p.wi)
	runtime.GC()
	p.wj = gather(perm, p.wj)
	runtime.GC()
	p.d = gather(perm, p.d)
}

// countingOrder returns the rows (all of them in order when order is nil,
// else those of order in its order) stably sorted by key[row] in [0, n).
func countingOrder(n, m int, order []int32, key []int32) []int32 {
	start := make([]int32, n+1)
	for _, x := range key[:m] {
		start[x+1]++
	}
	for i := 0; i < n; i++ {
		start[i+1] += start[i]
	}
	out := make([]int32, m)
	place := func(row int32) {
		x := key[row]
		out[start[x]] = row
		start[x]++
	}
	if order == nil {
		for row := range int32(m) {
			place(row)
		}
	} else {
		for _, row := range order {
			place(row)
		}
	}
	return out
}

// gather returns c[perm[k]] for every k: one column at a time, so that
// the random reads of a column overlap and the memory held beyond the
// columns is one column's.
func gather[T int32 | float64](perm []int32, c []T) []T {
	out := make([]T, len(perm))
	for k, src := range perm {
		out[k] = c[src]
	}
	return out
}
