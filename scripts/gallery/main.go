// Command gallery draws one figure of each kind coevo makes, in the
// figure style of stats/plot, from the data in this repository, and the
// figures of paper 003 at full scale that docs/coevolve.md shows: PNG
// (300 dpi), PDF and SVG files in -out; with -docs, the PNGs and a page
// showing them, docs/figures.md, too. "make run" draws into out/figures
// only, so that it changes no file of the repository; "make figures"
// redraws the pages of docs/ (a test fails when they are not what the
// gallery draws). Everything it draws is seeded.
//
//	go run ./scripts/gallery -out out/figures -docs docs
package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	gplot "gonum.org/v1/plot"

	"github.com/coevolab/coevo/engine/coevolve"
	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/gp"
	"github.com/coevolab/coevo/engine/othello"
	"github.com/coevolab/coevo/engine/tournament"
	"github.com/coevolab/coevo/engine/umda"
	"github.com/coevolab/coevo/internal/atomicfile"
	"github.com/coevolab/coevo/stats/bt"
	"github.com/coevolab/coevo/stats/ciao"
	"github.com/coevolab/coevo/stats/plot"
	"github.com/coevolab/coevo/stats/runtime"
)

// figure is one entry of the gallery.
type figure struct {
	name, title, caption string
	draw                 func() (*gplot.Plot, error)
}

func main() {
	out := flag.String("out", "out/figures", "folder for the PNG, PDF and SVG files")
	docs := flag.String("docs", "", "folder of figures.md, written with the PNGs in its figures/ (default: none)")
	flag.Parse()
	drawn, err := run(*out, *docs)
	if err != nil {
		fail(err)
	}
	fmt.Printf("gallery: %d figures in %s (PNG, PDF, SVG)", len(drawn), *out)
	if *docs != "" {
		fmt.Printf(" and %s", filepath.Join(*docs, "figures.md"))
	}
	fmt.Println()
}

// gallery lists the figures.
func gallery() []figure {
	return []figure{
		{"ratings-table6", "Ratings with confidence intervals",
			"Paper 003 Table VI (nine Othello players, 20,000 games a pair): Bradley-Terry Elo with 95% intervals, best at the top, `coevo bt fit datasets/003_table6.csv --format matrix --plot FILE` (in Go, `fit.Plot()`). With 160,000 games a player the intervals (±2.1 Elo at most) hide under the dots, and the legend says so.",
			table6Ratings},
		{"ratings-league", "Ratings of a 30-player league",
			"An Othello league of the heuristic, the random mover and 28 random WPCs, 20 games a pair at ε = 0.1 (`coevo othello league --players heuristic,random-mover,random:1,...,random:28 --games 20 --out league.csv`, then `coevo bt fit league.csv --format games --plot FILE`): one row a player, the figure as tall as they need (3.5 x 4.5 in).",
			leagueRatings},
		{"ratings-pool", "Ratings of a large pool",
			"300 players, 30,000 games between random pairs (synthetic, seeded): too many for the rows of a figure, so the best 50 and the worst 50 are drawn, side by side, their ranks in the panels' titles (up to 100 players, two panels show them all).",
			poolRatings},
		{"runtime-fit", "Runtime regression on log-log axes",
			"`coevo regress docs/example-runs.csv --x n --y T --bound-exponent 5 --ylabel \"runtime T (evaluations)\" --plot FILE`: runs, the power law fitted with the band of its exponent's 95% bootstrap interval, a censored run set apart, and the slope of a bound.",
			runtimeFit},
		{"umda-trace", "A UMDA run, generation by generation",
			"Algorithm 1 of paper 000 on SUBTRACTIONNIM(60, 3), mu = 200, seed 1: the probability of a winning move at the critical positions W_G (their mean and their least, in the band of the middle half of them) and the share of selected strategies that are optimal.",
			umdaTrace},
		{"heatmap-scores", "Heatmap on a diverging scale",
			"Paper 003 Table VI as a matrix of scores: the share of points the row player took from the column player, white at 0.5; the colour bar gives the scale. CIAO plots use the same heatmap.",
			table6Scores},
		{"heatmap-los", "Heatmap on a sequential scale",
			"Likelihood of superiority from the Table VI fit, P(row stronger than column), on the viridis scale: `coevo bt fit ... --los FILE` writes the matrix.",
			table6LOS},
		{"ciao", "CIAO plot in the paper's greys",
			"Paper 003 fig. 4's plot of a NashSolve run (|A| = 2, population 20, 60 generations, a player archived every 3, seed 1; scaled down from the paper's 7,500 generations): each archived player against every earlier one, 20 games a pair at ε = 0.1, darker where the current player scores more; `coevo ciao DIR --plot FILE` (`--palette viridis` or `diverging` for colour).",
			ciaoPlot},
		{"performance", "Performance against the games played (paper 003 fig. 5)",
			"Each archived player of the NashSolve run above and of an ICL run (50 random opponents, population 20, 20 generations, seed 1) against ten random WPCs, 20 games each at ε = 0.1, against the games its run had played: `ciao.Performance` and `ciao.PerformancePlot`, on a log axis since the methods play very different numbers of games.",
			performancePlot},
		{"dominance", "Dominance tournament",
			"The NashSolve run above: the number of its archived players that beat every earlier dominant one, generation by generation (`Matrix.Dominance().Plot()`); counts on both axes, at whole numbers.",
			dominancePlot},
		{"gp-errors", "A GP run on a log axis that meets 0",
			"Paper 002's GP on two heaps of GA2 (population 10,000, seed 7, as notebook 05 runs it; `gp.Result.Plot`): the best error reaches 0, which a log axis cannot show; it is drawn at 0.5, on a dotted line that the legend names.",
			gpErrors},
	}
}

