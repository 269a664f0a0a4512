package othello_test

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coevolab/coevo/engine/othello"
	"github.com/coevolab/coevo/engine/othello/plain"
)

// Published perft of Othello from the start, a pass counting as a move
// and a finished game as a leaf: depths 1-6 as the issue quotes them;
// 7-11 as Aart Bik's perft table gives them, quoted alike by several
// independent engines (e.g. jeffreyan11/othello_engine, a Rust and a
// C++ reversi engine found by the search tool).
var published = []int64{1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800}

func TestPerftPublished(t *testing.T) {
	for d := 1; d < len(published)-1; d++ {
		if got := othello.Perft(othello.Start(), d); got != published[d] {
			t.Errorf("perft %d = %d, published %d", d, got, published[d])
		}
	}
	// Depth 11 split over two workers (depth 10 took the split path on one).
	got, err := othello.PerftContext(context.Background(), othello.Start(), 11, 2)
	if err != nil || got != published[11] {
		t.Errorf("PerftContext(11, 2 workers) = %d, %v; published %d", got, err, published[11])
	}
}

func TestPerftCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := othello.PerftContext(ctx, othello.Start(), 12, 2); err == nil {
		t.Error("a cancelled perft returned no error")
	}
	// Cancelled inside a subtree: depth 16 splits into subtrees of depth
	// 13, minutes each, and the count stops within a bound of 5 s (for a
	// loaded machine) of a cancel 100 ms in.
	ctx, cancel = context.WithCancel(context.Background())
	var cancelled time.Time
	time.AfterFunc(100*time.Millisecond, func() { cancelled = time.Now(); cancel() })
	_, err := othello.PerftContext(ctx, othello.Start(), 16, 1)
	if took := time.Since(cancelled); err == nil || took > 5*time.Second {
		t.Errorf("perft 16 cancelled: %v, %v after the cancel", err, took)
	}
}

// OEIS A124004 counts Reversi games at the end of ply n with another
// convention: a pass is a ply, but a game that ended before ply n is not
// counted (perft counts it as a leaf). It agrees with the perft table to
// ply 9 and differs from ply 10 on (24571056 against 24571284: the 228
// games over after 9 plies): counting it too pins both conventions.
func TestPliesA124004(t *testing.T) {
	a124004 := []int64{1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571056}
	var count func(b othello.Board, n int) int64
	count = func(b othello.Board, n int) int64 {
		if n == 0 {
			return 1
		}
		legal := b.Legal()
		if legal == 0 {
			if b.Over() {
				return 0
			}
			b, _ = b.Play(othello.Pass)
			return count(b, n-1)
		}
		var c int64
		for _, s := range legal.Squares() {
			next, _ := b.Play(s)
			c += count(next, n-1)
		}
		return c
	}
	for n, want := range a124004 {
		if got := count(othello.Start(), n); got != want {
			t.Errorf("games at the end of ply %d: %d, A124004 has %d", n, got, want)
		}
	}
}

func TestPlainPerftPublished(t *testing.T) {
	for d := 1; d <= 6; d++ {
		if got := plain.Perft(plain.Start(), d); got != published[d] {
			t.Errorf("plain perft %d = %d, published %d", d, got, published[d])
		}
	}
}

// toPlain converts a board to the plain representation.
func toPlain(b othello.Board) plain.Board {
	var p plain.Board
	for s := 0; s < 64; s++ {
		p.Cells[s] = int8(b.At(othello.Square(s)))
	}
	p.Turn = int8(b.Turn)
	return p
}

