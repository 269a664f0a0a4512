package bt_test

import (
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"

	"github.com/coevolab/coevo/stats/bt"
)

// Detect tells every format from its first lines, as a user writes them,
// and says what it saw when it cannot.
func TestDetect(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"[Event \"x\"]\n[White \"A\"]\n", "pgn"},
		{"\n\n% escape\n[White \"A\"] [Black \"B\"]\n", "pgn"},
		{"\xef\xbb\xbf[White \"A\"]\n", "pgn"},
		{"a,b,wins_a,wins_b,draws\nx,y,1,2,0\n", "pairs"},
		{"# a comment\nA,B,Wins_A,Wins_B\n", "pairs"},
		{"wins_b,a,wins_a,b\n", "pairs"},
		{"first,second,result\nx,y,1-0\n", "games"},
		{"White,Black,Result\nx,y,1-0\n", "games"},
		{"player_a,player_b,score_a\nx,y,0.5\n", "games"},
		{"round,a,b,score\n1,x,y,1\n", "games"},
		{"player,1,2,3\n1,,4,9\n2,6,,6\n3,1,4,\n", "matrix"},
		{"\"\",\"x\",\"y\"\nx,,3\ny,1,\n", "matrix"},
		// A CSV row that starts with [ is a name, not a PGN tag: only the
		// first line that is not blank or a comment tells PGN.
		{"a,b,score\n[bot],y,1\n", "games"},
		{"first,second,result\n\n[x],y,1-0\n", "games"},
	} {
		got, err := bt.Detect([]byte(c.src))
		if err != nil || got != c.want {
			t.Errorf("%q: %q, %v; want %q", c.src, got, err, c.want)
		}
	}
	for _, c := range []struct{ src, want string }{
		{"", "empty"},
		{"# only a comment\n", "empty"},
		{"x,y,z\n1,2,3\n", `header "x,y,z" is none of the formats`},
		{"a,b,wins\nx,y,1\n", "pairs wants a,b,wins_a,wins_b"},
	} {
		_, err := bt.Detect([]byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.src, err, c.want)
		}
	}
}

// Read with no format reads each format as Read with it does.
func TestReadDetected(t *testing.T) {
	for format, src := range map[string]string{
		"pairs":  "a,b,wins_a,wins_b,draws\nx,y,3,1,2\ny,z,1,1,0\n",
		"games":  "player_a,player_b,score_a\nx,y,1\ny,x,0.5\nz,x,0\n",
		"matrix": "p,x,y\nx,,3\ny,1,\n",
		"pgn":    "[White \"x\"]\n[Black \"y\"]\n[Result \"1-0\"]\n\n1-0\n",
	} {
		want, err := bt.Read(strings.NewReader(src), "f", format)
		if err != nil {
			t.Fatal(format, err)
		}
		got, err := bt.Read(strings.NewReader(src), "f", "")
		if err != nil {
			t.Fatal(format, err)
		}
		if strings.Join(got.Players, ",") != strings.Join(want.Players, ",") || len(got.Matchups) != len(want.Matchups) {
			t.Fatalf("%s: %+v, want %+v", format, got, want)
		}
		for k := range got.Matchups {
			if got.Matchups[k] != want.Matchups[k] {
				t.Fatalf("%s: matchup %d %+v, want %+v", format, k, got.Matchups[k], want.Matchups[k])
			}
		}
	}
	_, err := bt.Read(strings.NewReader("x,y\n1,2\n"), "odd.csv", "")
	if err == nil || !strings.Contains(err.Error(), "odd.csv:1: header") {
		t.Fatalf("%v", err)
	}
}