// paper003 lists the figures of paper 003 at full scale that
// docs/coevolve.md shows, drawn from datasets/paper003.
func paper003() []figure {
	var figs []figure
	for _, run := range []string{"nash1-s1", "nash4-s1", "nash4-s2", "nash4-s3", "heuristic-s1", "icl500-s1", "icl50k-s1"} {
		figs = append(figs, figure{"ciao-" + run, "", "", func() (*gplot.Plot, error) { return fullCIAO(run) }})
	}
	return append(figs,
		figure{"fig5-random", "", "", func() (*gplot.Plot, error) { return fullPerformance("vs_random", "against random WPCs, full scale") }},
		figure{"fig5-heuristic", "", "", func() (*gplot.Plot, error) {
			return fullPerformance("vs_heuristic", "against the heuristic, full scale")
		}})
}

// A drawn figure is one of the gallery's, drawn.
type drawn struct {
	figure
	p *gplot.Plot
}

// run draws the gallery and paper 003's figures into out, and when docs
// is not empty their PNGs into docs/figures and the page showing the
// gallery's, docs/figures.md; it returns the figures drawn.
func run(out, docs string) ([]drawn, error) {
	dirs := []string{out}
	if docs != "" {
		dirs = append(dirs, filepath.Join(docs, "figures"))
	}
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	var done []drawn
	for _, f := range append(gallery(), paper003()...) {
		p, err := f.draw()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		paths := []string{out + "/" + f.name + ".png", out + "/" + f.name + ".pdf", out + "/" + f.name + ".svg"}
		if docs != "" {
			paths = append(paths, filepath.Join(docs, "figures", f.name+".png"))
		}
		for _, path := range paths {
			if err := saveFigure(p, path); err != nil {
				return nil, err
			}
		}
		done = append(done, drawn{f, p})
	}
	if docs == "" {
		return done, nil
	}
	err := atomicfile.WriteNoFollow(filepath.Join(docs, "figures.md"), func(w io.Writer) error {
		_, err := io.WriteString(w, page())
		return err
	})
	return done, err
}

