package games

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/heap"
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// ErrSimultaneous marks a catalogue game whose players move at the same
// time, so that it is not a game.Game: Lucky Nim.
var ErrSimultaneous = errors.New("a game of simultaneous choices, not an impartial game.Game")

// LuckyNim is Lucky Nim (paper 004, after Holshouser and Reiter): heaps of
// counters and an interval [M, N] with M < N. The player to move picks a
// non-empty heap, of k counters, and says which; then both players secretly
// pick a number in [M, N], the mover x and the other y, and show them; the
// mover removes x + y counters, or all k if x + y >= k. Who removes the last
// counter wins.
//
// Both players choose at once, so a position need not be won by either:
// the mover *can force a win* when he has a strategy (a heap and a number
// at each of his moves, a number at each of the other's moves, each chosen
// knowing everything shown so far but not the other's number of the same
// move) that wins against every strategy of the other player, that is,
// against every number the other could show. Then he wins whatever the
// other picks, with probability 1 against any random play. The position is
// a Win for the mover, a Loss when the other player can force a win, and
// Undetermined when neither can: then the outcome depends on guessing, as
// in matching pennies. Paper 004 claims that every position is a Win or a
// Loss, decided by the parity of the sum of Omega over the heaps (see
// Omega); Solve decides every position by backward induction, so the claim
// can be checked rather than assumed.
type LuckyNim struct{ M, N int }

// NewLuckyNim checks the interval. M = 0, allowed when the naturals include
// 0, lets a move remove nothing (x = y = 0): the game may then go on for
// ever, and a forced win must still end the game.
func NewLuckyNim(m, n int) (*LuckyNim, error) {
	if m < 0 || n <= m {
		return nil, fmt.Errorf("luckynim: interval [%d, %d]: want 0 <= m < n", m, n)
	}
	if n > 1000 {
		return nil, fmt.Errorf("luckynim: n = %d: at most 1000", n)
	}
	return &LuckyNim{M: m, N: n}, nil
}

// Omega is paper 004's function: Omega(0) = 0, and for k >= 1, with the
// natural number p such that p(m+n) < k <= (p+1)(m+n), Omega(k) = 1 when p
// is even and 0 when p is odd: blocks of m+n heap sizes alternately 1 and 0.
func (g *LuckyNim) Omega(k int) int {
	if k <= 0 {
		return 0
	}
	p := (k - 1) / (g.M + g.N)
	return 1 - p%2
}

// Claim is paper 004's verdict: Win when the sum of Omega over the heaps
// is odd, Loss when it is even.
func (g *LuckyNim) Claim(heaps []int) Verdict {
	s := 0
	for _, k := range heaps {
		s += g.Omega(k)
	}
	if s%2 == 1 {
		return Win
	}
	return Loss
}

// ForcingNumber is the number the paper's strategy shows on a heap of k:
// the largest that moves the heap into the block of sizes just below its
// own whatever the other number, which flips its Omega. In the first block
// (k <= m+n) that is n, which empties the heap; above, with j = k - p(m+n)
// (1 <= j <= m+n) the heap's place in block p, the numbers that work are
// max(m, j-m) .. min(n, j+m-1), never empty when m >= 1 (the paper's "not
// hard to write down the required inequalities"). It returns -1 when no
// number works (m = 0).
func (g *LuckyNim) ForcingNumber(k int) int {
	lo, hi := g.forcingRange(k)
	if lo > hi {
		return -1
	}
	return hi
}

func (g *LuckyNim) forcingRange(k int) (lo, hi int) {
	s := g.M + g.N
	if k <= s {
		return max(g.M, k-g.M), g.N // x + y >= x + m >= k empties the heap
	}
	j := k - (k-1)/s*s
	return max(g.M, j-g.M), min(g.N, j+g.M-1)
}

// Verdict is the outcome of a position for the player to move.
type Verdict int8

const (
	// Undetermined: neither player can force a win.
	Undetermined Verdict = iota
	// Win: the player to move can force a win.
	Win
	// Loss: the other player can force a win.
	Loss
)

