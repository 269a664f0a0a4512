package ciao

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/coevolab/coevo/engine/tournament"
)

// matrixJSON is a Matrix as MarshalJSON writes it: null for NaN, which
// JSON cannot hold.
type matrixJSON struct {
	Names  []string            `json:"names"`
	Labels []float64           `json:"labels"`
	Score  [][]*float64        `json:"score"`
	League *tournament.Results `json:"league"`
}

// MarshalJSON writes the matrix: names, labels, score (row i, column j:
// i's share of the points against j; null on the diagonal) and the league
// of games it comes from (null for a matrix ReadCSV read), so that
// json.Unmarshal gives back a Matrix whose every method works (Best,
// Transitivity and Points need the league).
func (m *Matrix) MarshalJSON() ([]byte, error) {
	out := matrixJSON{Names: m.Names, Labels: m.Labels, League: m.League}
	for _, row := range m.Score {
		r := make([]*float64, len(row))
		for j, v := range row {
			if !math.IsNaN(v) {
				r[j] = &v
			}
		}
		out.Score = append(out.Score, r)
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads a matrix MarshalJSON wrote. With its league, the
// matrix is made from the games again (FromResults) and must be the one
// saved; without, it is the scores saved, each pair's adding up to 1, as
// ReadCSV reads them. A file that is not such a matrix is refused with the
// reason.
func (m *Matrix) UnmarshalJSON(b []byte) error {
	var in matrixJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return fmt.Errorf("ciao: a saved matrix: %w", err)
	}
	n := len(in.Names)
	if len(in.Labels) != n || len(in.Score) != n {
		return fmt.Errorf("ciao: a saved matrix of %d players has %d labels and %d rows of scores", n, len(in.Labels), len(in.Score))
	}
	score := make([][]float64, n)
	for i, row := range in.Score {
		if len(row) != n {
			return fmt.Errorf("ciao: a saved matrix, row %d: %d scores for %d players", i+1, len(row), n)
		}
		score[i] = make([]float64, n)
		for j, v := range row {
			switch {
			case i == j && v != nil:
				return fmt.Errorf("ciao: a saved matrix scores %s against itself", in.Names[i])
			case i == j:
				score[i][j] = math.NaN()
			case v == nil || !(*v >= 0 && *v <= 1):
				return fmt.Errorf("ciao: a saved matrix, row %d, column %d: not a share of points", i+1, j+1)
			default:
				score[i][j] = *v
			}
		}
	}
	for i := range score {
		for j := range i {
			if math.Abs(score[i][j]+score[j][i]-1) > 1e-9 {
				return fmt.Errorf("ciao: a saved matrix: %s and %s's shares add up to %v, not 1", in.Names[i], in.Names[j], score[i][j]+score[j][i])
			}
		}
	}
	if in.League == nil {
		*m = Matrix{Names: in.Names, Labels: in.Labels, Score: score}
		return nil
	}
	if err := checkLeague(in.League); err != nil {
		return fmt.Errorf("ciao: a saved matrix's league: %w", err)
	}
	if !slices.Equal(in.League.Players, in.Names) {
		return fmt.Errorf("ciao: a saved matrix's league has players %q, the matrix %q", in.League.Players, in.Names)
	}
	made, err := FromResults(in.League, in.Labels)
	if err != nil {
		return err
	}
	for i := range score {
		for j := range score {
			if i != j && made.Score[i][j] != score[i][j] {
				return fmt.Errorf("ciao: a saved matrix scores %s against %s %v, its league %v", in.Names[i], in.Names[j], score[i][j], made.Score[i][j])
			}
		}
	}
	*m = *made
	return nil
}

// checkLeague checks that a league read from a file is one: fixtures
// between players it has, as many scores as games, each 0, 1/2 or 1.
func checkLeague(r *tournament.Results) error {
	n := len(r.Players)
	if len(r.Scores) != len(r.Fixtures) {
		return fmt.Errorf("%d fixtures, %d lists of scores", len(r.Fixtures), len(r.Scores))
	}
	for k, f := range r.Fixtures {
		if f.First < 0 || f.Second < 0 || f.First >= n || f.Second >= n || f.First == f.Second {
			return fmt.Errorf("fixture %d: players %d and %d of %d", k, f.First, f.Second, n)
		}
		if len(r.Scores[k]) != f.Games {
			return fmt.Errorf("fixture %d: %d games, %d scores", k, f.Games, len(r.Scores[k]))
		}
		for _, s := range r.Scores[k] {
			if s != 0 && s != 0.5 && s != 1 {
				return fmt.Errorf("fixture %d: score %v (want 0, 0.5 or 1)", k, s)
			}
		}
	}
	return nil
}
