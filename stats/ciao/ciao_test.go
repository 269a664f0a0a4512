package ciao_test

import (
	"bytes"
	"context"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/coevolve"
	"github.com/coevolab/coevo/engine/tournament"
	. "github.com/coevolab/coevo/stats/ciao"
)

// ladder: the higher-numbered player always wins.
type ladder struct{}

func (ladder) Play(first, second int, _ *rand.Rand) (float64, error) {
	if first > second {
		return 1, nil
	}
	return 0, nil
}

// The CIAO matrix of the cycle of eq. (7) in archive order: every entry
// is a player's share against an earlier one, which Table IV fixes:
// (payoff + 2) / 4 with the payoffs as printed (L:RR vs L:LL -2, R:RR vs
// L:LL 0, R:RR vs L:RR -2, R:LL vs L:LL 2, R:LL vs L:RR 0, R:LL vs R:RR -2).
func TestCIAOOfTheCycle(t *testing.T) {
	names := []string{"L:LL", "L:RR", "R:RR", "R:LL"}
	m, err := Play(context.Background(), sides(coevolve.Cycle7), names, []float64{10, 20, 30, 40}, 4, tournament.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	nan := math.NaN()
	want := [][]float64{
		{nan, nan, nan, nan},
		{0, nan, nan, nan},
		{0.5, 0, nan, nan},
		{1, 0.5, 0, nan},
	}
	got := m.CIAO()
	if len(got) != 4 {
		t.Fatalf("%d rows", len(got))
	}
	for i := range want {
		for j := range want[i] {
			if !(got[i][j] == want[i][j] || math.IsNaN(got[i][j]) && math.IsNaN(want[i][j])) {
				t.Errorf("C[%d][%d] = %v, want %v", i, j, got[i][j], want[i][j])
			}
		}
	}
	// The upper triangle of Score mirrors the lower.
	for i := range m.Score {
		for j := range m.Score {
			if i != j && m.Score[i][j]+m.Score[j][i] != 1 {
				t.Errorf("Score[%d][%d] + Score[%d][%d] = %v", i, j, j, i, m.Score[i][j]+m.Score[j][i])
			}
		}
	}
	// Dominance: L:LL first; L:RR and R:RR do not beat it; R:LL does.
	if d := m.Dominance(); !reflect.DeepEqual(d.Dominant, []int{0, 3}) {
		t.Errorf("dominant %v, want [0 3]", d.Dominant)
	}
	var csv bytes.Buffer
	if err := m.WriteCSV(&csv); err != nil {
		t.Fatal(err)
	}
	wantCSV := "player,generation,L:LL,L:RR,R:RR,R:LL\nL:LL,10,,,,\nL:RR,20,0,,,\nR:RR,30,0.5,0,,\nR:LL,40,1,0.5,0,\n"
	if csv.String() != wantCSV {
		t.Errorf("CSV:\n%s\nwant:\n%s", csv.String(), wantCSV)
	}
	if r, c := m.DataFrame().Dims(); r != 4 || c != 6 {
		t.Errorf("DataFrame %dx%d", r, c)
	}
}

// A ladder (the later player always wins) is transitive: tau = 1, every
// player is dominant, the last is best, and its CIAO matrix is all ones.
func TestLadder(t *testing.T) {
	names := []string{"a", "b", "c", "d", "e"}
	m, err := Play(context.Background(), ladder{}, names, nil, 10, tournament.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range m.CIAO() {
		for j, v := range row {
			if j < i && v != 1 {
				t.Errorf("C[%d][%d] = %v", i, j, v)
			}
		}
	}
	tr, err := m.Transitivity("ladder")
	if err != nil {
		// Hunter's condition fails for a perfect ladder: say so.
		if !strings.Contains(err.Error(), "ladder") {
			t.Fatal(err)
		}
	} else if tr.Tau != 1 {
		t.Errorf("tau %v", tr.Tau)
	}
	if m.Best() != 4 || !reflect.DeepEqual(m.Dominance().Dominant, []int{0, 1, 2, 3, 4}) {
		t.Errorf("best %d, dominant %v", m.Best(), m.Dominance().Dominant)
	}
	if !reflect.DeepEqual(m.Labels, []float64{0, 1, 2, 3, 4}) {
		t.Errorf("default labels %v", m.Labels)
	}
	if _, err := Play(context.Background(), ladder{}, names[:1], nil, 10, tournament.Options{}); err == nil {
		t.Error("one player accepted")
	}
}

// Table V of a league with a cycle: tau and D_KL as stats/intrans gives
// them for the same points (a 3-cycle of players plus a fourth that loses
// to all: one cyclic triad of four).
func TestTransitivity(t *testing.T) {
	// rps: 0 beats 1 beats 2 beats 0 three games in four; 3 wins one
	// game in ten against each.
	g := tableGame{
		{0, 0.75, 0.25, 0.9},
		{0.25, 0, 0.75, 0.9},
		{0.75, 0.25, 0, 0.9},
		{0.1, 0.1, 0.1, 0},
	}
	m, err := Play(context.Background(), g, []string{"r", "p", "s", "x"}, nil, 40, tournament.Options{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := m.Transitivity("rps+1")
	if err != nil {
		t.Fatal(err)
	}
	if tr.Tau != 0.75 || tr.Players != 4 {
		t.Errorf("tau %v (want 1 - 1/4), players %d", tr.Tau, tr.Players)
	}
	if !(tr.DKL > 0) {
		t.Errorf("D_KL %v", tr.DKL)
	}
	table := TableV{tr}
	if r, c := table.DataFrame().Dims(); r != 1 || c != 4 || !strings.Contains(table.String(), "0.7500") {
		t.Errorf("table %dx%d:\n%s", r, c, table)
	}
}

// tableGame wins with a fixed probability: g[i][j] is i's chance against
// j, whichever seat.
type tableGame [][]float64

func (g tableGame) Play(first, second int, rng *rand.Rand) (float64, error) {
	if rng.Float64() < g[first][second] {
		return 1, nil
	}
	return 0, nil
}

// Performance against a set: a ladder's players score exactly their share
// of the set below them.
func TestPerformance(t *testing.T) {
	names := []string{"p0", "p1", "p2", "p3", "p4", "p5"}
	rates, err := Performance(context.Background(), ladder{}, names, []int{0, 2, 5}, []int{1, 3, 4}, 4, tournament.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rates, []float64{0, 1.0 / 3, 1}) {
		t.Errorf("rates %v, want [0 1/3 1]", rates)
	}
	if _, err := Performance(context.Background(), ladder{}, names, []int{1}, []int{1}, 4, tournament.Options{}); err == nil {
		t.Error("a player in its own reference set was accepted")
	}
	if _, err := Performance(context.Background(), ladder{}, names, []int{1}, []int{2}, 3, tournament.Options{}); err == nil {
		t.Error("an odd number of games was accepted")
	}
	p, err := PerformancePlot("fig. 5", Curve{"a", []float64{10, 100}, rates[:2]}, Curve{"b", []float64{1e3, 1e5}, rates[1:]})
	if err != nil || p.X.Scale == nil {
		t.Fatal(err)
	}
}

// The figure saves in every format, atomically, with the right magic; the
// PNG has the figure's size.
func TestFigureFormats(t *testing.T) {
	m, err := Play(context.Background(), sides(coevolve.Cycle7), []string{"a", "b", "c", "d"}, nil, 2, tournament.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := m.Figure("cycle")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	magic := map[string]string{"pdf": "%PDF", "svg": "<?xml", "png": "\x89PNG", "eps": "%!PS-Adobe"}
	for ext, want := range magic {
		path := filepath.Join(dir, "ciao."+ext)
		if err := f.Save(path); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(path)
		if !bytes.HasPrefix(b, []byte(want)) {
			t.Errorf("%s starts %q", ext, b[:min(12, len(b))])
		}
	}
	if err := f.Save(filepath.Join(dir, "ciao.gif")); err == nil {
		t.Error(".gif accepted")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 4 {
		t.Errorf("%d files left in %s (a temporary file?)", len(entries), dir)
	}
	data, err := f.PNG()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if w := img.Bounds().Dx(); w != int(f.Width.Dots(96)+0.5) && w != int(f.Width.Dots(72)+0.5) {
		t.Errorf("PNG %d pixels wide for %v", w, f.Width)
	}
	if !strings.Contains(f.SVG(), "score against the ancestor") {
		t.Error("the SVG lacks the colour scale's label")
	}
}
