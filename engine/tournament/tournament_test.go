package tournament_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/othello"
	"github.com/coevolab/coevo/engine/tournament"
	"github.com/coevolab/coevo/stats/bt"
)

// ladder is a game whose result is known in advance: the higher index
// wins, so the points of a round robin are exactly known.
type ladder struct{}

func (ladder) Play(first, second int, _ *rand.Rand) (float64, error) {
	if first > second {
		return 1, nil
	}
	return 0, nil
}

func TestLadderPoints(t *testing.T) {
	names := []string{"p0", "p1", "p2", "p3"}
	res, err := tournament.RoundRobin(context.Background(), ladder{}, names, 6, tournament.Options{})
	if err != nil {
		t.Fatal(err)
	}
	P, N := res.Points()
	for i := range names {
		for j := range names {
			want := 0.0
			if i > j {
				want = 6
			}
			if P[i][j] != want || i != j && N[i][j] != 6 {
				t.Errorf("P[%d][%d] = %v of %v games, want %v of 6", i, j, P[i][j], N[i][j], want)
			}
		}
	}
	points, games := res.Totals()
	for i := range names {
		if points[i] != float64(6*i) || games[i] != 18 {
			t.Errorf("player %d: %v points in %v games, want %d in 18", i, points[i], games[i], 6*i)
		}
	}
	if r := res.Rate(3); r != 1 {
		t.Errorf("top player's rate %v", r)
	}
}

func league(players ...othello.Player) *othello.Match {
	return &othello.Match{Players: players, Epsilon: 0.1}
}

func names(n int) []string {
	s := []string{"heuristic", "random-mover"}
	for k := 1; len(s) < n; k++ {
		s = append(s, fmt.Sprintf("random:%d", k))
	}
	return s
}

func players(n int) []othello.Player {
	p := []othello.Player{othello.Heuristic(), othello.RandomMover{}}
	for k := 1; len(p) < n; k++ {
		p = append(p, othello.RandomWPC(uint64(k)))
	}
	return p
}

