package bt_test

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/coevolab/coevo/stats/bt"
)

// Fuzz targets for every reader. Their seed corpora (the f.Add calls and
// testdata/fuzz/Fuzz*) run with every go test; make fuzz explores further.

// checkRead holds for any input in any format: a result or an error that
// names the file, never a panic; results that only hold games between two
// different, named, UTF-8 players, with counts in [0, MaxCount]; ReadPairs
// agreeing with Read; and a fit with a prior that fails cleanly if at all.
func checkRead(t *testing.T, format, src string) {
	name := "f." + format
	r, err := bt.Read(strings.NewReader(src), name, format)
	// The fast path for plain lines reads what the general path reads.
	was := bt.SetFastRows(false)
	slow, slowErr := bt.Read(strings.NewReader(src), name, format)
	bt.SetFastRows(was)
	if fmt.Sprint(err) != fmt.Sprint(slowErr) || err == nil && !reflect.DeepEqual(r.Players, slow.Players) ||
		err == nil && !reflect.DeepEqual(r.Matchups, slow.Matchups) {
		t.Fatalf("fast path: %v %+v\ngeneral path: %v %+v", err, r, slowErr, slow)
	}
	if err != nil {
		var de *bt.DataError
		if !errors.As(err, &de) || !strings.HasPrefix(err.Error(), name+":") {
			t.Fatalf("unlocated error %v", err)
		}
		if _, _, err2 := bt.ReadPairs(strings.NewReader(src), name, format); err2 == nil || err2.Error() != err.Error() {
			t.Fatalf("Read: %v; ReadPairs: %v", err, err2)
		}
		return
	}
	seen := map[string]bool{}
	for _, p := range r.Players {
		if p == "" || !utf8.ValidString(p) || seen[p] {
			t.Fatalf("bad or repeated player name %q in %q", p, r.Players)
		}
		seen[p] = true
	}
	for _, m := range r.Matchups {
		if m.A == m.B || m.A < 0 || m.B < 0 || m.A >= len(r.Players) || m.B >= len(r.Players) || !(m.Games() > 0) {
			t.Fatalf("bad matchup %+v", m)
		}
		for _, x := range []float64{m.WinsA, m.WinsB, m.Draw} {
			if !(x >= 0 && x <= bt.MaxCount) {
				t.Fatalf("bad count in %+v", m)
			}
		}
	}
	players, pairs, err := bt.ReadPairs(strings.NewReader(src), name, format)
	if err != nil || !slices.Equal(players, r.Players) {
		t.Fatalf("ReadPairs: %q, %v; Read: %q", players, err, r.Players)
	}
	want := r.Pairs()
	if !slices.Equal(pairs.I, want.I) || !slices.Equal(pairs.J, want.J) || !slices.Equal(pairs.WinsI, want.WinsI) ||
		!slices.Equal(pairs.WinsJ, want.WinsJ) || !slices.Equal(pairs.Draws, want.Draws) {
		t.Fatalf("ReadPairs %+v, Read then Pairs %+v", pairs, want)
	}
	if noGames := r.NoGames(); len(noGames) > 0 {
		if r, err = r.Without(noGames...); err != nil {
			t.Fatal(err)
		}
	}
	if len(r.Players) < 2 {
		return
	}
	fit, err := bt.Options{Prior: 1}.Fit(r)
	if err != nil {
		return
	}
	for _, e := range fit.Elo() {
		if math.IsNaN(e) || math.IsInf(e, 0) {
			t.Fatalf("rating %v", fit.Elo())
		}
	}
}

func FuzzReadPairs(f *testing.F) {
	f.Add("a,b,wins_a,wins_b,draws,first\nx,y,3,1,0,a\ny,z,2,2,1,\nx,z,1,2,1,b\n")
	f.Add("\uFEFFwins_b,b,a,wins_a\n1,y,x,3\n")
	f.Add("a,b,wins_a,wins_b\nx,y,1e308,1\n")
	f.Add("a,b,wins_a,wins_b\nx,w,0,0\nx,y,2,1\n")
	f.Add("a,b,wins_a,wins_b,draws\nx,y,3,1,0\ny,z,2,2,1\nx,z, 1,2,1\n\"q\",x,1,1,1\nz,y,,0,1234567890123456\nx ,y,1,1,1\n")
	f.Fuzz(func(t *testing.T, src string) { checkRead(t, "pairs", src) })
}

func FuzzReadMatrix(f *testing.F) {
	f.Add("player,1,2,3\n1,,4,9\n2,6,,6\n3,1,4,\n")
	f.Add("p,x,y,,% won\nx,-,3.5,,75\ny,0.5,-,,25\n")
	f.Add(",,\n,,0\n,,0") // crashed the reader before it checked names
	f.Add("p,x,y,z\nx,,3,1\ny,1,,2\n")
	f.Fuzz(func(t *testing.T, src string) { checkRead(t, "matrix", src) })
}

func FuzzReadGames(f *testing.F) {
	f.Add("first,second,result\nx,y,1-0\ny,x,1/2-1/2\nz,x,0\ny,z,draw\n")
	f.Add("result,second,first,game\n1,y,x,1\n0-1,x,y,2\n")
	f.Fuzz(func(t *testing.T, src string) { checkRead(t, "games", src) })
}

func FuzzReadPGN(f *testing.F) {
	f.Add(samplePGN)
	f.Add("[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n")
	f.Add("{ open comment\n[White \"a\"]\n")
	f.Add("\uFEFF[White \"Jos\xe9\"]\n[Black \"b\"]\n[Result \"1/2-1/2\"]\n\n1. e4 {x} e5 1/2-1/2\n")
	f.Fuzz(func(t *testing.T, src string) { checkRead(t, "pgn", src) })
}
