package coevolve

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/connect4"
)

// NashSolve on Connect Four: every player admitted beat every member of
// the archive of its time in both seats, replayed here with
// connect4.Score; the files name the game and its weights, DomainOf reads
// the archive as Connect Four's, and a run interrupted and resumed (a
// format-3 checkpoint) ends as an uninterrupted one.
func TestConnectFourNashSolve(t *testing.T) {
	cfg := PaperConfig(NashSolve, 2, 5)
	cfg.Game, cfg.Generations, cfg.Population, cfg.Snapshot = ConnectFour.Name, 16, 12, 4
	whole := t.TempDir()
	run, err := Evolve(context.Background(), cfg, whole, Options{CheckpointInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	adm := run.Admitted.Members
	if len(adm) < 3 {
		t.Fatalf("%d admitted", len(adm))
	}
	lin := func(m Member) *connect4.Linear {
		l, err := connect4.NewLinear(m.X)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	noise := rand.New(rand.NewPCG(0, 0))
	for k := 1; k < len(adm); k++ {
		for _, m := range adm[max(0, k-2):k] {
			a, _ := connect4.Score(lin(adm[k]), lin(m), 0, noise)
			b, _ := connect4.Score(lin(m), lin(adm[k]), 0, noise)
			if a != 1 || b != 0 {
				t.Errorf("%s entered without beating %s in both seats (%v, %v)", adm[k].Name, m.Name, a, 1-b)
			}
		}
	}
	js, _ := os.ReadFile(filepath.Join(whole, RunFile))
	head, _ := os.ReadFile(filepath.Join(whole, ArchiveFile))
	if !strings.Contains(string(js), `"game": "connect4"`) || !strings.HasPrefix(string(head), "name,generation,games,fitness,a1,b1,") || !strings.Contains(strings.SplitN(string(head), "\n", 2)[0], ",g6,own1,own2,own3,opp1,opp2,opp3") {
		t.Errorf("run.json %s\narchive header %.200s", js, head)
	}
	a, err := ReadArchive(filepath.Join(whole, ArchiveFile))
	if err != nil {
		t.Fatal(err)
	}
	if d, err := DomainOf(a); err != nil || d.Name != "connect4" {
		t.Errorf("DomainOf: %v %v", d.Name, err)
	}
	if _, err := Othello.Players(a); err == nil {
		t.Error("Othello made players of a Connect Four archive")
	}
	loaded, err := LoadRun(whole)
	if err != nil || loaded.Domain.Name != "connect4" || loaded.Config.Game != "connect4" {
		t.Fatalf("LoadRun: %v %v", loaded, err)
	}
	if _, err := Othello.LoadRun(whole); err == nil {
		t.Error("Othello loaded a Connect Four run")
	}
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	if _, err := Evolve(ctx, cfg, dir, Options{CheckpointEvery: 3, CheckpointInterval: -1, Progress: func(p Progress) {
		if p.Generation == 7 {
			cancel()
		}
	}}); !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	if _, err := Evolve(context.Background(), cfg, dir, Options{}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(files(t, dir), files(t, whole)) {
		t.Error("the resumed Connect Four run differs")
	}
	// The same directory refuses Othello, naming the game.
	oth := cfg
	oth.Game = ""
	var se *SettingsError
	if _, err := Evolve(context.Background(), oth, dir, Options{}); !errors.As(err, &se) || se.Field != "game" {
		t.Errorf("an Othello run in a Connect Four directory: %v", err)
	}
}

// The Connect Four family: its coordinates are the Linear's weights, its
// players Linear evaluations, its references the heuristic (the opponent
// of evolution against a fixed player) and alpha-beta.
func TestConnectFourFamily(t *testing.T) {
	d := ConnectFour
	if err := d.Check(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(d.Coordinates(), connect4.WeightNames()) || d.Dim() != 48 {
		t.Errorf("coordinates %v", d.Coordinates())
	}
	refs := d.References()
	if len(refs) != 2 || refs[0].Name != "heuristic" || refs[1].Name != "alphabeta" {
		t.Errorf("references %v", refs)
	}
	x := d.RandomVector(1)
	if len(x) != 48 || !slices.Equal(x, d.RandomVector(1)) || slices.Equal(x, d.RandomVector(2)) {
		t.Errorf("random vectors %v", x)
	}
	if _, err := d.Game.Play(othelloPlayer(), refs[0].Player, 0, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("an Othello player played Connect Four")
	}
}

func othelloPlayer() Player {
	p, _ := Othello.Family.Player(make([]float64, 64))
	return p
}