// The bitboard move generator, flips, passes and the end of the game
// against the square-by-square generator, on random games.
func TestBitboardAgreesWithPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	positions := 0
	for game := 0; game < 3000; game++ {
		b := othello.Start()
		for !b.Over() {
			positions++
			pb := toPlain(b)
			legal := b.Legal()
			want := pb.Legal()
			if got := legal.Squares(); !equalSquares(got, want) {
				t.Fatalf("game %d: legal %v, plain %v in\n%v", game, got, want, b)
			}
			for s := 0; s < 64; s++ {
				got := b.Flips(othello.Square(s)).Squares()
				if !equalSquares(got, pb.Flips(s)) {
					t.Fatalf("game %d: flips at %v: %v, plain %v in\n%v", game, othello.Square(s), got, pb.Flips(s), b)
				}
			}
			if pb.Over() != b.Over() {
				t.Fatalf("game %d: over %v, plain %v", game, b.Over(), pb.Over())
			}
			s := othello.Pass
			if legal != 0 {
				sq := legal.Squares()
				s = sq[rng.IntN(len(sq))]
			}
			next, err := b.Play(s)
			if err != nil {
				t.Fatal(err)
			}
			if toPlain(next) != pb.Play(int(s)) {
				t.Fatalf("game %d: after %v the boards differ:\n%v", game, s, next)
			}
			b = next
		}
		if b.Over() != toPlain(b).Over() {
			t.Fatal("end of game disagrees")
		}
	}
	t.Logf("%d positions compared", positions)
}

func equalSquares(a []othello.Square, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if int(a[i]) != b[i] {
			return false
		}
	}
	return true
}

// The 1-ply player against eq. (8) computed in full by package plain: on
// every decision of random games, for the heuristic and random WPCs, the
// move is plain's (the best after-state, ties to the first square), and
// its value is the best value. Many decisions of the heuristic are exact
// ties in real arithmetic, which float64 rounding must not break.
func TestWPCPlayerIsOnePlyOfEq8(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	wpcs := []*othello.WPC{othello.Heuristic(), othello.RandomWPC(1), othello.RandomWPC(2)}
	decisions, tied := 0, 0
	for game := 0; game < 600; game++ {
		b := othello.Start()
		for !b.Over() {
			legal := b.Legal()
			if legal == 0 {
				b, _ = b.Play(othello.Pass)
				continue
			}
			pb := toPlain(b)
			for _, w := range wpcs {
				pw := [64]float64(*w)
				if d := w.Value(b) - plain.Value(&pw, pb); math.Abs(d) > 1e-12 {
					t.Fatalf("Value differs from eq. (8) by %g", d)
				}
				got := w.Move(b, legal, nil)
				if want := plain.Best(&pw, pb, pb.Legal()); int(got) != want {
					t.Fatalf("%v chose %v, plain chose %v in\n%v", b.Turn, got, othello.Square(want), b)
				}
				best, n := math.Inf(int(-b.Turn)), 0
				for _, s := range pb.Legal() {
					v := plain.Value(&pw, pb.Play(s))
					if float64(b.Turn)*v > float64(b.Turn)*best {
						best = v
					}
				}
				for _, s := range pb.Legal() {
					if math.Abs(plain.Value(&pw, pb.Play(s))-best) < 1e-9 {
						n++
					}
				}
				if v := plain.Value(&pw, pb.Play(int(got))); math.Abs(v-best) > 1e-9 {
					t.Fatalf("%v chose %v worth %v; the best after-state is worth %v", b.Turn, got, v, best)
				}
				decisions++
				if n > 1 {
					tied++
				}
			}
			sq := legal.Squares()
			b, _ = b.Play(sq[rng.IntN(len(sq))])
		}
	}
	t.Logf("%d decisions, %d among tied best moves", decisions, tied)
}

