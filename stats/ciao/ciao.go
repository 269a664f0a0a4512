package ciao

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/coevolab/coevo/engine/tournament"
	"github.com/coevolab/coevo/internal/frame"
	"github.com/coevolab/coevo/stats/bt"
	"github.com/coevolab/coevo/stats/intrans"
)

// A Matrix is the league of an archive's players, every pair playing the
// same number of games, half in each seat, and what it shows: the CIAO
// matrix (each player against every earlier one), the archive's
// transitivity (Table V), its best player, its dominance tournament.
type Matrix struct {
	// Names of the players, in archive order (oldest first).
	Names []string
	// Labels place the players on the axes: the generation each was kept
	// at (or 0, 1, 2, ...).
	Labels []float64
	// Score[i][j] is the share of the points player i scored against
	// player j, both seats together (NaN on the diagonal).
	Score [][]float64
	// League holds every game.
	League *tournament.Results
}

// Play plays the league of the players of g (numbered as names) that a
// CIAO matrix needs: every pair games games, half in each seat (paper 003:
// 100 games with forced random moves of probability 0.1). labels place
// the players on the axes (nil: 0, 1, 2, ...). Every game has its own
// stream (engine/tournament), so the matrix does not depend on
// opt.Workers.
func Play(ctx context.Context, g tournament.Game, names []string, labels []float64, games int, opt tournament.Options) (*Matrix, error) {
	if len(names) < 2 {
		return nil, fmt.Errorf("ciao: %d players: a CIAO matrix needs at least two", len(names))
	}
	if labels != nil && len(labels) != len(names) {
		return nil, fmt.Errorf("ciao: %d labels for %d players", len(labels), len(names))
	}
	res, err := tournament.RoundRobin(ctx, g, names, games, opt)
	if err != nil {
		return nil, err
	}
	return FromResults(res, labels)
}

// FromResults makes the matrix of a league already played, in which every
// pair of players met.
func FromResults(res *tournament.Results, labels []float64) (*Matrix, error) {
	n := len(res.Players)
	if labels == nil {
		labels = make([]float64, n)
		for i := range labels {
			labels[i] = float64(i)
		}
	}
	if len(labels) != n {
		return nil, fmt.Errorf("ciao: %d labels for %d players", len(labels), n)
	}
	P, N := res.Points()
	m := &Matrix{Names: append([]string(nil), res.Players...), Labels: append([]float64(nil), labels...), League: res}
	m.Score = make([][]float64, n)
	for i := range P {
		m.Score[i] = make([]float64, n)
		for j := range P[i] {
			switch {
			case i == j:
				m.Score[i][j] = math.NaN()
			case N[i][j] == 0:
				return nil, fmt.Errorf("ciao: %s and %s did not play: a CIAO matrix needs a full league", res.Players[i], res.Players[j])
			default:
				m.Score[i][j] = P[i][j] / N[i][j]
			}
		}
	}
	return m, nil
}

// CIAO returns the CIAO matrix (Cliff and Miller's "current individual vs
// ancestral opponents"): C[i][j] is player i's share of the points against
// the earlier player j (j < i), NaN for j >= i.
func (m *Matrix) CIAO() [][]float64 {
	c := make([][]float64, len(m.Score))
	for i := range c {
		c[i] = make([]float64, len(m.Score))
		for j := range c[i] {
			c[i][j] = math.NaN()
			if j < i {
				c[i][j] = m.Score[i][j]
			}
		}
	}
	return c
}

// WriteCSV writes the CIAO matrix: a header "player,generation" and the
// players' names, then one line per player with its name, its label and
// its share of the points against each earlier player (empty from the
// diagonal on).
func (m *Matrix) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(append([]string{"player", "generation"}, m.Names...))
	for i, row := range m.CIAO() {
		rec := []string{m.Names[i], strconv.FormatFloat(m.Labels[i], 'g', -1, 64)}
		for _, v := range row {
			s := ""
			if !math.IsNaN(v) {
				s = strconv.FormatFloat(v, 'g', -1, 64)
			}
			rec = append(rec, s)
		}
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}

// DataFrame returns the CIAO matrix: a row per player (its name and
// label), a column per earlier player with its share of the points (to
// 3 decimals: a tenth of a percent); later players' columns are blank.
func (m *Matrix) DataFrame() dataframe.DataFrame {
	cols := []series.Series{series.New(m.Names, series.String, "player"), frame.Number("generation", m.Labels)}
	c := m.CIAO()
	for j, name := range m.Names {
		v := make([]float64, len(c))
		for i := range c {
			v[i] = c[i][j]
		}
		cols = append(cols, frame.Round(name, v, 3))
	}
	return dataframe.New(cols...)
}

