package bt_test

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/coevolab/coevo/stats/bt"
)

// A PGN file as chess software writes it: tag pairs, movetext with
// comments (one spanning lines, one with a tag-like line inside), NAGs and
// variations, an escaped quote in a name, an unfinished game, and a game
// whose result is only at the end of its moves.
const samplePGN = `[Event "Test"]
[White "Engine \"A\""]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Nf3 {a comment
[White "not a tag"] still a comment} Nc6 3. Bb5 $1 (3. Bc4 Bc5) a6 1-0

[White "B"]
[Black "C"]
[Result "1/2-1/2"]

1. d4 d5 ; a rest-of-line comment 1-0
2. c4 1/2-1/2

[White "C"]
[Black "Engine \"A\""]
[Result "*"]

1. e4 *

% an escaped line
[White "C"]
[Black "B"]

1. c4 e5 0-1
`

func TestReadPGN(t *testing.T) {
	r, err := bt.Read(strings.NewReader(samplePGN), "s.pgn", "pgn")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(r.Players, "|") != `Engine "A"|B|C` {
		t.Fatalf("players %q", r.Players)
	}
	got := map[string]bt.Matchup{}
	for _, m := range r.Matchups {
		got[r.Players[m.A]+">"+r.Players[m.B]] = m
	}
	want := map[string][3]float64{`Engine "A">B`: {1, 0, 0}, "B>C": {0, 0, 1}, "C>B": {0, 1, 0}}
	if len(got) != len(want) {
		t.Fatalf("matchups %+v", r.Matchups)
	}
	for k, w := range want {
		m := got[k]
		if [3]float64{m.WinsA, m.WinsB, m.Draw} != w || m.Seat != bt.AFirst {
			t.Errorf("%s: %+v, want %v", k, m, w)
		}
	}
}

func TestReadPGNErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"[White \"a\"]\n[Result \"1-0\"]\n\n1-0\n", "x.pgn:1: game has no Black tag"},
		{"[White \"a\"]\n[Black \"b\"]\n[Result \"2-0\"]\n", "x.pgn:3: result \"2-0\""},
		{"[White \"a\"\n", "x.pgn:1: malformed tag"},
		{"[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5\n", "x.pgn:1: game has no Result tag and no result"},
		{"[White \"a\"]\n[Black \"a\"]\n[Result \"1-0\"]\n1-0\n", `"a" cannot play itself`},
		{"[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n1. e4 } 1-0\n", "x.pgn:4: unbalanced }"},
		{"[White \"\"]\n[Black \"b\"]\n[Result \"1-0\"]\n", "x.pgn:1: empty White tag"},
	}
	for _, c := range cases {
		_, err := bt.Read(strings.NewReader(c.src), "x.pgn", "pgn")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.src, err, c.want)
		}
	}
}

// PGN's character set is ISO 8859-1 (Latin-1): a name that is not valid
// UTF-8 is read as Latin-1, so that "Jos\xe9" (Latin-1) and "José" (UTF-8)
// are one player.
func TestReadPGNLatin1(t *testing.T) {
	src := "[White \"Jos\xe9\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n[White \"b\"]\n[Black \"José\"]\n[Result \"1-0\"]\n"
	r, err := bt.Read(strings.NewReader(src), "x.pgn", "pgn")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Players) != 2 || r.Players[0] != "José" {
		t.Fatalf("players %q", r.Players)
	}
}

// ReadPairs gives the same pairs as Read followed by Pairs, for every
// format, and the fits agree.
func TestReadPairsAgrees(t *testing.T) {
	games := "first,second,result\nx,y,1-0\nx,y,1-0\ny,x,1-0\ny,z,1/2-1/2\nz,y,1-0\nz,x,0-1\nx,z,0-1\n"
	for _, in := range []struct{ f, s string }{{"games", games}, {"pgn", samplePGN}} {
		r, err := bt.Read(strings.NewReader(in.s), in.f, in.f)
		if err != nil {
			t.Fatal(err)
		}
		players, p, err := bt.ReadPairs(strings.NewReader(in.s), in.f, in.f)
		if err != nil {
			t.Fatal(err)
		}
		q := r.Pairs()
		if strings.Join(players, ",") != strings.Join(r.Players, ",") || p.Len() != q.Len() {
			t.Fatalf("%s: %v %v", in.f, players, r.Players)
		}
		for k := 0; k < p.Len(); k++ {
			if p.I[k] != q.I[k] || p.J[k] != q.J[k] || p.WinsI[k] != q.WinsI[k] || p.WinsJ[k] != q.WinsJ[k] || p.Draws[k] != q.Draws[k] {
				t.Fatalf("%s pair %d: %v/%v vs %v/%v", in.f, k, p.I[k], p.J[k], q.I[k], q.J[k])
			}
		}
	}
}