// Rounding does not break ties: 0.01 + 2*0.03 and 0.03 + 2*0.02 are both
// 0.07, yet in float64 the first is 0.06999999999999999.
func TestTiesSurviveRounding(t *testing.T) {
	a, b := 0.01, 0.03
	c, d := 0.03, 0.02
	if a+2*b == c+2*d {
		t.Fatal("the example no longer rounds apart")
	}
	// From the start black's d3 flips d4 and e6 flips e5: give them gains
	// equal in exact arithmetic, in either order, and c4, f5 losing ones.
	b0 := othello.Start()
	for _, swap := range []bool{false, true} {
		var w othello.WPC
		w[19], w[27], w[44], w[36] = a, b, c, d // d3 + 2 d4, e6 + 2 e5
		if swap {
			w[19], w[27], w[44], w[36] = c, d, a, b
		}
		w[26], w[37] = -1, -1
		if got := w.Move(b0, b0.Legal(), nil); got.String() != "d3" {
			t.Errorf("swap %v: played %v; d3 and e6 tie at 0.07, and d3 comes first", swap, got)
		}
	}
}

// The four opening moves are symmetric images of each other, so every
// symmetric WPC values them equally; the tie goes to the first in a1..h8
// order, d3.
func TestTieBreakFirstSquare(t *testing.T) {
	b := othello.Start()
	if got := othello.Heuristic().Move(b, b.Legal(), nil); got.String() != "d3" {
		t.Errorf("heuristic opens %v, want d3 (first of the tied d3 c4 f5 e6)", got)
	}
	var flat othello.WPC // all zero: every move ties
	b, _ = b.Play(19)
	if got, want := flat.Move(b, b.Legal(), nil), b.Legal().Squares()[0]; got != want {
		t.Errorf("zero WPC plays %v, want the first legal move %v", got, want)
	}
}

// Paper 003 fig. 2: the heuristic weights are symmetric; the issue gives
// rows 1-4, rows 5-8 mirror them.
func TestHeuristicWeights(t *testing.T) {
	w := othello.Heuristic()
	row1 := []float64{1.00, -0.25, 0.10, 0.05, 0.05, 0.10, -0.25, 1.00}
	row4 := []float64{0.05, 0.01, 0.02, 0.01, 0.01, 0.02, 0.01, 0.05}
	for c := 0; c < 8; c++ {
		if w[c] != row1[c] || w[56+c] != row1[c] || w[24+c] != row4[c] || w[32+c] != row4[c] {
			t.Fatalf("rows 1, 4, 5 or 8 differ from the issue's at column %d", c)
		}
	}
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			v := w[r*8+c]
			for _, s := range []int{c*8 + r, (7-r)*8 + c, r*8 + 7 - c, (7-c)*8 + 7 - r} {
				if w[s] != v {
					t.Fatalf("not symmetric at row %d column %d", r+1, c+1)
				}
			}
		}
	}
}

func TestRandomWPC(t *testing.T) {
	a, b := othello.RandomWPC(1), othello.RandomWPC(1)
	if *a != *b {
		t.Error("RandomWPC(1) differs between calls")
	}
	if *a == *othello.RandomWPC(2) {
		t.Error("RandomWPC(1) equals RandomWPC(2)")
	}
	lo, hi := 1.0, -1.0
	for k := uint64(0); k < 200; k++ {
		for _, x := range othello.RandomWPC(k) {
			lo, hi = min(lo, x), max(hi, x)
		}
	}
	if lo < -0.5 || hi > 0.5 || lo > -0.49 || hi < 0.49 {
		t.Errorf("weights span [%v, %v], want uniform on [-0.5, 0.5]", lo, hi)
	}
}