// Points returns each player's share of the points of all its games in
// the league.
func (m *Matrix) Points() []float64 {
	pts, games := m.League.Totals()
	s := make([]float64, len(pts))
	for i := range s {
		s[i] = pts[i] / games[i]
	}
	return s
}

// Best returns the player with the largest share of the league's points
// (the first of equals): paper 003 picks the best agent of a run this way
// for its Table VI.
func (m *Matrix) Best() int {
	s := m.Points()
	best := 0
	for i, v := range s {
		if v > s[best] {
			best = i
		}
	}
	return best
}

// Transitivity measures the league as paper 003 Table V does: tau, the
// transitivity index of eq. (4), and D_KL, the mean symmetric KL
// divergence between the Bradley-Terry fit's predictions and the observed
// win rates, smoothed by 0.001 (stats/intrans).
func (m *Matrix) Transitivity(experiment string) (Transitivity, error) {
	r := m.League.BT()
	fit, err := bt.Fit(r)
	if err != nil {
		return Transitivity{}, fmt.Errorf("ciao: %s: %w", experiment, err)
	}
	P, _ := r.Points()
	dkl, err := intrans.Divergence(fit, r, intrans.DefaultSmoothing, true)
	if err != nil {
		return Transitivity{}, err
	}
	return Transitivity{Experiment: experiment, Players: len(m.Names), Tau: intrans.Tau(P), DKL: dkl}, nil
}

// Transitivity is a row of paper 003 Table V.
type Transitivity struct {
	Experiment string
	Players    int
	Tau, DKL   float64
}

// TableV is paper 003 Table V: the transitivity of each experiment's
// archive league.
type TableV []Transitivity

// DataFrame returns a row per experiment: experiment, players, tau, dkl
// (to 4 significant digits, as the paper prints them).
func (t TableV) DataFrame() dataframe.DataFrame {
	var name []string
	var n []int
	var tau, dkl []float64
	for _, r := range t {
		name, n, tau, dkl = append(name, r.Experiment), append(n, r.Players), append(tau, r.Tau), append(dkl, r.DKL)
	}
	return dataframe.New(series.New(name, series.String, "experiment"), series.New(n, series.Int, "players"),
		frame.Sig("tau", tau, 4), frame.Sig("dkl", dkl, 4))
}

// String prints the table.
func (t TableV) String() string {
	s := fmt.Sprintf("%-24s %7s %8s %8s\n", "experiment", "players", "tau", "D_KL")
	for _, r := range t {
		s += fmt.Sprintf("%-24s %7d %8.4f %8.4f\n", r.Experiment, r.Players, r.Tau, r.DKL)
	}
	return s
}

// ReadCSV reads a CIAO matrix written by WriteCSV (coevo ciao --csv). Its
// Score holds what the file holds, each player's share against every
// earlier one, and the complement for the later player (the points of a
// game add up to 1); League is nil, so Points, Best and Transitivity,
// which need the games, are not available: CIAO, DataFrame, Plot and
// PlotStyle are.
func ReadCSV(r io.Reader) (*Matrix, error) {
	recs, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("ciao: %v", err)
	}
	if len(recs) < 1 || len(recs[0]) < 2 || recs[0][0] != "player" || recs[0][1] != "generation" {
		return nil, fmt.Errorf("ciao: not a CIAO matrix (want a header player,generation,<names>)")
	}
	names := recs[0][2:]
	n := len(names)
	if len(recs) != n+1 {
		return nil, fmt.Errorf("ciao: %d players in the header, %d rows", n, len(recs)-1)
	}
	m := &Matrix{Names: append([]string(nil), names...), Labels: make([]float64, n), Score: make([][]float64, n)}
	for i := range m.Score {
		m.Score[i] = make([]float64, n)
		m.Score[i][i] = math.NaN()
	}
	for i, rec := range recs[1:] {
		if len(rec) != n+2 || rec[0] != names[i] {
			return nil, fmt.Errorf("ciao: row %d: want %s and %d values", i+1, names[i], n+1)
		}
		if m.Labels[i], err = strconv.ParseFloat(rec[1], 64); err != nil {
			return nil, fmt.Errorf("ciao: row %d: generation %q", i+1, rec[1])
		}
		for j := 0; j < i; j++ {
			v, err := strconv.ParseFloat(rec[j+2], 64)
			if err != nil || v < 0 || v > 1 {
				return nil, fmt.Errorf("ciao: row %d, column %s: %q is not a share of points", i+1, names[j], rec[j+2])
			}
			m.Score[i][j], m.Score[j][i] = v, 1-v
		}
	}
	return m, nil
}