// Pairs aggregates matchups by unordered pair exactly as the dense points
// matrix does.
func TestPairsMatchPoints(t *testing.T) {
	r := league(25, 200, 3, 600, 0.3, 12, true)
	P, N := r.Points()
	p := r.Pairs()
	seen := 0
	for k := 0; k < p.Len(); k++ {
		i, j := p.I[k], p.J[k]
		pi, pj := p.Points(k)
		if i >= j || math.Abs(pi-P[i][j]) > 1e-9 || math.Abs(pj-P[j][i]) > 1e-9 || math.Abs(p.Games(k)-N[i][j]) > 1e-9 {
			t.Fatalf("pair %d (%d,%d): %v %v %v vs %v %v %v", k, i, j, pi, pj, p.Games(k), P[i][j], P[j][i], N[i][j])
		}
		if k > 0 && (p.I[k-1] > i || p.I[k-1] == i && p.J[k-1] >= j) {
			t.Fatalf("pairs not sorted at %d", k)
		}
		seen++
	}
	played := 0
	for i := range N {
		for j := i + 1; j < len(N); j++ {
			if N[i][j] > 0 {
				played++
			}
		}
	}
	if seen != played {
		t.Fatalf("%d pairs, %d played", seen, played)
	}
}

// Tags may share a line, as some writers put them ([White "A"] [Black
// "B"]); a quote inside a value that is not followed by ] belongs to the
// value, as careless writers leave them unescaped.
func TestReadPGNTagsOnOneLine(t *testing.T) {
	src := "[White \"A\"] [Black \"B\"] [Result \"1-0\"]\n\n1. e4 1-0\n\n" +
		"[Event \"The \"Big\" Open\"][White \"B\"][Black \"C \\\"Jr\\\"\"]\n[Result \"0-1\"]\n0-1\n" +
		"[White \"C \\\"Jr\\\"\"] [Black \"A\"] [Result \"1/2-1/2\"] 1. d4 d5 1/2-1/2\n"
	r, err := bt.Read(strings.NewReader(src), "x.pgn", "pgn")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(r.Players, "|") != `A|B|C "Jr"` || len(r.Matchups) != 3 {
		t.Fatalf("players %q, matchups %+v", r.Players, r.Matchups)
	}
	want := map[[2]int][3]float64{{0, 1}: {1, 0, 0}, {1, 2}: {0, 1, 0}, {2, 0}: {0, 0, 1}}
	for _, m := range r.Matchups {
		if w := want[[2]int{m.A, m.B}]; [3]float64{m.WinsA, m.WinsB, m.Draw} != w {
			t.Errorf("%+v, want %v", m, w)
		}
	}
}

// A line longer than csvdata.MaxLine (a binary file, /dev/zero) is an
// error on one line, at that line, before more of it is read.
func TestReadPGNLongLine(t *testing.T) {
	for _, src := range []io.Reader{
		io.MultiReader(strings.NewReader("[White \"a\"]\n"), zeros{}),
		strings.NewReader("[White \"a\"]\n[Black \"" + strings.Repeat("b", 2<<20) + "\"]\n"),
	} {
		_, err := bt.Read(src, "z.pgn", "pgn")
		if err == nil || err.Error() != "z.pgn:2: line longer than 1048576 bytes: not a PGN file" {
			t.Fatalf("got %v", err)
		}
	}
}

// zeros is an endless stream of zero bytes, like /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// DropNoGames leaves out the players of no games and renumbers the pairs,
// which stay sorted.
func TestDropNoGames(t *testing.T) {
	src := "a,b,wins_a,wins_b\nx,w,0,0\ny,z,1,2\nv,x,0,0\nx,z,3,0\n"
	players, p, err := bt.ReadPairs(strings.NewReader(src), "d.csv", "pairs")
	if err != nil {
		t.Fatal(err)
	}
	kept, q, dropped := bt.DropNoGames(players, p)
	if strings.Join(kept, ",") != "x,y,z" || strings.Join(dropped, ",") != "w,v" || q.Players != 3 || q.Len() != 2 {
		t.Fatalf("kept %q dropped %q pairs %+v", kept, dropped, q)
	}
	// x-z (3, 0) and y-z (1, 2), as indices 0-2 and 1-2.
	if q.I[0] != 0 || q.J[0] != 2 || q.WinsI[0] != 3 || q.I[1] != 1 || q.J[1] != 2 || q.WinsJ[1] != 2 {
		t.Fatalf("pairs %+v", q)
	}
}

// A large pairs file in no order, some pairs listed several times in
// either direction: ReadPairs sums and sorts them exactly as Read then
// Pairs does.
func TestReadPairsUnsorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	var b strings.Builder
	b.WriteString("a,b,wins_a,wins_b,draws\n")
	for k := 0; k < 20000; k++ {
		a, c := rng.IntN(300), rng.IntN(299)
		if c >= a {
			c++
		}
		fmt.Fprintf(&b, "p%d,p%d,%d,%d,%g\n", a, c, rng.IntN(4), rng.IntN(4), float64(rng.IntN(5))/2)
	}
	src := b.String()
	players, p, err := bt.ReadPairs(strings.NewReader(src), "u.csv", "pairs")
	if err != nil {
		t.Fatal(err)
	}
	r, err := bt.Read(strings.NewReader(src), "u.csv", "pairs")
	if err != nil {
		t.Fatal(err)
	}
	q := r.Pairs()
	if !slices.Equal(players, r.Players) || !slices.Equal(p.I, q.I) || !slices.Equal(p.J, q.J) ||
		!slices.Equal(p.WinsI, q.WinsI) || !slices.Equal(p.WinsJ, q.WinsJ) || !slices.Equal(p.Draws, q.Draws) {
		t.Fatalf("ReadPairs and Read then Pairs differ (%d and %d pairs)", p.Len(), q.Len())
	}
	if p.Len() >= 20000 {
		t.Fatalf("%d pairs: no pair listed twice", p.Len())
	}
}
