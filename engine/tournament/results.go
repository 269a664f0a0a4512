package tournament

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/coevolab/coevo/internal/frame"
	"github.com/coevolab/coevo/stats/bt"
)

// Results are the games of a tournament, game by game.
type Results struct {
	Players  []string
	Fixtures []Fixture
	// Scores[k][r] is the first player's score (1, 0.5, 0) in game r of
	// fixture k, played on the stream Stream(Seed, first, second, r).
	Scores [][]float64
	Seed   uint64
}

// Points returns the points matrix: P[i][j] is what i scored against j
// (a win 1, a draw 1/2, both seats together), and N[i][j] the games
// between them, as paper 003 Table VI prints.
func (r *Results) Points() (P, N [][]float64) { return r.BT().Points() }

// count returns the wins of each side and the draws of fixture k.
func (r *Results) count(k int) (first, second, draws float64) {
	for _, s := range r.Scores[k] {
		switch s {
		case 1:
			first++
		case 0:
			second++
		default:
			draws++
		}
	}
	return first, second, draws
}

// BT returns the results as stats/bt reads them: one matchup per fixture,
// seated (bt.AFirst), so that bt.Fit rates the players and
// bt.Options{Home: true} can fit the first-move advantage.
func (r *Results) BT() *bt.Results {
	out := bt.NewResults()
	for _, p := range r.Players {
		out.Player(p)
	}
	for k, f := range r.Fixtures {
		w, l, d := r.count(k)
		// Names are unique and fixtures valid (Play checked them), so
		// Add cannot fail.
		_ = out.Add(r.Players[f.First], r.Players[f.Second], w, l, d, bt.AFirst)
	}
	return out
}

// Totals returns each player's points and games.
func (r *Results) Totals() (points, games []float64) {
	P, N := r.Points()
	points, games = make([]float64, len(P)), make([]float64, len(P))
	for i := range P {
		for j := range P[i] {
			points[i] += P[i][j]
			games[i] += N[i][j]
		}
	}
	return points, games
}

// Rate returns player i's share of the points in its games (NaN if it
// played none): its "performance" against the others (paper 003 fig. 5).
func (r *Results) Rate(i int) float64 {
	p, g := r.Totals()
	if i < 0 || i >= len(g) || g[i] == 0 {
		return math.NaN()
	}
	return p[i] / g[i]
}

// DataFrame returns the points table like paper 003 Table VI: a row per
// player with the points it scored against each player (a column each,
// missing, and shown blank, on the diagonal and for pairs that did not
// play), then its points, games and percentage won (to a tenth). Points
// are integers when no game was drawn.
func (r *Results) DataFrame() dataframe.DataFrame {
	P, N := r.Points()
	points, games := r.Totals()
	cols := []series.Series{series.New(r.Players, series.String, "player")}
	for j, name := range r.Players {
		v := make([]float64, len(P))
		for i := range P {
			v[i] = P[i][j]
			if i == j || N[i][j] == 0 {
				v[i] = math.NaN()
			}
		}
		cols = append(cols, frame.Number(name, v))
	}
	pct := make([]float64, len(points))
	for i := range pct {
		pct[i] = 100 * points[i] / games[i]
	}
	cols = append(cols, frame.Number("points", points), frame.Number("games", games), frame.Round("% won", pct, 1))
	return dataframe.New(cols...)
}

// GamesFrame returns one row per game: first, second, result (1-0, 0-1
// or 1/2-1/2) and game (its number r within the fixture), the columns of
// WriteCSV.
func (r *Results) GamesFrame() dataframe.DataFrame {
	var first, second, result []string
	var game []int
	r.each(func(a, b, res string, g int) {
		first, second, result, game = append(first, a), append(second, b), append(result, res), append(game, g)
	})
	return dataframe.New(series.New(first, series.String, "first"), series.New(second, series.String, "second"),
		series.New(result, series.String, "result"), series.New(game, series.Int, "game"))
}

func (r *Results) each(f func(first, second, result string, game int)) {
	for k, fx := range r.Fixtures {
		for g, s := range r.Scores[k] {
			res := "1/2-1/2"
			switch s {
			case 1:
				res = "1-0"
			case 0:
				res = "0-1"
			}
			f(r.Players[fx.First], r.Players[fx.Second], res, g)
		}
	}
}

// WriteCSV writes one line per game under the header
// first,second,result,game: the "games" format of stats/bt (coevo bt fit
// FILE --format games reads it).
func (r *Results) WriteCSV(w io.Writer) error {
	for _, p := range r.Players {
		if strings.HasPrefix(p, "#") {
			return fmt.Errorf("tournament: player %q: a name starting with # would read as a comment in CSV", p)
		}
	}
	cw := csv.NewWriter(w)
	cw.Write([]string{"first", "second", "result", "game"})
	r.each(func(a, b, res string, g int) {
		cw.Write([]string{a, b, res, strconv.Itoa(g)})
	})
	cw.Flush()
	return cw.Error()
}

// String prints the points table: row i, column j holds what i scored
// against j; then each player's points, games and percentage won.
func (r *Results) String() string {
	P, N := r.Points()
	points, games := r.Totals()
	var sb strings.Builder
	tw := tabwriter.NewWriter(&sb, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "\t")
	for _, p := range r.Players {
		fmt.Fprintf(tw, "%s\t", p)
	}
	fmt.Fprintln(tw, "points\tgames\t% won\t")
	for i, p := range r.Players {
		fmt.Fprintf(tw, "%s\t", p)
		for j := range r.Players {
			if i == j || N[i][j] == 0 {
				fmt.Fprint(tw, "-\t")
			} else {
				fmt.Fprintf(tw, "%g\t", P[i][j])
			}
		}
		pct := math.NaN()
		if games[i] > 0 {
			pct = 100 * points[i] / games[i]
		}
		fmt.Fprintf(tw, "%g\t%g\t%.1f\t\n", points[i], games[i], pct)
	}
	tw.Flush()
	return strings.TrimRight(sb.String(), "\n")
}
