package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/othello"
)

// The contract of issue 8: coevo othello perft --depth D --json prints
// {"depth":D,"nodes":N}; N is the published perft.
func TestOthelloPerftJSON(t *testing.T) {
	for d, want := range []int64{1, 4, 12, 56, 244, 1396, 8200} {
		out, errs, st := coevo("othello", "perft", "--depth", string(rune('0'+d)), "--json")
		var r map[string]int64
		if st != 0 || json.Unmarshal([]byte(out), &r) != nil || len(r) != 2 || r["depth"] != int64(d) || r["nodes"] != want {
			t.Errorf("depth %d: status %d, %q %s; want nodes %d", d, st, out, errs, want)
		}
	}
}

// Perft from a position: after any first move, perft d is perft d+1
// from the start divided by four (the first moves are symmetric images),
// whether the position comes as a move record or as a board.
func TestOthelloPerftFromPosition(t *testing.T) {
	after := "-------------------X-------XX------XO--------------------------- O" // after d3
	for _, c := range [][]string{{"--moves", "d3"}, {"--moves", "D3"}, {"--board", after}, {"--board", strings.ToLower(after)}} {
		out, errs, st := coevo(append([]string{"othello", "perft", "--depth", "8", "--json"}, c...)...)
		var r struct {
			Depth    int
			Nodes    int64
			Position string
		}
		if st != 0 || json.Unmarshal([]byte(out), &r) != nil || r.Depth != 8 || r.Nodes != 3005288/4 || r.Position != after {
			t.Errorf("%v: status %d, %q %s; want nodes %d (perft 9 / 4) from %s", c, st, out, errs, 3005288/4, after)
		}
	}
	out, errs, st := coevo("othello", "perft", "--depth", "3", "--moves", "f5 d6 c3 d3 c4")
	if st != 0 || !strings.HasPrefix(out, "perft 3 from ") || !strings.Contains(out, " O: ") {
		t.Errorf("text output: status %d, %q %s", st, out, errs)
	}
}

type playJSON struct {
	BlackWins   *int     `json:"black_wins"`
	WhiteWins   *int     `json:"white_wins"`
	Draws       *int     `json:"draws"`
	BlackPoints *float64 `json:"black_points"`
}

func playOnce(t *testing.T, args ...string) playJSON {
	t.Helper()
	out, errs, st := coevo(append([]string{"othello", "play"}, args...)...)
	if st != 0 {
		t.Fatalf("%v: status %d: %s", args, st, errs)
	}
	var r playJSON
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil || r.BlackWins == nil || r.WhiteWins == nil || r.Draws == nil || r.BlackPoints == nil {
		t.Fatalf("%v: %q is not {black_wins, white_wins, draws, black_points}: %v", args, out, err)
	}
	return r
}

func TestOthelloPlayJSON(t *testing.T) {
	args := []string{"--black", "heuristic", "--white", "random:1", "--games", "400", "--epsilon", "0.1", "--seed", "5", "--json"}
	r := playOnce(t, args...)
	if *r.BlackWins+*r.WhiteWins+*r.Draws != 400 || *r.BlackPoints != float64(*r.BlackWins)+float64(*r.Draws)/2 {
		t.Errorf("counts do not add up: %+v", r)
	}
	if *r.BlackPoints < 240 {
		t.Errorf("heuristic scored %v of 400 against random:1 (paper 003 Table VI: about 80%%)", *r.BlackPoints)
	}
	one := playOnce(t, append(args, "--workers", "1")...)
	if !reflect.DeepEqual(one, r) {
		t.Errorf("--workers 1 gives %+v, default %+v", one, r)
	}
	// A WPC file with the heuristic's weights plays as the heuristic.
	path := filepath.Join(t.TempDir(), "h.txt")
	os.WriteFile(path, []byte(othello.Heuristic().String()), 0o644)
	file := playOnce(t, "--black", "file:"+path, "--white", "random:1", "--games", "400", "--seed", "5", "--json")
	if !reflect.DeepEqual(file, r) {
		t.Errorf("file:%s plays %+v, heuristic %+v", path, file, r)
	}
	// Self-play is allowed.
	playOnce(t, "--black", "heuristic", "--white", "heuristic", "--games", "10", "--json")
}

// A league writes games that coevo bt fit --format games reads, and its
// first pairing is the games of play with the same seed.
func TestOthelloLeagueFeedsBT(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "results.csv")
	wpc := filepath.Join(dir, "w.csv")
	os.WriteFile(wpc, []byte(othello.RandomWPC(99).String()), 0o644)
	out, errs, st := coevo("othello", "league", "--players", "heuristic,random:1,random:2,file:"+wpc,
		"--games", "100", "--epsilon", "0.1", "--seed", "1", "--out", csv)
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 6 || !strings.Contains(lines[0], "% won") || !strings.Contains(lines[5], "600 games written") {
		t.Errorf("league output:\n%s", out)
	}
	fit, errs, st := coevo("bt", "fit", csv, "--format", "games", "--json")
	var r struct {
		Players []struct {
			Name  string  `json:"name"`
			Games float64 `json:"games"`
		} `json:"players"`
	}
	if st != 0 || json.Unmarshal([]byte(fit), &r) != nil || len(r.Players) != 4 || r.Players[3].Name != "file:"+wpc || r.Players[0].Games != 300 {
		t.Fatalf("bt fit: status %d, %s %s", st, fit, errs)
	}
	// heuristic's points against random:1 as first player (50 games).
	play := playOnce(t, "--black", "heuristic", "--white", "random:1", "--games", "50", "--seed", "1", "--json")
	data, _ := os.ReadFile(csv)
	points := 0.0
	for _, l := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(l, "heuristic,random:1,1-0,"):
			points++
		case strings.HasPrefix(l, "heuristic,random:1,1/2-1/2,"):
			points += 0.5
		}
	}
	if points != *play.BlackPoints {
		t.Errorf("league has heuristic scoring %v as black against random:1; play --games 50 says %v", points, *play.BlackPoints)
	}
}

