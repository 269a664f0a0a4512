package bt

import "math/bits"

// Outcomes of a single game, from the first player's side.
const (
	firstWins = iota
	secondWins
	drawn
)

// gameLog collects single games (first player, second player, outcome) as
// packed integers and turns them into one matchup per ordered pair, seated
// AFirst. Packing and a radix sort take 8 bytes a game and linear time,
// where a map from pairs to matchups would take several times the memory.
type gameLog struct {
	keys []uint64 // first << 33 | second << 2 | outcome
	// unseated: the games do not record who moved first (matchups get
	// NoSeat).
	unseated bool
}

// newGameLog returns a log with room for about n games (n < 0: unknown).
func newGameLog(n int64) *gameLog {
	return &gameLog{keys: make([]uint64, 0, min(max(n, 0), 1<<28)+16)}
}

func (g *gameLog) add(first, second, outcome int) {
	g.keys = append(g.keys, uint64(first)<<33|uint64(second)<<2|uint64(outcome))
}

// matchups returns the games aggregated by (first, second), sorted by
// first then second; n is the number of players.
func (g *gameLog) matchups(n int) []Matchup {
	keys := g.keys
	g.keys = nil
	// Repack as (first*n + second) << 2 | outcome so that the radix sort
	// needs as few digits as the number of players allows.
	for k, x := range keys {
		keys[k] = (x>>33*uint64(n)+x>>2&(1<<31-1))<<2 | x&3
	}
	radixSort(keys, bits.Len64(uint64(n)*uint64(n)))
	distinct := 0
	for a := range keys {
		if a == 0 || keys[a]>>2 != keys[a-1]>>2 {
			distinct++
		}
	}
	out := make([]Matchup, 0, distinct)
	for a := 0; a < len(keys); {
		pair := keys[a] >> 2
		m := Matchup{A: int(pair / uint64(n)), B: int(pair % uint64(n)), Seat: AFirst}
		if g.unseated {
			m.Seat = NoSeat
		}
		for ; a < len(keys) && keys[a]>>2 == pair; a++ {
			switch keys[a] & 3 {
			case firstWins:
				m.WinsA++
			case secondWins:
				m.WinsB++
			default:
				m.Draw++
			}
		}
		out = append(out, m)
	}
	return out
}

// radixSort sorts keys by their bits 2 .. 2+width (least significant digit
// first, 11 bits a pass); the two low bits ride along.
func radixSort(keys []uint64, width int) {
	const digit = 11
	buf := make([]uint64, len(keys))
	src, dst := keys, buf
	passes := 0
	for shift := 2; shift < 2+width; shift += digit {
		var count [1<<digit + 1]int
		for _, x := range src {
			count[(x>>shift)&(1<<digit-1)+1]++
		}
		for d := 1; d <= 1<<digit; d++ {
			count[d] += count[d-1]
		}
		for _, x := range src {
			d := (x >> shift) & (1<<digit - 1)
			dst[count[d]] = x
			count[d]++
		}
		src, dst = dst, src
		passes++
	}
	if passes%2 == 1 {
		copy(keys, src)
	}
}

// pairs returns the games aggregated by unordered pair, sorted.
func (g *gameLog) pairs(n int) *Pairs {
	keys := g.keys
	g.keys = nil
	// Repack as (min*n + max) << 2 | outcome seen from min.
	for k, x := range keys {
		a, b, o := x>>33, x>>2&(1<<31-1), x&3
		if a > b {
			a, b = b, a
			if o != drawn {
				o ^= 1 // firstWins <-> secondWins
			}
		}
		keys[k] = (a*uint64(n)+b)<<2 | o
	}
	radixSort(keys, bits.Len64(uint64(n)*uint64(n)))
	distinct := 0
	for a := range keys {
		if a == 0 || keys[a]>>2 != keys[a-1]>>2 {
			distinct++
		}
	}
	t := newTable(n, distinct, false)
	for a := 0; a < len(keys); {
		pair := keys[a] >> 2
		var wi, wj, d float64
		for ; a < len(keys) && keys[a]>>2 == pair; a++ {
			switch keys[a] & 3 {
			case firstWins:
				wi++
			case secondWins:
				wj++
			default:
				d++
			}
		}
		t.add(int(pair/uint64(n)), uint32(pair%uint64(n))<<1, wi, wj, d)
	}
	return &t.Pairs
}
