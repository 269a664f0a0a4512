package connect4

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// a212693 reads the published counts (testdata/a212693.txt).
func a212693(t *testing.T) []int64 {
	t.Helper()
	data, err := os.ReadFile("testdata/a212693.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []int64
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		for _, f := range strings.Split(line, ",") {
			n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, n)
		}
	}
	return out
}

// The distinct positions after each number of plies equal OEIS A212693,
// the published counts (to 9 plies, 558,186 positions; 10 without
// -short): the moves, the wins that end a game (from ply 7 on) and the
// full columns are right.
func TestPositionsA212693(t *testing.T) {
	want := a212693(t)
	plies := 10
	if testing.Short() {
		plies = 9
	}
	got, err := Positions(plies)
	if err != nil {
		t.Fatal(err)
	}
	for p := range got {
		if got[p] != want[p] {
			t.Errorf("after %d plies: %d positions, OEIS A212693 has %d", p, got[p], want[p])
		}
	}
	if _, err := Positions(13); err == nil {
		t.Error("Positions(13) ran")
	}
}

// plain is Connect Four square by square, written independently of the
// bitboards: cells[c][r] is 0 (empty), 1 (X) or 2 (O).
type plain struct {
	cells [Columns][Rows]int
	plies int
}

func (p *plain) play(c int) bool {
	for r := 0; r < Rows; r++ {
		if p.cells[c][r] == 0 {
			p.cells[c][r] = 1 + p.plies%2
			p.plies++
			return true
		}
	}
	return false
}

func (p *plain) winner() int {
	for c := 0; c < Columns; c++ {
		for r := 0; r < Rows; r++ {
			s := p.cells[c][r]
			if s == 0 {
				continue
			}
			for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
				k := 1
				for ; k < 4; k++ {
					cc, rr := c+k*d[0], r+k*d[1]
					if cc < 0 || cc >= Columns || rr < 0 || rr >= Rows || p.cells[cc][rr] != s {
						break
					}
				}
				if k == 4 {
					return s - 1
				}
			}
		}
	}
	return -1
}

func (p *plain) over() bool { return p.plies == Cells || p.winner() >= 0 }

func plainPerft(p plain, depth int) int64 {
	if depth == 0 || p.over() {
		return 1
	}
	var n int64
	for c := 0; c < Columns; c++ {
		q := p
		if q.play(c) {
			n += plainPerft(q, depth-1)
		}
	}
	return n
}

// Perft equals the square-by-square count; it is 7^d for the first six
// plies (no game ends and no column fills sooner), and 7^7 - 7 at seven
// (the seven games that filled a column with their first six moves have
// six moves left).
func TestPerft(t *testing.T) {
	for d := 0; d <= 6; d++ {
		if got, want := Perft(Start(), d), int64(math.Pow(7, float64(d))); got != want {
			t.Errorf("depth %d: %d, want 7^%d = %d", d, got, d, want)
		}
	}
	if got := Perft(Start(), 7); got != 823543-7 {
		t.Errorf("depth 7: %d, want 7^7 - 7 = 823536", got)
	}
	if got, want := Perft(Start(), 8), plainPerft(plain{}, 8); got != want || got >= 5764801 {
		t.Errorf("depth 8: %d, the plain count %d (7^8 = 5764801 less the games won at ply 7)", got, want)
	}
	b, _ := Replay("ddddddcccccc") // two full columns
	if got, want := Perft(b, 4), plainPerft(plainOf(t, "ddddddcccccc"), 4); got != want {
		t.Errorf("from %q: %d, plain %d", "ddddddcccccc", got, want)
	}
}

func plainOf(t *testing.T, record string) plain {
	var p plain
	for _, ch := range record {
		if !p.play(int(ch - 'a')) {
			t.Fatalf("plain: %q cannot be played", record)
		}
	}
	return p
}

// On random games the bitboards and the plain board agree, move by move,
// on the open columns, the winner and the end.
func TestAgainstPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for g := 0; g < 2000; g++ {
		b, p := Start(), plain{}
		for !b.Over() {
			open := 0
			for c := 0; c < Columns; c++ {
				if b.CanPlay(c) {
					open++
				}
			}
			c := nthColumn(b.Legal(), rng.IntN(open))
			var err error
			if b, err = b.Play(c); err != nil || !p.play(c) {
				t.Fatalf("game %d: column %d: %v", g, c, err)
			}
			if b.Winner() != p.winner() || b.Over() != p.over() {
				t.Fatalf("game %d after %d plies: winner %d (plain %d), over %v (plain %v)\n%v", g, b.Plies(), b.Winner(), p.winner(), b.Over(), p.over(), b)
			}
			for c := 0; c < Columns; c++ {
				for r := 0; r < Rows; r++ {
					if b.Cell(c, r)+1 != p.cells[c][r] {
						t.Fatalf("game %d: cell %d,%d", g, c, r)
					}
				}
			}
		}
	}
}