func (v Verdict) String() string {
	switch v {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "undetermined"
}

// MaxLuckyPositions bounds the positions Solve tabulates.
const MaxLuckyPositions = 20_000_000

// LuckyTable holds the verdict of every position whose heaps are at most
// the bounds it was solved for, heap by heap.
type LuckyTable struct {
	Game   *LuckyNim
	Bounds []int
	stride []int
	v      []Verdict
}

// Solve decides every position with heap i at most heaps[i], for the
// player to move, by backward induction on
//
//	Win(P)  = some non-empty heap j and number x such that for every y,
//	          P with x+y removed from heap j is a Loss (or empty: a win);
//	Loss(P) = P is empty, or for every non-empty heap j there is a y such
//	          that for every x, P with x+y removed from heap j is a Win,
//
// the quantifiers following who knows what: the heap is announced, the
// numbers are not. When m = 0 a move may remove nothing and leave P as it
// was (with the other to move); Solve then takes the least fixed point,
// so that a forced win is one reached in finitely many moves.
func (g *LuckyNim) Solve(ctx context.Context, heaps []int) (*LuckyTable, error) {
	if len(heaps) == 0 {
		return nil, fmt.Errorf("luckynim: no heaps given")
	}
	t := &LuckyTable{Game: g, Bounds: slices.Clone(heaps), stride: make([]int, len(heaps))}
	size := 1
	for i, h := range heaps {
		if h < 0 {
			return nil, fmt.Errorf("luckynim: heap size %d: must not be negative", h)
		}
		t.stride[i] = size
		if size > MaxLuckyPositions/(h+1) {
			return nil, fmt.Errorf("luckynim: heaps %s: more than %d positions below them", heap.FormatHeaps(heaps), MaxLuckyPositions)
		}
		size *= h + 1
	}
	t.v = make([]Verdict, size)
	cur := make([]int, len(heaps))
	for idx := 0; idx < size; idx++ {
		if idx&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		// Every move lowers one heap, so its index is smaller: known,
		// except a move that removes nothing, which returns to idx.
		win, loss := false, false
		for {
			w := t.win(idx, cur, loss)
			l := t.loss(idx, cur, w)
			if w == win && l == loss {
				break
			}
			win, loss = w, l
		}
		switch {
		case win:
			t.v[idx] = Win
		case loss:
			t.v[idx] = Loss
		}
		for i := range cur { // next position in index order
			cur[i]++
			if cur[i] <= heaps[i] {
				break
			}
			cur[i] = 0
		}
	}
	return t, nil
}

// after returns the index of position idx (heaps cur) with r removed from
// heap j.
func (t *LuckyTable) after(idx int, cur []int, j, r int) int {
	return idx - min(r, cur[j])*t.stride[j]
}

// verdictAt is the verdict of index i, taking the position being solved
// (self) to be selfV.
func (t *LuckyTable) verdictAt(i, self int, selfV Verdict) Verdict {
	if i == self {
		return selfV
	}
	return t.v[i]
}

// forcing returns the numbers a with which one player, whatever number b
// the other shows on heap j, leaves the position (with a+b taken from heap
// j) at verdict want for the player to move next. x + y is symmetric, so
// this serves the mover (a = x, want Loss) and the replier (a = y, want
// Win). self is the verdict assumed for the position itself (a move that
// takes nothing returns to it).
func (t *LuckyTable) forcing(idx int, cur []int, j int, self, want Verdict) []int {
	var out []int
	g := t.Game
numbers:
	for a := g.M; a <= g.N; a++ {
		for b := g.M; b <= g.N; b++ {
			if t.verdictAt(t.after(idx, cur, j, a+b), idx, self) != want {
				continue numbers
			}
		}
		out = append(out, a)
	}
	return out
}

// win: some non-empty heap has a number that forces a Loss on the other.
func (t *LuckyTable) win(idx int, cur []int, selfLoss bool) bool {
	self := Undetermined
	if selfLoss {
		self = Loss
	}
	for j, k := range cur {
		if k > 0 && len(t.forcing(idx, cur, j, self, Loss)) > 0 {
			return true
		}
	}
	return false
}

// loss: every non-empty heap has a reply that forces a Win for the
// replier (true when every heap is empty: the mover has lost).
func (t *LuckyTable) loss(idx int, cur []int, selfWin bool) bool {
	self := Undetermined
	if selfWin {
		self = Win
	}
	for j, k := range cur {
		if k > 0 && len(t.forcing(idx, cur, j, self, Win)) == 0 {
			return false
		}
	}
	return true
}

func (t *LuckyTable) index(heaps []int) (int, error) {
	if len(heaps) != len(t.Bounds) {
		return 0, fmt.Errorf("luckynim: %d heaps, the table has %d", len(heaps), len(t.Bounds))
	}
	idx := 0
	for i, h := range heaps {
		if h < 0 || h > t.Bounds[i] {
			return 0, fmt.Errorf("luckynim: heap %d has %d counters, the table goes to %d", i+1, h, t.Bounds[i])
		}
		idx += h * t.stride[i]
	}
	return idx, nil
}

// Verdict returns the verdict of a position within the table's bounds.
func (t *LuckyTable) Verdict(heaps []int) (Verdict, error) {
	idx, err := t.index(heaps)
	if err != nil {
		return 0, err
	}
	return t.v[idx], nil
}

// LuckyMove is a choice of heap (an index) and number.
type LuckyMove struct{ Heap, Number int }

func (m LuckyMove) String() string {
	return fmt.Sprintf("heap %d, number %d", m.Heap+1, m.Number)
}

// ForcingMoves returns the moves that force a win from a Win position:
// every number the other shows leaves him a Loss.
func (t *LuckyTable) ForcingMoves(heaps []int) ([]LuckyMove, error) {
	idx, err := t.index(heaps)
	if err != nil {
		return nil, err
	}
	var out []LuckyMove
	for j, k := range heaps {
		if k == 0 {
			continue
		}
		for _, x := range t.forcing(idx, heaps, j, t.v[idx], Loss) {
			out = append(out, LuckyMove{j, x})
		}
	}
	return out, nil
}

// Replies returns the numbers with which the player not moving forces a
// win once the mover has announced heap j: whatever the mover shows, the
// position after the move is a Win for the replying player, who moves
// next. From a Loss position there are replies on every heap.
func (t *LuckyTable) Replies(heaps []int, j int) ([]int, error) {
	idx, err := t.index(heaps)
	if err != nil {
		return nil, err
	}
	if j < 0 || j >= len(heaps) || heaps[j] == 0 {
		return nil, fmt.Errorf("luckynim: heap %d is not a non-empty heap of %s", j+1, heap.FormatHeaps(heaps))
	}
	return t.forcing(idx, heaps, j, t.v[idx], Win), nil
}

// Positions returns the number of positions in the table.
func (t *LuckyTable) Positions() int { return len(t.v) }

// position returns the heaps of index idx.
func (t *LuckyTable) position(idx int) []int {
	h := make([]int, len(t.Bounds))
	for i := range h {
		h[i] = idx / t.stride[i] % (t.Bounds[i] + 1)
	}
	return h
}

// Mismatch is a position where the solved verdict and paper 004's claim
// differ.
type Mismatch struct {
	Heaps          []int
	Solved, Claim  Verdict
	OmegaSum       int
	ForcingNumbers []int // ForcingNumber of each heap (-1: none)
}

func (m Mismatch) String() string {
	return fmt.Sprintf("%s: solved %s, claimed %s (Omega sum %d)", heap.FormatHeaps(m.Heaps), m.Solved, m.Claim, m.OmegaSum)
}

// Mismatches compares every position of the table with the claim.
func (t *LuckyTable) Mismatches() []Mismatch {
	var out []Mismatch
	for idx, v := range t.v {
		h := t.position(idx)
		if c := t.Game.Claim(h); c != v {
			m := Mismatch{Heaps: h, Solved: v, Claim: c}
			for _, k := range h {
				m.OmegaSum += t.Game.Omega(k)
				m.ForcingNumbers = append(m.ForcingNumbers, t.Game.ForcingNumber(k))
			}
			out = append(out, m)
		}
	}
	return out
}

// DataFrame has one row per position: position, omega_sum, claim, solved.
func (t *LuckyTable) DataFrame() dataframe.DataFrame {
	n := len(t.v)
	pos, claim, solved := make([]string, n), make([]string, n), make([]string, n)
	om := make([]int, n)
	for idx, v := range t.v {
		h := t.position(idx)
		pos[idx] = heap.FormatHeaps(h)
		for _, k := range h {
			om[idx] += t.Game.Omega(k)
		}
		claim[idx], solved[idx] = t.Game.Claim(h).String(), v.String()
	}
	return dataframe.New(
		series.New(pos, series.String, "position"),
		series.New(om, series.Int, "omega_sum"),
		series.New(claim, series.String, "claim"),
		series.New(solved, series.String, "solved"),
	)
}

func init() {
	Register(&Spec{
		Name:    "luckynim",
		Summary: "Lucky Nim: pick a heap, both players secretly pick x, y in [m, n], x + y counters leave (coevo solve luckynim)",
		Source:  "paper 004 (Legner), after Holshouser and Reiter",
		Params: []Param{heapsParam("7,13"),
			{Name: "m", Kind: "int", Default: "2", Usage: "least number a player may pick"},
			{Name: "n", Kind: "int", Default: "4", Usage: "largest number a player may pick (m < n)"}},
		build: func(a Args) (game.Game, error) {
			return nil, fmt.Errorf("luckynim: %w; coevo solve luckynim decides its positions", ErrSimultaneous)
		},
	})
}

// LuckyNimArgs builds Lucky Nim and its heaps from registry parameters
// (heaps, m, n; defaults 7,13 and [2, 4]).
func LuckyNimArgs(a Args) (*LuckyNim, []int, error) {
	full := Args{"heaps": "7,13", "m": "2", "n": "4"}
	for k, v := range a {
		if _, ok := full[k]; !ok {
			return nil, nil, fmt.Errorf("luckynim: unknown parameter --%s (known: --heaps --m --n)", k)
		}
		full[k] = v
	}
	heaps, err := full.Ints("heaps")
	if err != nil {
		return nil, nil, err
	}
	for _, h := range heaps {
		if h < 0 {
			return nil, nil, fmt.Errorf("--heaps: %d counters: a heap cannot be negative", h)
		}
	}
	m, n, err := full.Int2("m", "n")
	if err != nil {
		return nil, nil, err
	}
	g, err := NewLuckyNim(m, n)
	if err != nil {
		return nil, nil, fmt.Errorf("--m %d --n %d: %w", m, n, err)
	}
	return g, heaps, nil
}

func (g *LuckyNim) String() string {
	return "lucky nim [" + strconv.Itoa(g.M) + ", " + strconv.Itoa(g.N) + "]"
}

// LuckyStrategy plays one side of Lucky Nim: the heap to play when moving
// (an index of a non-empty heap), and the secret number, as the mover or as
// the other player once the mover has announced heap.
type LuckyStrategy interface {
	Heap(g *LuckyNim, heaps []int, rng *rand.Rand) int
	Number(g *LuckyNim, heaps []int, heap int, mover bool, rng *rand.Rand) int
}

// LuckyPeeker is a strategy that is shown the other player's number before
// it picks its own: an opponent stronger than any real one, to test
// strategies that claim to win whatever the other picks.
type LuckyPeeker interface {
	LuckyStrategy
	Peek(g *LuckyNim, heaps []int, heap int, mover bool, other int, rng *rand.Rand) int
}

// LuckyRandom picks a non-empty heap and a number uniformly at random.
type LuckyRandom struct{}

// Heap implements LuckyStrategy.
func (LuckyRandom) Heap(_ *LuckyNim, heaps []int, rng *rand.Rand) int { return randomHeap(heaps, rng) }

// Number implements LuckyStrategy.
func (LuckyRandom) Number(g *LuckyNim, _ []int, _ int, _ bool, rng *rand.Rand) int {
	return g.M + rng.IntN(g.N-g.M+1)
}

func randomHeap(heaps []int, rng *rand.Rand) int {
	var live []int
	for i, k := range heaps {
		if k > 0 {
			live = append(live, i)
		}
	}
	return live[rng.IntN(len(live))]
}

// LuckyOmega is paper 004's strategy. Moving, it picks a heap with Omega 1
// (if the sum of Omega is even it has none that helps, and picks a random
// heap) and shows ForcingNumber of it; replying, it shows ForcingNumber of
// the announced heap, which flips that heap's Omega whatever the mover
// shows. Greedy makes it show n everywhere instead, the overshooting play
// the paper warns against (from 14 with [2, 4], showing 4 lets the other
// show 4 and leave 6, in the first block).
type LuckyOmega struct{ Greedy bool }

// Heap implements LuckyStrategy.
func (s LuckyOmega) Heap(g *LuckyNim, heaps []int, rng *rand.Rand) int {
	if g.Claim(heaps) == Win {
		for i, k := range heaps {
			if g.Omega(k) == 1 {
				return i
			}
		}
	}
	return randomHeap(heaps, rng)
}

// Number implements LuckyStrategy.
func (s LuckyOmega) Number(g *LuckyNim, heaps []int, heap int, _ bool, rng *rand.Rand) int {
	if s.Greedy {
		return g.N
	}
	if x := g.ForcingNumber(heaps[heap]); x >= 0 {
		return x
	}
	return g.M + rng.IntN(g.N-g.M+1)
}

// LuckyAdversary sees the other player's number before choosing its own
// and picks from a solved table the choice that leaves the best position
// for itself: one it can force, else one nobody can, else any. The table
// must cover the positions played (fewer heaps than the table are padded
// with empty ones); outside it every choice looks alike.
type LuckyAdversary struct{ Table *LuckyTable }

// Heap implements LuckyStrategy: the heap on which the most numbers of the
// other player leave it a reply that wins by force.
func (a LuckyAdversary) Heap(g *LuckyNim, heaps []int, rng *rand.Rand) int {
	best, bestScore := -1, -1
	for j, k := range heaps {
		if k == 0 {
			continue
		}
		score := 0
		for y := g.M; y <= g.N; y++ {
			if a.rank(heaps, j, a.bestNumber(g, heaps, j, true, y)+y, true) == 2 {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = j, score
		}
	}
	return best
}

// Number implements LuckyStrategy (without peeking: a random number).
func (a LuckyAdversary) Number(g *LuckyNim, _ []int, _ int, _ bool, rng *rand.Rand) int {
	return g.M + rng.IntN(g.N-g.M+1)
}

// Peek implements LuckyPeeker.
func (a LuckyAdversary) Peek(g *LuckyNim, heaps []int, heap int, mover bool, other int, _ *rand.Rand) int {
	return a.bestNumber(g, heaps, heap, mover, other)
}

func (a LuckyAdversary) bestNumber(g *LuckyNim, heaps []int, heap int, mover bool, other int) int {
	best, bestRank := g.M, -1
	for z := g.M; z <= g.N; z++ {
		if r := a.rank(heaps, heap, z+other, mover); r > bestRank {
			best, bestRank = z, r
		}
	}
	return best
}

// rank scores, for the adversary, the position after r is removed from
// heap j: 2 if it can force a win there, 1 if nobody can, 0 if it loses.
func (a LuckyAdversary) rank(heaps []int, j, r int, mover bool) int {
	next := slices.Clone(heaps)
	next[j] = max(0, next[j]-r)
	for len(next) < len(a.Table.Bounds) {
		next = append(next, 0) // empty heaps change nothing
	}
	v, err := a.Table.Verdict(next)
	if err != nil {
		return 1
	}
	// After the move the mover's opponent is to move.
	if mover {
		v = map[Verdict]Verdict{Win: Loss, Loss: Win, Undetermined: Undetermined}[v]
	}
	switch v {
	case Win:
		return 2
	case Undetermined:
		return 1
	}
	return 0
}

// Play plays one game from heaps, first moving first, with at most
// maxMoves moves (0: no limit); it returns the winner (0 for first, 1 for
// second, -1 when the limit came first) and the number of moves.
func (g *LuckyNim) Play(heaps []int, first, second LuckyStrategy, rng *rand.Rand, maxMoves int) (winner, moves int, err error) {
	h := slices.Clone(heaps)
	players := [2]LuckyStrategy{first, second}
	for turn := 0; ; turn ^= 1 {
		if slices.Max(h) == 0 {
			return turn ^ 1, moves, nil // the previous mover took the last counter
		}
		if maxMoves > 0 && moves == maxMoves {
			return -1, moves, nil
		}
		mover, other := players[turn], players[turn^1]
		j := mover.Heap(g, h, rng)
		if j < 0 || j >= len(h) || h[j] == 0 {
			return 0, moves, fmt.Errorf("luckynim: player %d chose heap %d of %s, not a non-empty heap", turn+1, j+1, heap.FormatHeaps(h))
		}
		var x, y int
		mp, mPeeks := mover.(LuckyPeeker)
		op, oPeeks := other.(LuckyPeeker)
		switch {
		case oPeeks:
			x = mover.Number(g, h, j, true, rng)
			y = op.Peek(g, h, j, false, x, rng)
		case mPeeks:
			y = other.Number(g, h, j, false, rng)
			x = mp.Peek(g, h, j, true, y, rng)
		default:
			x = mover.Number(g, h, j, true, rng)
			y = other.Number(g, h, j, false, rng)
		}
		for p, z := range [2]int{x, y} {
			if z < g.M || z > g.N {
				return 0, moves, fmt.Errorf("luckynim: player %d showed %d, outside [%d, %d]", (turn+p)%2+1, z, g.M, g.N)
			}
		}
		h[j] = max(0, h[j]-x-y)
		moves++
	}
}

// LuckyMatch counts the results of simulated games.
type LuckyMatch struct {
	Games, FirstWins, SecondWins, Unfinished int
}

// Simulate plays games from heaps, game i with its own random stream
// seeded by (seed, i), at most 10000 moves each.
func (g *LuckyNim) Simulate(heaps []int, first, second LuckyStrategy, games int, seed uint64) (LuckyMatch, error) {
	m := LuckyMatch{Games: games}
	for i := 0; i < games; i++ {
		w, _, err := g.Play(heaps, first, second, rand.New(rand.NewPCG(seed, uint64(i))), 10000)
		if err != nil {
			return m, err
		}
		switch w {
		case 0:
			m.FirstWins++
		case 1:
			m.SecondWins++
		default:
			m.Unfinished++
		}
	}
	return m, nil
}