// page is docs/figures.md.
func page() string {
	var md strings.Builder
	md.WriteString(`# Figures

Drawn by ` + "`make figures`" + ` (` + "`go run ./scripts/gallery -docs docs`" + `; ` + "`make run`" + ` draws the same into
` + "`out/figures/`" + `, as PNG, PDF and SVG): one figure of each kind coevo draws, from data in this
repository. The style is stats/plot's, used by every plot coevo makes: Liberation Sans, one column wide
(3.5 in; ` + "`plot.SaveSize`" + ` with ` + "`plot.DoubleWidth`" + ` for 7 in, and as tall as a ratings figure's rows
need), axes labelled with their units, a margin that keeps every mark clear of the frame, the Okabe-Ito
colour-blind-safe palette with a dash pattern for each series, intervals drawn as bars or bands,
legends in a band of their own above the data (they never cover it), heatmaps (CIAO plots among them)
with a colour bar, in viridis, a diverging scale or paper 003's greys. ` + "`plot.Save`" + ` writes PDF (fonts
embedded), SVG, EPS or PNG at 300 dpi by the file's extension. A notebook shows a plot as a PNG 1.5
times this size (504 x 374 CSS pixels for one column, with twice the pixels), where its 7 pt type reads
at 10.5 pt: [kernel.md](kernel.md#rich-results).

One tick rule holds for every axis, and a test checks each figure here against what it can read from
the drawing (` + "`plot.Check`" + `: no line through a label, no labels over each other or cut by the edge, one
notation per axis, no tick marks on an axis of names):

- linear axes are labelled at 1, 2 or 5 x 10^k, counts and generations at whole numbers, in plain
  numbers with the same decimals (0.0, 0.5, 1.0); long numbers are written in thousands (or millions)
  that the axis label names, "games played (×10³)", never 0.5×10⁵;
- logarithmic axes are ticked at the powers of ten, labelled 10^k, and at 1, 2 and 5 x 10^k, or
  every multiple, when they span fewer than three;
- axes of names (players) have labels and no tick marks, and turned labels hang clear of the axis;
- a heatmap whose cells stand for generations (a CIAO plot) is ticked at round generations;
- a value a log axis cannot show is drawn where the figure says (the GP run's errors of 0).
`)
	for _, f := range gallery() {
		fmt.Fprintf(&md, "\n## %s\n\n![%s](figures/%s.png)\n\n%s\n", f.title, f.title, f.name, f.caption)
	}
	md.WriteString(`
## Paper 003 at full scale

[coevolve.md](coevolve.md#the-full-scale-runs) shows these, drawn from the runs' files in
` + "`datasets/paper003/`" + `: the CIAO plots of fig. 4 (` + "`*-ciao.csv`" + `) and fig. 5 (` + "`*-performance.csv`" + `):
`)
	for _, f := range paper003() {
		fmt.Fprintf(&md, "[%s](figures/%s.png)\n", f.name, f.name)
	}
	return md.String()
}