func TestBoardBasics(t *testing.T) {
	b, err := Replay("dcdcdcd") // X: four in column d
	if err != nil || b.Winner() != 0 || !b.Over() || b.Score() != 1 || b.Legal() != 0 {
		t.Fatalf("%v %v", b, err)
	}
	if _, err := b.Play(0); err == nil {
		t.Error("played after the end")
	}
	if _, err := Replay("dddddddd"); err == nil || !strings.Contains(err.Error(), "move 7") || !strings.Contains(err.Error(), "full") {
		t.Errorf("a full column: %v", err)
	}
	if _, err := Replay("dx"); err == nil {
		t.Error("x read as a move")
	}
	d, _ := Replay("abbccdcddgd") // X: a1, b2, c3, d4
	if d.Winner() != 0 {
		t.Errorf("diagonal a1-d4 not found:\n%v", d)
	}
	if s := Start().String(); !strings.HasSuffix(s, "a b c d e f g") || strings.Count(s, ".") != Cells {
		t.Errorf("%s", s)
	}
}

// The searcher's values equal plain minimax's (the same scores, no
// pruning) on random positions, at depths 1 to 4.
func TestAlphaBetaEqualsMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 60; i++ {
		b := Start()
		for n := rng.IntN(20); n > 0 && !b.Over(); n-- {
			b = b.play(RandomMover{}.Move(b, rng))
		}
		if b.Over() {
			continue
		}
		for d := 1; d <= 4; d++ {
			if a, m := Search(b, d, nil), Minimax(b, d, nil); math.Abs(a-m) > 1e-9 {
				t.Fatalf("depth %d: alpha-beta %v, minimax %v\n%v", d, a, m, b)
			}
		}
	}
}

// The searcher takes a win, and blocks the opponent's.
func TestAlphaBetaTactics(t *testing.T) {
	a := &AlphaBeta{Depth: 4}
	b, _ := Replay("aabbc") // X to move? 5 plies: O to move; X threatens d1
	if b.Mover() != 1 || a.Move(b, nil) != 3 {
		t.Errorf("O must block d1:\n%v\nplays %d", b, a.Move(b, nil))
	}
	b, _ = Replay("aabbcg") // X to move and win at d1
	if b.Mover() != 0 || a.Move(b, nil) != 3 {
		t.Errorf("X must win at d1:\n%v", b)
	}
	if (&AlphaBeta{Depth: 1}).Move(b, nil) != 3 || Heuristic().Move(b, nil) != 3 {
		t.Error("the shallow players miss the win")
	}
}

// The reference player is strong: alpha-beta 4 plies deep beats a random
// mover in at least 99% of 400 games, 200 in each seat (it is not
// perfect: a random mover's move now and then is strong).
func TestAlphaBetaBeatsRandom(t *testing.T) {
	a := &AlphaBeta{Depth: 4}
	points := 0.0
	for i := 0; i < 200; i++ {
		s, err := Score(a, RandomMover{}, 0, rand.New(rand.NewPCG(uint64(i), 1)))
		if err != nil {
			t.Fatal(err)
		}
		s2, err := Score(RandomMover{}, a, 0, rand.New(rand.NewPCG(uint64(i), 2)))
		if err != nil {
			t.Fatal(err)
		}
		points += s + 1 - s2
	}
	if share := points / 400; share < 0.99 {
		t.Errorf("alpha-beta scores %.3f against a random mover", share)
	}
}

func TestLinear(t *testing.T) {
	if len(WeightNames()) != NumWeights || WeightNames()[0] != "a1" || WeightNames()[7] != "a2" || WeightNames()[41] != "g6" || WeightNames()[47] != "opp3" {
		t.Errorf("names %v", WeightNames())
	}
	if len(lines) != 69 {
		t.Fatalf("%d lines of four, want 69", len(lines))
	}
	h := Heuristic()
	// d1 lies on 7 lines, a1 on 3 (the classic table's corners and centre).
	if h[3] != 0.07 || h[0] != 0.03 || h[2*Columns+3] != 0.13 {
		t.Errorf("heuristic cells: %v", h[:Cells])
	}
	// The value of a board is antisymmetric for the cell part.
	b, _ := Replay("dc")
	w := &Linear{}
	w[3], w[2] = 1, 0.25
	if v := w.Value(b, 0); v != 0.75 {
		t.Errorf("X's value %v, want 1 - 0.25", v)
	}
	if v := w.Value(b, 1); v != -0.75 {
		t.Errorf("O's value %v", v)
	}
	if _, err := NewLinear(make([]float64, 3)); err == nil {
		t.Error("3 weights")
	}
	bad := make([]float64, NumWeights)
	bad[44] = math.NaN()
	if _, err := NewLinear(bad); err == nil || !strings.Contains(err.Error(), "own3") {
		t.Errorf("NaN: %v", err)
	}
	text := strings.Repeat("0.5 ", NumWeights-1) + "# comment\n-1\n"
	l, err := ParseLinear(strings.NewReader(text), "w")
	if err != nil || l[0] != 0.5 || l[47] != -1 {
		t.Errorf("parse: %v %v", l, err)
	}
	if _, err := ParseLinear(strings.NewReader("1 2 x"), "w"); err == nil || !strings.Contains(err.Error(), "w:1") {
		t.Errorf("bad number: %v", err)
	}
	for _, spec := range []string{"heuristic", "random-mover", "alphabeta:3"} {
		if _, err := ParsePlayer(spec); err != nil {
			t.Errorf("%s: %v", spec, err)
		}
	}
	for _, spec := range []string{"alphabeta:0", "alphabeta", "heuristic:1", "minimax"} {
		if _, err := ParsePlayer(spec); err == nil {
			t.Errorf("%s accepted", spec)
		}
	}
}

