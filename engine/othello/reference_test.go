package othello

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// The 1-ply player as it was first written (issue 8, up to commit
// 3d17163), kept verbatim as the reference of the faster WPC.Move: its
// flips by eight branching ray scans, then the gain g and its bound a
// summed over the flipped squares in ascending order, the tie rule of
// TieTolerance. Seeded games are a function of the moves chosen, so the
// new player must choose exactly these moves.
func refMove(w *WPC, b Board, legal Bitboard) Square {
	p, o := b.mover()
	best, bestG, bestA := Pass, 0.0, 0.0
	for m := uint64(legal); m != 0; m &= m - 1 {
		s := uint(bits.TrailingZeros64(m))
		sum, abs := 0.0, 0.0
		for f := refFlips(p, o, s); f != 0; f &= f - 1 {
			x := w[bits.TrailingZeros64(f)]
			sum += x
			abs += math.Abs(x)
		}
		g, a := w[s]+2*sum, math.Abs(w[s])+2*abs
		if best == Pass || g-bestG > TieTolerance*(a+bestA) {
			best, bestG, bestA = Square(s), g, a
		}
	}
	return best
}

// rays[s] (the reference's) holds, for square s, the squares beyond s in each direction:
// 0-3 towards higher indices (east, south-west, south, south-east), 4-7
// towards lower ones (west, north-east, north, north-west).
var rays [64][8]uint64

func init() {
	steps := [8][2]int{{0, 1}, {1, -1}, {1, 0}, {1, 1}, {0, -1}, {-1, 1}, {-1, 0}, {-1, -1}}
	for s := 0; s < 64; s++ {
		for d, st := range steps {
			for r, c := s/8+st[0], s%8+st[1]; r >= 0 && r < 8 && c >= 0 && c < 8; r, c = r+st[0], c+st[1] {
				rays[s][d] |= 1 << (r*8 + c)
			}
		}
	}
}

func refFlips(p, o uint64, s uint) uint64 {
	r := &rays[s]
	return refUp(r[0], p, o) | refUp(r[1], p, o) | refUp(r[2], p, o) | refUp(r[3], p, o) |
		refDown(r[4], p, o) | refDown(r[5], p, o) | refDown(r[6], p, o) | refDown(r[7], p, o)
}

func refUp(r, p, o uint64) uint64 {
	x := r &^ o
	b := x & -x
	if b&p == 0 {
		return 0
	}
	return r & (b - 1)
}

func refDown(r, p, o uint64) uint64 {
	x := r &^ o
	if x == 0 {
		return 0
	}
	b := uint64(1) << (63 - bits.LeadingZeros64(x))
	if b&p == 0 {
		return 0
	}
	return r &^ (b<<1 - 1)
}

// refPlayer is a Player that moves as refMove.
type refPlayer struct{ w *WPC }

func (r refPlayer) Move(b Board, legal Bitboard, _ *rand.Rand) Square { return refMove(r.w, b, legal) }

// identityWPCs are players that stress the tie rule as well as ordinary
// ones: the heuristic (many exact ties), random WPCs, weights on a coarse
// grid (0.01 steps and small integers: exact ties that round apart in
// float64), weights that span 30 orders of magnitude, weights with ties
// placed at the tolerance itself, and all zeros, +0 or -0 (every move
// ties).
func identityWPCs() []*WPC {
	var negZero WPC
	for s := range negZero {
		negZero[s] = math.Copysign(0, -1)
	}
	ws := []*WPC{Heuristic(), RandomWPC(1), RandomWPC(2), RandomWPC(77), new(WPC), &negZero}
	rng := rand.New(rand.NewPCG(22, 6))
	for k := 0; k < 4; k++ {
		var grid, ints, wide, edge WPC
		for s := range grid {
			grid[s] = float64(rng.IntN(21)-10) / 100
			ints[s] = float64(rng.IntN(5) - 2)
			wide[s] = (rng.Float64() - 0.5) * math.Pow(10, float64(rng.IntN(31)-15))
			// Weights a tolerance apart: 1 + j*1e-12 for small j.
			edge[s] = 1 + float64(rng.IntN(7)-3)*TieTolerance*float64(rng.IntN(5)+1)
		}
		ws = append(ws, &grid, &ints, &wide, &edge)
	}
	return ws
}