// saveFigure saves p as plot.Save does, in the format of path's extension,
// but never through a symbolic link: the gallery names its files itself,
// and a link planted under one of them is refused, not followed
// (atomicfile.WriteNoFollow).
func saveFigure(p *gplot.Plot, path string) error {
	plot.Finish(p)
	w, h := plot.Size(p)
	data, err := plot.Render(p, w, h, strings.TrimPrefix(filepath.Ext(path), "."))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return atomicfile.WriteNoFollow(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

func table6() (*bt.Results, *bt.Ratings) {
	r, err := bt.ReadFile("datasets/003_table6.csv", "matrix")
	check(err)
	fit, err := bt.Fit(r)
	check(err)
	return r, fit
}

func table6Ratings() (*gplot.Plot, error) {
	_, fit := table6()
	return fit.Plot()
}

// leagueRatings plays the 30-player league that coevo othello league
// plays with --players heuristic,random-mover,random:1,...,random:28
// --games 20 (seed 1, ε = 0.1) and draws its ratings.
func leagueRatings() (*gplot.Plot, error) {
	names := []string{"heuristic", "random-mover"}
	for k := 1; k <= 28; k++ {
		names = append(names, fmt.Sprintf("random:%d", k))
	}
	var players []othello.Player
	for _, n := range names {
		pl, err := othello.ParsePlayer(n)
		if err != nil {
			return nil, err
		}
		players = append(players, pl)
	}
	league, err := tournament.RoundRobin(context.Background(), &othello.Match{Players: players, Epsilon: 0.1}, names, 20, tournament.Options{Seed: 1})
	if err != nil {
		return nil, err
	}
	fit, err := bt.Fit(league.BT())
	if err != nil {
		return nil, err
	}
	return fit.Plot()
}

func poolRatings() (*gplot.Plot, error) {
	rng := rand.New(rand.NewPCG(1, 7))
	const n = 300
	elo := make([]float64, n)
	for i := range elo {
		elo[i] = 1000 + 1200*rng.Float64()
	}
	r := bt.NewResults()
	for g := 0; g < 30000; g++ {
		a, b := rng.IntN(n), rng.IntN(n-1)
		if b >= a {
			b++
		}
		w := 0.0
		if rng.Float64() < 1/(1+math.Pow(10, (elo[b]-elo[a])/400)) {
			w = 1
		}
		check(r.Add(fmt.Sprint("p", a), fmt.Sprint("p", b), w, 1-w, 0, bt.NoSeat))
	}
	fit, err := bt.Options{Prior: 0.5}.Fit(r) // a weak prior: some may be unbeaten
	if err != nil {
		return nil, err
	}
	return fit.Plot()
}

func runtimeFit() (*gplot.Plot, error) {
	pts, err := runtime.ReadFile("docs/example-runs.csv", "n", "T", "censored")
	if err != nil {
		return nil, err
	}
	res, err := runtime.Fit(pts, runtime.Options{Seed: 1, BoundExponent: 5})
	if err != nil {
		return nil, err
	}
	res.XLabel, res.YLabel = "size n", "runtime T (evaluations)"
	return res.Plot()
}

func umdaTrace() (*gplot.Plot, error) {
	g, err := games.SubtractionNim(60, 3)
	if err != nil {
		return nil, err
	}
	gr, err := game.Compile(g)
	if err != nil {
		return nil, err
	}
	G, err := umda.Prepare(gr, umda.Options{})
	if err != nil {
		return nil, err
	}
	run, err := G.UMDA(context.Background(), umda.Params{Mu: 200, Seed: 1, MaxEvaluations: 400 * 200, Trace: true, Workers: 1})
	if err != nil {
		return nil, err
	}
	return run.Trace.Plot()
}

func table6Scores() (*gplot.Plot, error) {
	r, _ := table6()
	P, N := r.Points()
	m := make([][]float64, len(P))
	for i := range P {
		m[i] = make([]float64, len(P))
		for j := range P {
			m[i][j] = math.NaN()
			if N[i][j] > 0 {
				m[i][j] = P[i][j] / N[i][j]
			}
		}
	}
	return plot.HeatmapOf(m, plot.HeatmapStyle{XLabel: "column player", YLabel: "row player",
		Scale: "score of row against column", Diverging: true, Center: 0.5, XTicks: short(r.Players), YTicks: short(r.Players)})
}

func table6LOS() (*gplot.Plot, error) {
	r, fit := table6()
	los := fit.Superiority()
	for i := range los {
		los[i][i] = math.NaN()
	}
	return plot.HeatmapOf(los, plot.HeatmapStyle{XLabel: "column player", YLabel: "row player",
		Scale: "P(row stronger than column)", Min: 0, Max: 1, XTicks: short(r.Players), YTicks: short(r.Players)})
}

// coevolution runs the scaled-down runs of the CIAO and performance
// figures: NashSolve |A| = 2 and ICL against 50 random WPCs. Their
// results do not depend on the number of workers.
func coevolution() (nash, icl *coevolve.Run, err error) {
	runs.once.Do(func() { runs.nash, runs.icl, runs.err = evolve() })
	return runs.nash, runs.icl, runs.err
}

// runs holds coevolution's runs: two figures draw them.
var runs struct {
	once      sync.Once
	nash, icl *coevolve.Run
	err       error
}

func evolve() (nash, icl *coevolve.Run, err error) {
	nc := coevolve.PaperConfig(coevolve.NashSolve, 2, 1)
	nc.Population, nc.Generations, nc.Snapshot = 20, 60, 3
	if nash, err = coevolve.Evolve(context.Background(), nc, "", coevolve.Options{}); err != nil {
		return nil, nil, err
	}
	ic := coevolve.PaperConfig(coevolve.ICL, 50, 1)
	ic.Population, ic.Generations, ic.Games = 20, 20, 1
	icl, err = coevolve.Evolve(context.Background(), ic, "", coevolve.Options{})
	return nash, icl, err
}

func ciaoPlot() (*gplot.Plot, error) {
	nash, _, err := coevolution()
	if err != nil {
		return nil, err
	}
	a := nash.Permanent
	league, err := nash.Domain.Match(a, 0.1)
	if err != nil {
		return nil, err
	}
	m, err := ciao.Play(context.Background(), league, a.Names(), a.Generations(), 20, tournament.Options{Seed: 1})
	if err != nil {
		return nil, err
	}
	s := m.Style()
	s.Title = "NashSolve |A| = 2"
	return m.PlotStyle(s)
}

func performancePlot() (*gplot.Plot, error) {
	nash, icl, err := coevolution()
	if err != nil {
		return nil, err
	}
	var curves []ciao.Curve
	for _, r := range []struct {
		name string
		run  *coevolve.Run
	}{{"NashSolve |A| = 2", nash}, {"ICL-50", icl}} {
		names := r.run.Permanent.Names()
		players, err := r.run.Domain.Players(r.run.Permanent)
		if err != nil {
			return nil, err
		}
		var mine, randoms []int
		for i := range names {
			mine = append(mine, i)
		}
		for k := 1; k <= 10; k++ {
			names = append(names, fmt.Sprintf("random:%d", k))
			players = append(players, othello.RandomWPC(uint64(k)))
			randoms = append(randoms, len(names)-1)
		}
		m := &coevolve.Match{Game: r.run.Domain.Game, Players: players, Epsilon: 0.1}
		perf, err := ciao.Performance(context.Background(), m, names, mine, randoms, 20, tournament.Options{Seed: 1})
		if err != nil {
			return nil, err
		}
		curves = append(curves, ciao.Curve{Name: r.name, X: r.run.Permanent.Games(), Y: perf})
	}
	return ciao.PerformancePlot("against random WPCs", curves...)
}

func dominancePlot() (*gplot.Plot, error) {
	nash, _, err := coevolution()
	if err != nil {
		return nil, err
	}
	a := nash.Permanent
	league, err := nash.Domain.Match(a, 0.1)
	if err != nil {
		return nil, err
	}
	m, err := ciao.Play(context.Background(), league, a.Names(), a.Generations(), 20, tournament.Options{Seed: 1})
	if err != nil {
		return nil, err
	}
	return m.Dominance().Plot()
}

func gpErrors() (*gplot.Plot, error) {
	d, err := gp.HeapData(context.Background(), gp.HeapSpec{Game: "ga2", Heaps: 2, Seed: 1})
	if err != nil {
		return nil, err
	}
	r, err := gp.Run(context.Background(), d, gp.Config{Population: 10000, Seed: 7})
	if err != nil {
		return nil, err
	}
	if r.Error != 0 {
		return nil, fmt.Errorf("the GP run ends with error %d, not 0: the figure shows no 0 on its log axis", r.Error)
	}
	return r.Plot()
}

// fullCIAO draws the CIAO plot of a full-scale run of paper 003 from its
// matrix in datasets/paper003, titled with the run's method and seed.
func fullCIAO(run string) (*gplot.Plot, error) {
	f, err := os.Open("datasets/paper003/" + run + "-ciao.csv")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := ciao.ReadCSV(f)
	if err != nil {
		return nil, err
	}
	cfg, _, err := runConfig(run)
	if err != nil {
		return nil, err
	}
	s := m.Style()
	s.Title = cfg.String()
	return m.PlotStyle(s)
}

// runConfig reads a full-scale run's settings and the generations it ran.
func runConfig(run string) (coevolve.Config, int, error) {
	data, err := os.ReadFile("datasets/paper003/" + run + "-run.json")
	if err != nil {
		return coevolve.Config{}, 0, err
	}
	var r struct {
		Config coevolve.Config `json:"config"`
		Done   int             `json:"generations_done"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return coevolve.Config{}, 0, fmt.Errorf("%s-run.json: %w", run, err)
	}
	return r.Config, r.Done, nil
}

// fullPerformance draws paper 003 fig. 5 for the full-scale runs from
// their performance files: column is vs_random or vs_heuristic.
func fullPerformance(column, title string) (*gplot.Plot, error) {
	var curves []ciao.Curve
	for _, r := range []struct{ run, name string }{
		{"nash1-s1", "|A| = 1"}, {"nash4-s1", "|A| = 4"}, {"heuristic-s1", "Against Heuristic"},
		{"icl500-s1", "ICL-500"}, {"icl50k-s1", "ICL-50,000"},
	} {
		f, err := os.Open("datasets/paper003/" + r.run + "-performance.csv")
		if err != nil {
			return nil, err
		}
		recs, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s-performance.csv: %w", r.run, err)
		}
		col := map[string]int{}
		for i, h := range recs[0] {
			col[h] = i
		}
		c := ciao.Curve{Name: r.name}
		for _, rec := range recs[1:] {
			g, err1 := strconv.ParseFloat(rec[col["games"]], 64)
			v, err2 := strconv.ParseFloat(rec[col[column]], 64)
			if err := errors.Join(err1, err2); err != nil {
				return nil, fmt.Errorf("%s-performance.csv: %w", r.run, err)
			}
			c.X, c.Y = append(c.X, g), append(c.Y, v)
		}
		cfg, done, err := runConfig(r.run)
		if err != nil {
			return nil, err
		}
		if done < cfg.Generations {
			c.Name += fmt.Sprintf(", reduced: %d of %d generations", done, cfg.Generations)
		} else {
			c.Name += ", full scale"
		}
		curves = append(curves, c)
	}
	return ciao.PerformancePlot(title, curves...)
}

// short abbreviates the long names of Table VI for tick labels.
func short(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		n = strings.ReplaceAll(n, "Anti-Heuristic", "Anti-H.")
		n = strings.ReplaceAll(n, "Heuristic", "Heur.")
		out[i] = n
	}
	return out
}

func check(err error) {
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gallery:", err)
	os.Exit(1)
}