// Warren D. Smith (math-fun mailing list, "othello puzzles"): an 11-move
// game that ends with 14 black discs and 1 white disc in the diagram he
// gives, and a 64-0 wipeout by white in which black passes 23 times
// (passes left out of his record; empties go to the winner in the 64).
func TestReplayPublishedGames(t *testing.T) {
	g, err := othello.Replay("1.f5 2.f4 3.c3 4.e6 5.f7 6.g6 7.g4 8.e8 9.g8 10.g5 11.h5")
	if err != nil {
		t.Fatal(err)
	}
	diagram := "........ ........ ..B..... ...BBBB. ...BBBBB ....B.B. .....B.. ....W.B."
	var rows []string
	for r := 0; r < 8; r++ {
		row := ""
		for c := 0; c < 8; c++ {
			row += map[othello.Color]string{othello.Black: "B", othello.White: "W", othello.Empty: "."}[g.Final.At(othello.Square(r*8+c))]
		}
		rows = append(rows, row)
	}
	if got := strings.Join(rows, " "); got != diagram || !g.Final.Over() {
		t.Errorf("final board %s (over %v), published %s", got, g.Final.Over(), diagram)
	}
	w, err := othello.Replay("F5d6C4g5D7c7H5d8B8b7B6a7b5A6a5b4B3c6E8f8C8a8e7a4b2A2c2D2d1e2F2c5c3a1a3e6d3f6F7f1g2H2e3F4b1g1c1e1g8g7f3h1h3h4h6")
	if err != nil {
		t.Fatal(err)
	}
	passes := 0
	for _, s := range w.Moves {
		if s == othello.Pass {
			passes++
		}
	}
	nb, nw := w.Final.Count()
	if nb != 0 || !w.Final.Over() || w.Final.Winner() != othello.White || passes != 23 {
		t.Errorf("wipeout: black %d white %d, over %v, %d passes; published: white wipes black out, 23 passes", nb, nw, w.Final.Over(), passes)
	}
	// Written with explicit passes, the record replays the same.
	again, err := othello.Replay(strings.Join(movesOf(w), " "))
	if err != nil || again.Final != w.Final {
		t.Errorf("replaying with explicit passes: %v", err)
	}
}

func movesOf(g *othello.Game) []string {
	var s []string
	for _, m := range g.Moves {
		s = append(s, m.String())
	}
	return s
}

func TestReplayErrors(t *testing.T) {
	for _, tc := range []struct{ record, want string }{
		{"f5 f5", "move 2 (f5)"},
		{"a1", "move 1 (a1): a1 is not a legal move for black"},
		{"f5 pass", "move 2 (pass): white cannot pass"},
		{"f5 z9", `unexpected "z9"`},
	} {
		_, err := othello.Replay(tc.record)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Replay(%q) = %v, want an error containing %q", tc.record, err, tc.want)
		}
	}
	end, _ := othello.Replay("1.f5 2.f4 3.c3 4.e6 5.f7 6.g6 7.g4 8.e8 9.g8 10.g5 11.h5")
	if _, err := othello.Replay(end.Transcript() + " a1"); err == nil || !strings.Contains(err.Error(), "game is over") {
		t.Errorf("a move after the end: %v", err)
	}
}

func TestPassRules(t *testing.T) {
	w, _ := othello.Replay("F5d6C4g5D7c7H5d8B8b7B6a7")
	b := w.Final // black to move, and black has no move here
	if b.Turn != othello.Black || b.Legal() != 0 || b.Over() {
		t.Fatalf("want black to move with no legal move:\n%v", b)
	}
	if _, err := b.Play(othello.Square(0)); err == nil {
		t.Error("a side without moves played a1")
	}
	next, err := b.Play(othello.Pass)
	if err != nil || next.Turn != othello.White || next.Black != b.Black || next.White != b.White {
		t.Errorf("pass: %v", err)
	}
	if _, err := othello.Start().Play(othello.Pass); err == nil {
		t.Error("black passed with legal moves")
	}
}

func TestSquareNotation(t *testing.T) {
	for s := othello.Square(0); s < 64; s++ {
		back, err := othello.ParseSquare(strings.ToUpper(s.String()))
		if err != nil || back != s {
			t.Errorf("%v: %v %v", s, back, err)
		}
	}
	if s, _ := othello.ParseSquare("h8"); s != 63 {
		t.Errorf("h8 = %d", s)
	}
	if s, _ := othello.ParseSquare("d3"); s != 19 {
		t.Errorf("d3 = %d", s)
	}
	if _, err := othello.ParseSquare("i1"); err == nil {
		t.Error("i1 accepted")
	}
	if got := othello.Start().Legal().String(); got != "[d3 c4 f5 e6]" {
		t.Errorf("opening moves %s, want d3 c4 f5 e6", got)
	}
}

