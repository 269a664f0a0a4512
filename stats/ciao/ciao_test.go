package ciao_test

import (
	"bytes"
	"context"
	"image/color"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/coevolve"
	"github.com/coevolab/coevo/engine/tournament"
	"github.com/coevolab/coevo/internal/plottest"
	. "github.com/coevolab/coevo/stats/ciao"
	"github.com/coevolab/coevo/stats/plot"
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
	d := m.Dominance()
	if !reflect.DeepEqual(d.Dominant, []int{0, 3}) {
		t.Errorf("dominant %v, want [0 3]", d.Dominant)
	}
	// Its plot holds one dominant strategy from generation 10 to 40 and
	// climbs to two at 40.
	p, err := d.Plot()
	if err != nil {
		t.Fatal(err)
	}
	f := plottest.Render(p, plot.Width, plot.Height)
	for _, c := range []struct {
		gen, level float64
		line       bool
	}{{15, 1, true}, {35, 1, true}, {35, 2, false}, {40, 1.5, true}, {30, 1.5, false}} {
		if on := !plottest.Near(f.Point(p, c.gen, c.level), color.White, 40); on != c.line {
			t.Errorf("dominance plot at generation %g, level %g: line %v, want %v", c.gen, c.level, on, c.line)
		}
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
	// ReadCSV gives back the names, labels and the whole score matrix
	// (the later player's share is the complement).
	back, err := ReadCSV(strings.NewReader(wantCSV))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Names, m.Names) || !reflect.DeepEqual(back.Labels, m.Labels) {
		t.Errorf("read back %v %v", back.Names, back.Labels)
	}
	for i := range m.Score {
		for j := range m.Score {
			if i != j && back.Score[i][j] != m.Score[i][j] {
				t.Errorf("read back score[%d][%d] = %v, want %v", i, j, back.Score[i][j], m.Score[i][j])
			}
		}
	}
	for _, bad := range []string{"", "a,b\n", "player,generation,x\ny,1\n", "player,generation,x,y\nx,1,,\ny,2,1.5,\n"} {
		if _, err := ReadCSV(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadCSV(%q) accepted", bad)
		}
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
	// Games from 10 to 10^5: a log axis, on which the geometric mean of
	// the ends lies halfway; the share of points from 0 to 1.
	p, err := PerformancePlot("fig. 5", Curve{"a", []float64{10, 100}, rates[:2]}, Curve{"b", []float64{1e3, 1e5}, rates[1:]})
	if err != nil {
		t.Fatal(err)
	}
	if mid := p.X.Norm(math.Sqrt(p.X.Min * p.X.Max)); math.Abs(mid-0.5) > 1e-9 || p.X.Min != 10 || p.X.Max != 1e5 {
		t.Errorf("x axis %g..%g, geometric mean at %g of it", p.X.Min, p.X.Max, mid)
	}
	if p.Y.Min != 0 || p.Y.Max != 1 {
		t.Errorf("y axis %g..%g", p.Y.Min, p.Y.Max)
	}
	// Its legend names both curves, in order, above the data: title first.
	var above []string
	for _, tx := range plottest.Render(p, plot.Width, plot.Height).Above() {
		above = append(above, tx.S)
	}
	if want := []string{"fig. 5", "a", "b"}; !reflect.DeepEqual(above, want) {
		t.Errorf("above the data %q, want %q", above, want)
	}
	if _, err := PerformancePlot("", Curve{"a", []float64{1, 2}, []float64{0.5}}); err == nil {
		t.Error("a curve of 2 x and 1 y values accepted")
	}
}

// The CIAO plot of the cycle, read back from its pixels: the current
// player along x, the ancestor along y (paper 003: "a point (x, y)
// signifies the relative strength of player x playing against player y
// taken from a previous generation"), in ColorBrewer's greys from the
// lightest (a score of 0) to black (1), white where there is no ancestor.
// Its colour bar is labelled and its axes name generations.
func TestPlot(t *testing.T) {
	names := []string{"L:LL", "L:RR", "R:RR", "R:LL"}
	m, err := Play(context.Background(), sides(coevolve.Cycle7), names, []float64{10, 20, 30, 40}, 4, tournament.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	p, err := m.Plot()
	if err != nil {
		t.Fatal(err)
	}
	f := plottest.Render(p, plot.Width, plot.Height)
	grey := func(v uint8) color.Color { return color.Gray{Y: v} }
	for _, c := range []struct {
		current, ancestor int
		want              color.Color
	}{
		{3, 0, grey(0)},     // R:LL beats L:LL: 1
		{1, 0, grey(0xf0)},  // L:RR loses to L:LL: 0
		{3, 1, grey(0x84)},  // R:LL draws L:RR: 0.5, halfway between 0x96 and 0x73
		{0, 1, color.White}, // no ancestor
		{2, 2, color.White}, // the diagonal
		{0, 3, color.White}, // no ancestor
		{2, 0, grey(0x84)},  // R:RR draws L:LL
		{2, 1, grey(0xf0)},  // R:RR loses to L:RR
	} {
		if got := f.Cell(c.current, c.ancestor, 4, 4); !plottest.Near(got, c.want, 1) {
			t.Errorf("%s against %s: %v, want %v", names[c.current], names[c.ancestor], got, c.want)
		}
	}
	svg, err := plot.Render(p, plot.Width, plot.Height, "svg")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"score of current vs ancestor", "current player (generation)", "ancestor (generation)", ">40<"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the SVG lacks %q", want)
		}
	}
	s := m.Style()
	s.Palette, s.Missing = plot.Viridis, nil
	if p, err = m.PlotStyle(s); err != nil {
		t.Fatal(err)
	}
	if c := plottest.Render(p, plot.Width, plot.Height).Cell(3, 0, 4, 4); !plottest.Near(c, plot.Viridis[len(plot.Viridis)-1], 0) {
		t.Errorf("viridis: a score of 1 in %v", c)
	}
}