// Results do not depend on the number of workers or on GOMAXPROCS.
func TestDeterministicAcrossWorkers(t *testing.T) {
	m := league(players(6)...)
	base, err := tournament.RoundRobin(context.Background(), m, names(6), 200, tournament.Options{Seed: 7, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{2, 3, 16} {
		r, err := tournament.RoundRobin(context.Background(), m, names(6), 200, tournament.Options{Seed: 7, Workers: w})
		if err != nil || !reflect.DeepEqual(r.Scores, base.Scores) {
			t.Errorf("%d workers: results differ from 1 worker (%v)", w, err)
		}
	}
	prev := runtime.GOMAXPROCS(1)
	r, err := tournament.RoundRobin(context.Background(), m, names(6), 200, tournament.Options{Seed: 7})
	runtime.GOMAXPROCS(prev)
	if err != nil || !reflect.DeepEqual(r.Scores, base.Scores) {
		t.Errorf("GOMAXPROCS 1: results differ (%v)", err)
	}
	other, _ := tournament.RoundRobin(context.Background(), m, names(6), 200, tournament.Options{Seed: 8})
	if reflect.DeepEqual(other.Scores, base.Scores) {
		t.Error("seeds 7 and 8 gave the same league")
	}
}

// A game depends on the seed, the two players and its number only: the
// games of heuristic against random-mover are the same in a league of
// six, in a league of two and in a match of one against a set.
func TestStreamsDoNotDependOnSchedule(t *testing.T) {
	m := league(players(6)...)
	opt := tournament.Options{Seed: 3}
	big, _ := tournament.RoundRobin(context.Background(), m, names(6), 40, opt)
	small, _ := tournament.RoundRobin(context.Background(), m, names(2), 40, opt)
	vs, _ := tournament.Against(context.Background(), m, names(6), 0, []int{1, 4}, 40, opt)
	if !reflect.DeepEqual(big.Scores[0], small.Scores[0]) || !reflect.DeepEqual(big.Scores[1], small.Scores[1]) {
		t.Error("heuristic vs random-mover differs between leagues of 6 and 2")
	}
	if !reflect.DeepEqual(vs.Scores[0], small.Scores[0]) || !reflect.DeepEqual(vs.Scores[1], small.Scores[1]) {
		t.Error("Against differs from the league")
	}
	// And each equals a game played by hand on its stream.
	for r := 0; r < 20; r++ {
		g, _ := othello.Play(othello.Heuristic(), othello.RandomMover{}, 0.1, tournament.Stream(3, 0, 1, r))
		if g.Score() != small.Scores[0][r] {
			t.Fatalf("game %d: league %v, by hand %v", r, small.Scores[0][r], g.Score())
		}
	}
}

// League sanity (paper 003 section VI): at epsilon 0.1 the heuristic WPC
// beats random WPCs by a wide margin. Paper 003 Table VI has the
// heuristic scoring 16109.5 of 20000 (80.5%) against its random player.
// Measured here with seed 1: 78.8% of 2000 games against random:1 to
// random:20 (100 games each; the binomial standard error is about 0.9
// points), and more than half the points against every one of them
// (the weakest result is 67.0%). The test asks for at least 70% overall.
func TestHeuristicBeatsRandomWPCs(t *testing.T) {
	n := 22
	var opp []int
	for j := 2; j < n; j++ {
		opp = append(opp, j)
	}
	res, err := tournament.Against(context.Background(), league(players(n)...), names(n), 0, opp, 100, tournament.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rate := res.Rate(0)
	P, N := res.Points()
	worst := 1.0
	for _, j := range opp {
		worst = min(worst, P[0][j]/N[0][j])
	}
	t.Logf("heuristic scores %.1f%% against 20 random WPCs (worst pairing %.1f%%)", 100*rate, 100*worst)
	if rate < 0.70 || worst <= 0.5 {
		t.Errorf("heuristic scores %.3f (worst pairing %.3f): want >= 0.70 overall and > 0.5 against each", rate, worst)
	}
}

// The league's games feed stats/bt directly, and through the CSV that
// coevo bt fit --format games reads: both give the same ratings.
func TestBTReadsLeague(t *testing.T) {
	res, err := tournament.RoundRobin(context.Background(), league(players(5)...), names(5), 100, tournament.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	direct, err := bt.Fit(res.BT())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "league.csv")
	var buf bytes.Buffer
	if err := res.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	read, err := bt.ReadFile(path, "games")
	if err != nil {
		t.Fatal(err)
	}
	fromFile, err := bt.Fit(read)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(read.Players, res.Players) {
		t.Fatalf("players read %v, want %v", read.Players, res.Players)
	}
	de, fe := direct.Elo(), fromFile.Elo()
	for i := range de {
		if math.Abs(de[i]-fe[i]) > 1e-9 {
			t.Errorf("%s: Elo %v direct, %v through the CSV", res.Players[i], de[i], fe[i])
		}
	}
	// The points bt counts are the league's.
	P, _ := res.Points()
	Pb, _ := read.Points()
	if !reflect.DeepEqual(P, Pb) {
		t.Error("points matrix differs after the CSV round trip")
	}
	// Seats are kept: a first-move advantage can be fitted.
	if _, err := (bt.Options{Home: true}).Fit(res.BT()); err != nil {
		t.Errorf("home fit: %v", err)
	}
	if lines := strings.Count(buf.String(), "\n"); lines != 1+10*100 {
		t.Errorf("%d lines, want a header and 1000 games", lines)
	}
}

func TestTablesRender(t *testing.T) {
	res, _ := tournament.RoundRobin(context.Background(), ladder{}, []string{"a", "b", "c"}, 2, tournament.Options{})
	lines := strings.Split(res.String(), "\n")
	if len(lines) != 4 || strings.Join(strings.Fields(lines[0]), " ") != "a b c points games % won" ||
		strings.Join(strings.Fields(lines[3]), " ") != "c 2 2 - 4 4 100.0" {
		t.Errorf("points table:\n%s", res)
	}
	df := res.DataFrame()
	if r, c := df.Dims(); r != 3 || c != 7 {
		t.Errorf("DataFrame %dx%d, want 3x7", r, c)
	}
	if got := df.Col("% won").Float(); got[2] != 100 || got[0] != 0 {
		t.Errorf("%% won %v", got)
	}
	gf := res.GamesFrame()
	if r, _ := gf.Dims(); r != 6 {
		t.Errorf("GamesFrame has %d rows, want 6", r)
	}
}

// a game that fails or misbehaves at one pairing.
type faulty struct{ mode string }

func (f faulty) Play(first, second int, _ *rand.Rand) (float64, error) {
	if first == 2 && second == 1 {
		switch f.mode {
		case "error":
			return 0, errors.New("broken board")
		case "panic":
			panic("boom")
		case "score":
			return 0.7, nil
		}
	}
	return 1, nil
}

func TestErrors(t *testing.T) {
	ctx := context.Background()
	for mode, want := range map[string]string{"error": "broken board", "panic": "panic: boom", "score": "score 0.7"} {
		_, err := tournament.RoundRobin(ctx, faulty{mode}, []string{"a", "b", "c"}, 4, tournament.Options{})
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "of c (first) against b") {
			t.Errorf("%s: %v", mode, err)
		}
	}
	for _, tc := range []struct {
		names []string
		games int
		want  string
	}{
		{[]string{"a", "b"}, 3, "must be even"},
		{[]string{"a", "a"}, 2, `"a" is listed twice`},
		{[]string{"a", " "}, 2, "empty name"},
	} {
		if _, err := tournament.RoundRobin(ctx, ladder{}, tc.names, tc.games, tournament.Options{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v, %d games: %v, want %q", tc.names, tc.games, err, tc.want)
		}
	}
	two := []string{"a", "b"}
	for _, fx := range [][]tournament.Fixture{{{0, 0, 1}}, {{0, 2, 1}}, {{0, 1, -1}}, {{0, 1, 1}, {0, 1, 2}}} {
		if _, err := tournament.Play(ctx, ladder{}, two, fx, tournament.Options{}); err == nil {
			t.Errorf("fixtures %v accepted", fx)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := tournament.RoundRobin(cancelled, ladder{}, two, 1000, tournament.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled league: %v", err)
	}
	res, _ := tournament.RoundRobin(ctx, ladder{}, []string{"#a", "b"}, 2, tournament.Options{})
	if err := res.WriteCSV(&bytes.Buffer{}); err == nil {
		t.Error("a name starting with # was written to CSV")
	}
}

func TestProgress(t *testing.T) {
	var last, calls int
	_, err := tournament.RoundRobin(context.Background(), ladder{}, []string{"a", "b", "c"}, 200, tournament.Options{
		Progress: func(done, total int) {
			if total != 600 || done <= last {
				t.Errorf("progress %d of %d after %d", done, total, last)
			}
			last, calls = done, calls+1
		}})
	if err != nil || last != 600 || calls < 2 {
		t.Errorf("progress ended at %d after %d calls (%v)", last, calls, err)
	}
}