// One game a row, however the columns are named and the results written,
// from a file or a DataFrame, gives the pairs the same games give in the
// pairs format; only first/second (white/black) record who moved first.
func TestGamesShapes(t *testing.T) {
	pairs := "a,b,wins_a,wins_b,draws\nann,bob,1,1,0\nbob,cat,1,0,1\nann,cat,1,1,1\n"
	want, err := bt.Read(strings.NewReader(pairs), "pairs.csv", "pairs")
	if err != nil {
		t.Fatal(err)
	}
	rows := [][3]string{{"ann", "bob", "1"}, {"bob", "cat", "0.5"}, {"cat", "ann", "1"}, {"ann", "bob", "0"},
		{"bob", "cat", "1"}, {"cat", "ann", "0.5"}, {"ann", "cat", "1"}}
	asResult := map[string]string{"1": "1-0", "0": "0-1", "0.5": "1/2-1/2"}
	asWord := map[string]string{"1": "Win", "0": "LOSS", "0.5": "draw"}
	for _, c := range []struct {
		head   string
		conv   map[string]string
		seated bool
	}{
		{"player_a,player_b,score_a", nil, false},
		{"a,b,score", nil, false},
		{"first,second,result", asResult, true},
		{"White,Black,Result", asResult, true},
		{"player1,player2,outcome", asWord, false},
	} {
		var b strings.Builder
		b.WriteString(c.head + "\n")
		for _, r := range rows {
			v := r[2]
			if c.conv != nil {
				v = c.conv[v]
			}
			b.WriteString(r[0] + "," + r[1] + "," + v + "\n")
		}
		got, err := bt.Read(strings.NewReader(b.String()), "games.csv", "games")
		if err != nil {
			t.Fatalf("%s: %v", c.head, err)
		}
		samePairs(t, c.head, got, want)
		for _, m := range got.Matchups {
			if (m.Seat != bt.NoSeat) != c.seated {
				t.Fatalf("%s: seat %v", c.head, m.Seat)
			}
		}
	}
	// A DataFrame, with scores as numbers and as strings.
	for _, scores := range []string{"1,0.5,1,0,1,0.5,1", "1-0,1/2-1/2,1-0,0-1,1-0,draw,1-0"} {
		s := strings.Split(scores, ",")
		var b strings.Builder
		b.WriteString("x,y,s\n")
		for k, r := range rows {
			b.WriteString(r[0] + "," + r[1] + "," + s[k] + "\n")
		}
		got, err := bt.FromGames(dataframe.ReadCSV(strings.NewReader(b.String())), "x", "y", "s")
		if err != nil {
			t.Fatal(err)
		}
		samePairs(t, "DataFrame "+scores, got, want)
	}
	for _, c := range []struct{ csv, want string }{
		{"x,y,s\nann,bob,2\n", `row 1: s 2: want 1, 0, 0.5`},
		{"x,y,s\nann,bob,won\n", `row 1: s "won": want`},
		{"x,y,s\nann,ann,1\n", `row 1: player "ann" cannot play itself`},
		{"x,z,s\nann,bob,1\n", `lacks column "y"`},
	} {
		_, err := bt.FromGames(dataframe.ReadCSV(strings.NewReader(c.csv)), "x", "y", "s")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.csv, err, c.want)
		}
	}
	r := bt.NewResults()
	for _, row := range rows {
		s := map[string]float64{"1": 1, "0": 0, "0.5": 0.5}[row[2]]
		if err := r.AddGame(row[0], row[1], s); err != nil {
			t.Fatal(err)
		}
	}
	samePairs(t, "AddGame", r, want)
	if err := r.AddGame("ann", "bob", 0.25); err == nil {
		t.Fatal("AddGame took a score of 0.25")
	}
}

func samePairs(t *testing.T, what string, got, want *bt.Results) {
	t.Helper()
	g, w := got.Pairs(), want.Pairs()
	name := func(r *bt.Results, i int32) string { return r.Players[i] }
	seen := map[string][3]float64{}
	for k := range w.I {
		seen[name(want, w.I[k])+"-"+name(want, w.J[k])] = [3]float64{w.WinsI[k], w.WinsJ[k], w.Draws[k]}
	}
	if g.Len() != w.Len() {
		t.Fatalf("%s: %d pairs, want %d", what, g.Len(), w.Len())
	}
	for k := range g.I {
		a, b := name(got, g.I[k]), name(got, g.J[k])
		c := [3]float64{g.WinsI[k], g.WinsJ[k], g.Draws[k]}
		if x, ok := seen[a+"-"+b]; ok && x == c {
			continue
		}
		if x, ok := seen[b+"-"+a]; ok && x == [3]float64{c[1], c[0], c[2]} {
			continue
		}
		t.Fatalf("%s: %s-%s %v not in the pairs", what, a, b, c)
	}
}