// A game with forced random moves is a function of its players and
// stream; every move is legal and the record replays.
func TestPlay(t *testing.T) {
	g1, err := Play(Heuristic(), &AlphaBeta{Depth: 2}, 0.3, rand.New(rand.NewPCG(5, 5)))
	if err != nil {
		t.Fatal(err)
	}
	g2, _ := Play(Heuristic(), &AlphaBeta{Depth: 2}, 0.3, rand.New(rand.NewPCG(5, 5)))
	if g1.Transcript() != g2.Transcript() {
		t.Error("the same stream gave two games")
	}
	forced := 0
	for _, f := range g1.Forced {
		if f {
			forced++
		}
	}
	b, err := Replay(g1.Transcript())
	if err != nil || b != g1.Final || forced == 0 {
		t.Errorf("replay %v %v, %d forced moves", b, err, forced)
	}
	m := &Match{Players: []Player{Heuristic(), RandomMover{}}, Epsilon: 0.1}
	if s, err := m.Play(0, 1, rand.New(rand.NewPCG(1, 1))); err != nil || (s != 0 && s != 0.5 && s != 1) {
		t.Errorf("match: %v %v", s, err)
	}
	if _, err := m.Play(0, 2, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("player 2 of 2")
	}
	if _, err := Play(Heuristic(), Heuristic(), 2, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("epsilon 2")
	}
}

// The linear player's move is the one a full evaluation of every
// after-state picks (a winning move first, then the largest Value, the
// leftmost of equals), on 3,000 random positions with random weights.
func TestLinearMoveIsBestAfterState(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for i := 0; i < 3000; i++ {
		var l Linear
		for k := range l {
			l[k] = rng.Float64() - 0.5
		}
		b := Start()
		for n := rng.IntN(30); n > 0 && !b.Over(); n-- {
			b = b.play(RandomMover{}.Move(b, rng))
		}
		if b.Over() {
			continue
		}
		want, bestV := -1, math.Inf(-1)
		for c := 0; c < Columns; c++ {
			if !b.CanPlay(c) {
				continue
			}
			a, _ := b.Play(c)
			v := l.Value(a, b.Mover())
			if a.Winner() == b.Mover() {
				v = math.Inf(1)
			}
			if want < 0 || v > bestV {
				want, bestV = c, v
			}
		}
		if got := l.Move(b, nil); got != want {
			t.Fatalf("position %d: the player plays %c, the best after-state is %c\n%v", i, 'a'+got, 'a'+want, b)
		}
	}
}

// Ties: the heuristic's weights are hundredths, so many moves have equal
// values. Scaled by 100 its weights are whole numbers, whose sums are
// exact in float64; there the full evaluation's leftmost best move is
// exact, and the heuristic (unscaled, where rounding would otherwise
// decide) plays it, on 3,000 random positions.
func TestHeuristicTiesGoLeft(t *testing.T) {
	h := Heuristic()
	var exact Linear
	for k, w := range h {
		exact[k] = math.Round(w * 100)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 3000; i++ {
		b := Start()
		for n := rng.IntN(30); n > 0 && !b.Over(); n-- {
			b = b.play(RandomMover{}.Move(b, rng))
		}
		if b.Over() {
			continue
		}
		want, bestV := -1, math.Inf(-1)
		for c := 0; c < Columns; c++ {
			if !b.CanPlay(c) {
				continue
			}
			a, _ := b.Play(c)
			v := exact.Value(a, b.Mover())
			if a.Winner() == b.Mover() {
				v = math.Inf(1)
			}
			if want < 0 || v > bestV {
				want, bestV = c, v
			}
		}
		if got := h.Move(b, nil); got != want {
			t.Fatalf("position %d: the heuristic plays %c, the leftmost best is %c\n%v", i, 'a'+got, 'a'+want, b)
		}
	}
}