// The fast WPC.Move chooses the reference's move at every decision of
// seeded noisy games (epsilon 0.1, both seats, every pairing), and a game
// played by fast players is the game played by reference players: the
// same moves, the same forced moves, the same final board.
func TestMoveIdenticalToReference(t *testing.T) {
	ws := identityWPCs()
	decisions, games := 0, 0
	for i, wb := range ws {
		for j, ww := range ws {
			for r := 0; r < 40; r++ {
				seed := uint64(i*1000 + j*37 + r)
				// Every decision along the reference game.
				rng := rand.New(rand.NewPCG(seed, 22))
				ref := &Game{}
				if _, err := play(refPlayer{wb}, refPlayer{ww}, 0.1, rng, ref); err != nil {
					t.Fatal(err)
				}
				b := Start()
				for k, s := range ref.Moves {
					if s != Pass && !ref.Forced[k] {
						w := wb
						if b.Turn == White {
							w = ww
						}
						if got := w.Move(b, b.Legal(), nil); got != s {
							t.Fatalf("players %d, %d, seed %d, move %d: fast %v, reference %v in\n%v", i, j, seed, k+1, got, s, b)
						}
						decisions++
					}
					b, _ = b.Play(s)
				}
				// The same game with the fast players.
				rng = rand.New(rand.NewPCG(seed, 22))
				fast := &Game{}
				final, err := play(wb, ww, 0.1, rng, fast)
				if err != nil {
					t.Fatal(err)
				}
				if final != b || len(fast.Moves) != len(ref.Moves) {
					t.Fatalf("players %d, %d, seed %d: the games differ", i, j, seed)
				}
				for k := range ref.Moves {
					if fast.Moves[k] != ref.Moves[k] || fast.Forced[k] != ref.Forced[k] {
						t.Fatalf("players %d, %d, seed %d: move %d differs", i, j, seed, k+1)
					}
				}
				games++
			}
		}
	}
	t.Logf("%d games, %d decisions compared", games, decisions)
}

// Every decision of the fast player on random positions, in every legal
// subset the tournament code could pass (all legal moves), for all the
// identity WPCs and their negations.
func TestMoveIdenticalOnRandomPositions(t *testing.T) {
	ws := identityWPCs()
	for _, w := range identityWPCs() {
		var n WPC
		for s := range w {
			n[s] = -w[s]
		}
		ws = append(ws, &n)
	}
	rng := rand.New(rand.NewPCG(5, 22))
	positions, switched, notSwitched := 0, 0, 0
	for game := 0; game < 400; game++ {
		b := Start()
		for !b.Over() {
			legal := b.Legal()
			if legal == 0 {
				b, _ = b.Play(Pass)
				continue
			}
			for i, w := range ws {
				if got, want := w.Move(b, legal, nil), refMove(w, b, legal); got != want {
					t.Fatalf("WPC %d: fast %v, reference %v in\n%v", i, got, want, b)
				}
				sw, kept := refCloseCalls(w, b, legal)
				switched += sw
				notSwitched += kept
			}
			positions++
			p, o := b.mover()
			b = b.play(p, o, uint(nth(uint64(legal), rng.IntN(legal.Count()))))
		}
	}
	t.Logf("%d positions, %d WPCs; close calls: %d switched, %d kept", positions, len(ws), switched, notSwitched)
	// The fast player decides a close call (0 < d <= TieTolerance times
	// 4*sum|w|) by summing a and aBest: both outcomes must have occurred.
	if switched == 0 || notSwitched == 0 {
		t.Errorf("close calls: %d switched, %d kept; the test needs both", switched, notSwitched)
	}
}

// refCloseCalls replays refMove's comparisons and counts the close calls,
// 0 < g - bestG <= TieTolerance*4*sum|w|, that switched and that did not.
func refCloseCalls(w *WPC, b Board, legal Bitboard) (switched, kept int) {
	sumAbs := 0.0
	for _, x := range w {
		sumAbs += math.Abs(x)
	}
	p, o := b.mover()
	first, bestG, bestA := true, 0.0, 0.0
	for m := uint64(legal); m != 0; m &= m - 1 {
		s := uint(bits.TrailingZeros64(m))
		sum, abs := 0.0, 0.0
		for f := refFlips(p, o, s); f != 0; f &= f - 1 {
			x := w[bits.TrailingZeros64(f)]
			sum += x
			abs += math.Abs(x)
		}
		g, a := w[s]+2*sum, math.Abs(w[s])+2*abs
		d := g - bestG
		take := first || d > TieTolerance*(a+bestA)
		if !first && d > 0 && d <= TieTolerance*4*sumAbs {
			if take {
				switched++
			} else {
				kept++
			}
		}
		if take {
			first, bestG, bestA = false, g, a
		}
	}
	return switched, kept
}

// The branch-free flips are the reference flips for every square of
// random positions, and for every pair of random disc sets.
func TestFlipsIdenticalToReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 22))
	for i := 0; i < 200000; i++ {
		p := rng.Uint64() & rng.Uint64()
		o := rng.Uint64() &^ p
		if i%2 == 0 {
			o |= rng.Uint64() &^ p // denser boards
		}
		for s := uint(0); s < 64; s++ {
			if got, want := flips(p, o, s), refFlips(p, o, s); got != want {
				t.Fatalf("flips(%#x, %#x, %d) = %#x, reference %#x", p, o, s, got, want)
			}
		}
	}
}

// The reference and the fast player in the same run (bench/othello
// compares whole leagues; this isolates the player).
func BenchmarkNoisyGameReference(b *testing.B) {
	benchGame(b, refPlayer{Heuristic()}, refPlayer{RandomWPC(1)})
}

func BenchmarkNoisyGameWPC(b *testing.B) {
	benchGame(b, Heuristic(), RandomWPC(1))
}

func benchGame(b *testing.B, x, y Player) {
	pcg := rand.NewPCG(1, 0)
	rng := rand.New(pcg)
	for i := 0; b.Loop(); i++ {
		pcg.Seed(1, uint64(i))
		if i%2 == 0 {
			play(x, y, 0.1, rng, nil)
		} else {
			play(y, x, 0.1, rng, nil)
		}
	}
}