func TestPlayDeterministicAndNoisy(t *testing.T) {
	h, r := othello.Heuristic(), othello.RandomWPC(5)
	g1, _ := othello.Play(h, r, 0.1, rand.New(rand.NewPCG(1, 2)))
	g2, _ := othello.Play(h, r, 0.1, rand.New(rand.NewPCG(1, 2)))
	if g1.Transcript() != g2.Transcript() {
		t.Fatal("same players and stream gave different games")
	}
	// Without noise two WPCs always play the same game; with noise the
	// share of forced moves is about epsilon.
	d1, _ := othello.Play(h, r, 0, rand.New(rand.NewPCG(1, 2)))
	d2, _ := othello.Play(h, r, 0, rand.New(rand.NewPCG(9, 9)))
	if d1.Transcript() != d2.Transcript() {
		t.Error("noise-free games of two WPCs differ between streams")
	}
	forced, moves := 0, 0
	for i := 0; i < 400; i++ {
		g, err := othello.Play(h, r, 0.1, rand.New(rand.NewPCG(7, uint64(i))))
		if err != nil {
			t.Fatal(err)
		}
		for k, s := range g.Moves {
			if s != othello.Pass {
				moves++
				if g.Forced[k] {
					forced++
				}
			}
		}
		if replay, err := othello.Replay(g.Transcript()); err != nil || replay.Final != g.Final {
			t.Fatalf("game %d does not replay: %v", i, err)
		}
	}
	// Binomial: sd of the share is about sqrt(0.09/moves) ~ 0.0019.
	if share := float64(forced) / float64(moves); math.Abs(share-0.1) > 0.01 {
		t.Errorf("forced share %.4f of %d moves, want 0.1", share, moves)
	}
	if _, err := othello.Play(h, r, 1.5, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("epsilon 1.5 accepted")
	}
}

// A player that returns an illegal move makes Play fail, not panic.
type cheater struct{}

func (cheater) Move(othello.Board, othello.Bitboard, *rand.Rand) othello.Square { return 0 }

func TestIllegalPlayerMove(t *testing.T) {
	_, err := othello.Play(cheater{}, othello.RandomMover{}, 0, rand.New(rand.NewPCG(1, 1)))
	if err == nil || !strings.Contains(err.Error(), "a1, which is not a legal move") {
		t.Errorf("got %v", err)
	}
	m := &othello.Match{Players: []othello.Player{cheater{}, othello.RandomMover{}}}
	if _, err := m.Play(0, 1, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("Match accepted an illegal move")
	}
	if _, err := m.Play(0, 5, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("Match accepted player 5 of 2")
	}
}

