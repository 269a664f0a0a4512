package coevolve

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/othello"
	"github.com/coevolab/coevo/engine/tournament"
)

// small returns a short run of a method.
func small(m Method, size int, gens int) Config {
	c := PaperConfig(m, size, 3)
	c.Generations, c.Population = gens, 16
	switch m {
	case NashSolve:
		c.Snapshot = 2
	case Heuristic:
		c.Games = 4
	case ICL:
		c.Games, c.Epsilon = 1, 0
	}
	return c
}

// wpc returns the WPC of an archive member of an Othello run.
func wpc(t *testing.T, m Member) *othello.WPC {
	t.Helper()
	w, err := othello.NewWPC(m.X)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// wins reports whether a beats b with one noise-free game in each seat,
// played by othello.Play (not by the code under test).
func winsBothSeats(t *testing.T, a, b *othello.WPC) bool {
	t.Helper()
	rng := rand.New(rand.NewPCG(0, 0))
	g1, err := othello.Play(a, b, 0, rng)
	if err != nil {
		t.Fatal(err)
	}
	g2, err := othello.Play(b, a, 0, rng)
	if err != nil {
		t.Fatal(err)
	}
	return g1.Score() == 1 && g2.Score() == 0
}

// NashSolve's archive on Othello: it starts with one random player; every
// player admitted beat every member of the archive of the time as both
// black and white (checked by replaying the games); the archive never
// holds more than |A|, the oldest leaving first; the permanent archive
// takes the newest member every Snapshot generations.
func TestNashSolveArchive(t *testing.T) {
	for _, size := range []int{1, 3} {
		cfg := small(NashSolve, size, 30)
		run, err := Evolve(context.Background(), cfg, "", Options{})
		if err != nil {
			t.Fatal(err)
		}
		adm := run.Admitted.Members
		if adm[0].Generation != 0 || !math.IsNaN(adm[0].Fitness) || !slices.Equal(adm[0].X, Othello.randomVectors(cfg.Seed, streamFirst, 1)[0]) {
			t.Fatalf("|A|=%d: first member %+v is not the run's random player", size, adm[0])
		}
		if len(adm) < 3 {
			t.Fatalf("|A|=%d: only %d players admitted in 30 generations", size, len(adm))
		}
		for k := 1; k < len(adm); k++ {
			archive := adm[max(0, k-size):k]
			for _, m := range archive {
				if !winsBothSeats(t, wpc(t, adm[k]), wpc(t, m)) {
					t.Fatalf("|A|=%d: %s (generation %d) entered without beating %s in both seats", size, adm[k].Name, adm[k].Generation, m.Name)
				}
			}
			// Fitness of an admitted player: worst 2, mean 2: 2 + 0.4*0.5*2.
			if adm[k].Fitness != 2.4 {
				t.Errorf("|A|=%d: %s admitted with fitness %v, want 2.4", size, adm[k].Name, adm[k].Fitness)
			}
		}
		admittedAt := map[int]bool{}
		for _, m := range adm[1:] {
			admittedAt[m.Generation] = true
		}
		n := 1
		for _, h := range run.History {
			if h.Admitted != admittedAt[h.Generation] || (h.Best == 2.4) != h.Admitted {
				t.Errorf("|A|=%d: generation %d: admitted %v, best %v", size, h.Generation, h.Admitted, h.Best)
			}
			if h.Admitted {
				n++
			}
			if h.Archive != min(n, size) {
				t.Errorf("|A|=%d: generation %d: archive of %d, want %d", size, h.Generation, h.Archive, min(n, size))
			}
		}
		final := run.Archive()
		if len(final) != min(size, len(adm)) || final[len(final)-1].Name != adm[len(adm)-1].Name {
			t.Errorf("|A|=%d: final archive %v", size, final)
		}
		if run.Permanent.Len() != 15 {
			t.Errorf("|A|=%d: %d players in the permanent archive, want 30/2", size, run.Permanent.Len())
		}
		for _, p := range run.Permanent.Members {
			var newest Member
			for _, m := range adm {
				if m.Generation <= p.Generation {
					newest = m
				}
			}
			if !slices.Equal(p.X, newest.X) || p.Generation%2 != 0 {
				t.Errorf("|A|=%d: permanent member %s is not the newest archive member of its generation (%s)", size, p.Name, newest.Name)
			}
		}
		if run.Games != sumGames(run) {
			t.Errorf("games %d, history says %d", run.Games, sumGames(run))
		}
	}
}

func sumGames(r *Run) int64 { return r.History[len(r.History)-1].Games }

// The scores of a generation's games equal those engine/tournament
// computes for the same games: the generation is a tournament of
// candidates and opponents, each game on its own stream.
func TestEvaluateIsATournament(t *testing.T) {
	cands := []Player{othello.RandomWPC(1), othello.RandomWPC(2), othello.Heuristic()}
	opps := []Player{othello.RandomWPC(3), othello.RandomMover{}}
	const games, seed = 5, 42
	sc, err := evaluate(context.Background(), Othello.Game, cands, opps, games, 0.1, seed, true, 3)
	if err != nil {
		t.Fatal(err)
	}
	players := []othello.Player{othello.RandomWPC(1), othello.RandomWPC(2), othello.Heuristic(), othello.RandomWPC(3), othello.RandomMover{}}
	names := []string{"c0", "c1", "c2", "o0", "o1"}
	var fx []tournament.Fixture
	for c := 0; c < 3; c++ {
		for o := 3; o < 5; o++ {
			fx = append(fx, tournament.Fixture{First: c, Second: o, Games: games}, tournament.Fixture{First: o, Second: c, Games: games})
		}
	}
	res, err := tournament.Play(context.Background(), &othello.Match{Players: players, Epsilon: 0.1}, names, fx, tournament.Options{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	P, _ := res.Points()
	for c := 0; c < 3; c++ {
		tot := 0.0
		for o := 0; o < 2; o++ {
			// The tournament's points of c against o, both seats.
			if got := sc.black[c*2+o] + sc.white[c*2+o]; got != P[c][3+o] {
				t.Errorf("candidate %d, opponent %d: %v points, the tournament %v", c, o, got, P[c][3+o])
			}
			tot += P[c][3+o]
		}
		if sc.total[c] != tot {
			t.Errorf("candidate %d: total %v, want %v", c, sc.total[c], tot)
		}
	}
	if sc.games != 3*2*2*games {
		t.Errorf("%d games", sc.games)
	}
	for _, w := range []int{1, 2, 7} {
		again, err := evaluate(context.Background(), Othello.Game, cands, opps, games, 0.1, seed, false, w)
		if err != nil || !reflect.DeepEqual(again.total, sc.total) {
			t.Errorf("%d workers: %v, want %v", w, again.total, sc.total)
		}
	}
}

// A run is the same for any number of workers, for every method.
func TestWorkersDoNotMatter(t *testing.T) {
	for _, cfg := range []Config{small(NashSolve, 2, 6), small(Heuristic, 0, 3), small(ICL, 20, 3)} {
		a, err := Evolve(context.Background(), cfg, "", Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Evolve(context.Background(), cfg, "", Options{Workers: 5})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a.History, b.History) || !reflect.DeepEqual(a.Permanent, b.Permanent) {
			t.Errorf("%v: 1 and 5 workers differ", cfg)
		}
	}
}

// The fixed-set methods: fitness is the share of points against the set;
// the permanent archive takes the best candidate of every generation; the
// number of games is the paper's.
func TestFixedSetMethods(t *testing.T) {
	cfg := small(ICL, 10, 3)
	run, err := Evolve(context.Background(), cfg, "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if run.Permanent.Len() != 3 || run.Admitted != nil || run.Archive() != nil {
		t.Fatalf("permanent archive of %d, admitted %v", run.Permanent.Len(), run.Admitted)
	}
	// Replay the best of generation 1 against the ICL opponents.
	opps := Othello.randomVectors(cfg.Seed, streamICL, cfg.Opponents)
	best := run.Permanent.Members[0]
	pts := 0.0
	for i := range opps {
		o, err := othello.NewWPC(opps[i])
		if err != nil {
			t.Fatal(err)
		}
		g1, _ := othello.Play(wpc(t, best), o, 0, rand.New(rand.NewPCG(0, 0)))
		g2, _ := othello.Play(o, wpc(t, best), 0, rand.New(rand.NewPCG(0, 0)))
		pts += g1.Score() + 1 - g2.Score()
	}
	if want := pts / 20; best.Fitness != want || run.History[0].Best != want {
		t.Errorf("best of generation 1: fitness %v, replayed %v", best.Fitness, want)
	}
	if run.Games != 3*16*10*2 {
		t.Errorf("%d games", run.Games)
	}
	h := PaperConfig(Heuristic, 0, 1)
	if h.Games*2 != 500 || h.Epsilon != 0.1 || h.Generations != 100 || h.Population != 100 {
		t.Errorf("paper's heuristic run: %+v", h)
	}
	i500, i50k := PaperConfig(ICL, 500, 1), PaperConfig(ICL, 50000, 1)
	if i500.Games*2*500 != 10000 || i500.Epsilon != 0.1 || i50k.Games != 1 || i50k.Epsilon != 0 {
		t.Errorf("ICL-500 %+v, ICL-50,000 %+v", i500, i50k)
	}
	n4 := PaperConfig(NashSolve, 4, 1)
	if n4.Generations != 7500 || n4.Snapshot != 75 || n4.Games != 1 || n4.Epsilon != 0 {
		t.Errorf("NashSolve |A|=4: %+v", n4)
	}
}

// files reads every result file of a run directory.
func files(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, n := range []string{RunFile, ArchiveFile, AdmittedFile, HistoryFile, ArchivesFile, checkpointName} {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err == nil {
			out[n] = string(b)
		}
	}
	return out
}

// A run interrupted (its context cancelled part way through a
// generation) and resumed ends with the same files, byte for byte, as an
// uninterrupted run; so does a run continued to more generations.
func TestResumeEqualsUninterrupted(t *testing.T) {
	gonum := small(NashSolve, 2, 24)
	gonum.Optimizer = Gonum
	for _, cfg := range []Config{small(NashSolve, 2, 24), small(Heuristic, 0, 8), small(ICL, 20, 16), gonum} {
		whole := t.TempDir()
		if _, err := Evolve(context.Background(), cfg, whole, Options{CheckpointEvery: 5, CheckpointInterval: -1}); err != nil {
			t.Fatal(err)
		}
		want := files(t, whole)

		dir := t.TempDir()
		for _, stop := range []int{3, 7, 13} {
			if stop >= cfg.Generations {
				continue
			}
			ctx, cancel := context.WithCancel(context.Background())
			opt := Options{CheckpointEvery: 5, CheckpointInterval: -1, Progress: func(p Progress) {
				if p.Generation == stop {
					cancel()
				}
			}}
			_, err := Evolve(ctx, cfg, dir, opt)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("%v stopped at %d: %v", cfg, stop, err)
			}
			r, err := LoadRun(dir)
			if err != nil || r.Done != stop {
				t.Fatalf("%v: checkpoint after an interrupt at %d holds %v generations (%v)", cfg, stop, r, err)
			}
		}
		var resumed int
		run, err := Evolve(context.Background(), cfg, dir, Options{Progress: func(p Progress) { resumed = p.Resumed }})
		if err != nil {
			t.Fatal(err)
		}
		if resumed == 0 || !reflect.DeepEqual(files(t, dir), want) {
			t.Fatalf("%v: resumed after %d generations; files differ from the uninterrupted run", cfg, resumed)
		}
		// Again: the complete run is returned as it is.
		again, err := Evolve(context.Background(), cfg, dir, Options{})
		if err != nil || !reflect.DeepEqual(again.History, run.History) {
			t.Fatalf("%v: rerun of a complete run: %v", cfg, err)
		}

		// Continue to more generations: the same as a longer run.
		longer := cfg
		longer.Generations += 4
		if _, err := Evolve(context.Background(), longer, dir, Options{}); err != nil {
			t.Fatal(err)
		}
		straight := t.TempDir()
		if _, err := Evolve(context.Background(), longer, straight, Options{}); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(files(t, dir), files(t, straight)) {
			t.Errorf("%v: continued run differs from a longer run", cfg)
		}
	}
}

// A run directory holding other settings is refused, naming the setting,
// and left as it was.
func TestSettingsRefused(t *testing.T) {
	cfg := small(NashSolve, 2, 4)
	dir := t.TempDir()
	if _, err := Evolve(context.Background(), cfg, dir, Options{}); err != nil {
		t.Fatal(err)
	}
	before := files(t, dir)
	other := cfg
	other.Seed++
	var se *SettingsError
	if _, err := Evolve(context.Background(), other, dir, Options{}); !errors.As(err, &se) || se.Field != "seed" || !strings.Contains(err.Error(), "seed 3") {
		t.Errorf("other seed: %v", err)
	}
	shorter := cfg
	shorter.Generations = 2
	if _, err := Evolve(context.Background(), shorter, dir, Options{}); !errors.As(err, &se) || !strings.Contains(err.Error(), "holds 4 generations") {
		t.Errorf("fewer generations: %v", err)
	}
	if !reflect.DeepEqual(files(t, dir), before) {
		t.Error("a refused run changed the directory")
	}
	bad := cfg
	bad.Epsilon = 2
	if _, err := Evolve(context.Background(), bad, dir, Options{}); err == nil || !strings.Contains(err.Error(), "epsilon") {
		t.Errorf("epsilon 2: %v", err)
	}
	// A damaged checkpoint is an error naming it.
	os.WriteFile(filepath.Join(dir, checkpointName), []byte("junk"), 0o644)
	if _, err := Evolve(context.Background(), cfg, dir, Options{}); err == nil || !strings.Contains(err.Error(), checkpointName) {
		t.Errorf("damaged checkpoint: %v", err)
	}
}

// A Standing's Fitness orders like Better, for every pair of standings
// of up to four members (results in halves from 0 to 2).
func TestFitnessOrdersLikeBetter(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	mk := func() Standing {
		var s Standing
		for k := 1 + rng.IntN(4); k > 0; k-- {
			s.add(false, false, float64(rng.IntN(5))/2)
		}
		return s
	}
	for i := 0; i < 20000; i++ {
		a, b := mk(), mk()
		if a.Better(b) != (a.Fitness(0.5) > b.Fitness(0.5)) {
			t.Fatalf("%+v vs %+v: Better %v, fitness %v > %v", a, b, a.Better(b), a.Fitness(0.5), b.Fitness(0.5))
		}
	}
}