func TestOthelloShow(t *testing.T) {
	dir := t.TempDir()
	svg, png := filepath.Join(dir, "g.svg"), filepath.Join(dir, "g.png")
	out, errs, st := coevo("othello", "show", "--black", "heuristic", "--white", "random-mover", "--seed", "3", "--svg", svg, "--png", png)
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	for _, want := range []string{" 1.d3", "  a b c d e f g h", "game over"} {
		if !strings.Contains(out, want) {
			t.Errorf("show lacks %q:\n%s", want, out)
		}
	}
	s, _ := os.ReadFile(svg)
	p, _ := os.ReadFile(png)
	if !strings.Contains(string(s), "<svg") || !strings.Contains(string(s), "1.d3") || len(p) < 8 || string(p[1:4]) != "PNG" {
		t.Errorf("pictures: svg %d bytes, png %d bytes", len(s), len(p))
	}
	// The game shown replays from its move list to the same result.
	var moves []string
	for _, l := range strings.Split(out, "\n")[1:] {
		if !strings.Contains(l, ".") || strings.HasPrefix(l, " ") && strings.Contains(l, "a b c") {
			continue
		}
		for _, f := range strings.Fields(l) {
			if _, m, ok := strings.Cut(f, "."); ok && len(m) >= 2 {
				moves = append(moves, strings.TrimSuffix(m, "*"))
			}
		}
	}
	g, err := othello.Replay(strings.Join(moves, " "))
	if err != nil || !strings.Contains(out, g.Result()) {
		t.Errorf("the move list does not replay to the result shown: %v", err)
	}
}

func TestOthelloBadUsage(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("1 2 3\n4 five 6\n"), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"othello"}, "missing subcommand"},
		{[]string{"othello", "fly"}, `unknown subcommand "fly"`},
		{[]string{"othello", "perft", "--depth", "-1"}, "--depth -1"},
		{[]string{"othello", "perft", "--moves", "f5 f5"}, "--moves: game record, move 2 (f5)"},
		{[]string{"othello", "perft", "--moves", "f5 zz"}, "--moves: game record: unexpected"},
		{[]string{"othello", "perft", "--board", "XO"}, "--board: 2 squares, want 64"},
		{[]string{"othello", "perft", "--board", strings.Repeat("-", 64)}, "--board: the side to move is missing"},
		{[]string{"othello", "perft", "--moves", "f5", "--board", strings.Repeat("-", 64) + " X"}, "give one"},
		{[]string{"othello", "play", "--white", "heuristic"}, "missing --black"},
		{[]string{"othello", "play", "--black", "alpha", "--white", "heuristic"}, `--black: player "alpha"`},
		{[]string{"othello", "play", "--black", "heuristic", "--white", "random:x"}, "random:K"},
		{[]string{"othello", "play", "--black", "heuristic", "--white", "heuristic", "--epsilon", "1.5"}, "--epsilon 1.5"},
		{[]string{"othello", "play", "--black", "heuristic", "--white", "heuristic", "--games", "0"}, "--games 0"},
		{[]string{"othello", "play", "--black", "file:" + bad, "--white", "heuristic"}, "bad.txt:2: weight \"five\""},
		{[]string{"othello", "play", "--black", "file:" + filepath.Join(dir, "none"), "--white", "heuristic"}, "none"},
		{[]string{"othello", "league", "--players", "heuristic,random:1", "--games", "7"}, "even number"},
		{[]string{"othello", "league", "--players", "heuristic"}, "at least two players"},
		{[]string{"othello", "league", "--players", "heuristic,heuristic"}, "listed twice"},
		{[]string{"othello", "league", "--players", "heuristic,random:1", "--out", filepath.Join(dir, "no", "r.csv")}, "does not exist"},
		{[]string{"othello", "show", "--black", "heuristic", "--white", "heuristic", "--svg", filepath.Join(dir, "no", "g.svg")}, "--svg"},
		{[]string{"othello", "show", "--black", "heuristic", "--white", "heuristic", "--epsilon", "NaN"}, "finite"},
	}
	for _, c := range cases {
		_, errs, st := coevo(c.args...)
		if st != 2 || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: status %d, stderr %q; want 2 and one line containing %q", c.args, st, errs, c.want)
		}
	}
	for _, sub := range []string{"perft", "play", "league", "show"} {
		out, _, st := coevo("othello", sub, "--help")
		if st != 0 || !strings.Contains(out, "Usage: coevo othello "+sub) {
			t.Errorf("othello %s --help: status %d: %s", sub, st, out)
		}
	}
}