func TestReadWPC(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var rows []string
	h := othello.Heuristic()
	for r := 0; r < 8; r++ {
		var f []string
		for c := 0; c < 8; c++ {
			f = append(f, strings.TrimSpace(strings.Fields(h.String())[r*8+c]))
		}
		rows = append(rows, strings.Join(f, ", "))
	}
	good := write("h.csv", "# the heuristic\n"+strings.Join(rows, "\n")+"\n")
	w, err := othello.ReadWPC(good)
	if err != nil || *w != *h {
		t.Fatalf("reading the heuristic back: %v", err)
	}
	for _, tc := range []struct{ name, text, want string }{
		{"short.txt", strings.Repeat("1 ", 63), "short.txt:1: 63 weights, want 64"},
		{"long.txt", strings.Repeat("1 ", 64) + "\n2\n", "long.txt:2: more than 64 weights"},
		{"word.txt", "1 2\n3 x 4\n", `word.txt:2: weight "x" is not a finite number`},
		{"nan.txt", "NaN", `nan.txt:1: weight "NaN" is not a finite number`},
		{"empty.txt", "", "empty.txt:0: 0 weights, want 64"},
	} {
		_, err := othello.ReadWPC(write(tc.name, tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
	if _, err := othello.ParsePlayer("file:" + filepath.Join(dir, "missing")); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("missing file: %v", err)
	}
}

func TestParsePlayer(t *testing.T) {
	for spec, want := range map[string]string{
		"heuristic": "", "random-mover": "", "random:7": "",
		"random": "random:K", "random:x": "random:K", "heuristic:2": "want heuristic", "alpha": "want heuristic", "file:": "needs a path",
	} {
		_, err := othello.ParsePlayer(spec)
		if (want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), want) {
			t.Errorf("ParsePlayer(%q) = %v, want error containing %q", spec, err, want)
		}
	}
	p, _ := othello.ParsePlayer("random:7")
	if *p.(*othello.WPC) != *othello.RandomWPC(7) {
		t.Error("random:7 is not RandomWPC(7)")
	}
}

func TestRandomMoverUniform(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	b := othello.Start()
	counts := map[othello.Square]int{}
	for i := 0; i < 4000; i++ {
		counts[othello.RandomMover{}.Move(b, b.Legal(), rng)]++
	}
	for _, s := range b.Legal().Squares() {
		if c := counts[s]; c < 900 || c > 1100 { // 1000 +- 6 sd
			t.Errorf("%v drawn %d times of 4000", s, c)
		}
	}
}

func TestRender(t *testing.T) {
	g, _ := othello.Replay("1.f5 2.f4 3.c3 4.e6 5.f7 6.g6 7.g4 8.e8 9.g8 10.g5 11.h5")
	svg := g.SVG()
	for _, want := range []string{"<svg", "11.h5", "black 14, white 1: black wins"} {
		if !strings.Contains(svg, want) {
			t.Errorf("game SVG lacks %q", want)
		}
	}
	// 15 discs (circles drawn as arcs) each numbered, 4 of them initial.
	png, err := g.PNG()
	if err != nil || len(png) < 8 || string(png[1:4]) != "PNG" {
		t.Errorf("PNG: %v", err)
	}
	if s := othello.Start().String(); !strings.Contains(s, "4 . . . O X . . .") || !strings.Contains(s, "black to move") {
		t.Errorf("text board:\n%s", s)
	}
	if !strings.Contains(othello.Start().SVG(), "black 2, white 2; black to move") {
		t.Error("board SVG lacks its caption")
	}
}

func TestBitboardHelpers(t *testing.T) {
	var b othello.Bitboard = 1<<0 | 1<<63 | 1<<19
	if b.Count() != 3 || !b.Has(63) || b.Has(1) || b.Has(othello.Pass) || b.String() != "[a1 d3 h8]" {
		t.Errorf("bitboard %v count %d", b, b.Count())
	}
	if bits.OnesCount64(uint64(othello.Start().Black|othello.Start().White)) != 4 {
		t.Error("start has 4 discs")
	}
}

func TestNewWPCAndNilStream(t *testing.T) {
	h := othello.Heuristic()
	w, err := othello.NewWPC(h[:])
	if err != nil || *w != *h {
		t.Errorf("NewWPC of the heuristic: %v", err)
	}
	if _, err := othello.NewWPC(make([]float64, 63)); err == nil || !strings.Contains(err.Error(), "63 weights") {
		t.Errorf("63 weights: %v", err)
	}
	bad := make([]float64, 64)
	bad[63] = math.Inf(1)
	if _, err := othello.NewWPC(bad); err == nil || !strings.Contains(err.Error(), "h8") {
		t.Errorf("infinite weight: %v", err)
	}
	if _, err := othello.Play(h, othello.RandomMover{}, 0.1, nil); err == nil {
		t.Error("a nil stream was accepted")
	}
	if _, err := othello.PerftContext(context.Background(), othello.Start(), -1, 1); err == nil {
		t.Error("negative depth accepted")
	}
}
