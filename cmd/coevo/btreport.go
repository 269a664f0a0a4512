package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/coevolab/coevo/stats/bt"
)

// The reports an Ordo user asks for beside the ratings: the likelihood of
// superiority of each player over the next in the table (Ordo's -J), the
// head-to-head table (-j) and Elostat's files (-E).

// losNext sets, for each listed player but the last, the likelihood
// that it is stronger than the next in the table, P(Elo difference > 0)
// under the normal approximation, from the SE of the difference.
func losNext(ctx context.Context, fit *bt.Ratings, rows []btPlayer, ranked []int) error {
	var pairs [][2]int
	for r := 0; r+1 < len(ranked); r++ {
		pairs = append(pairs, [2]int{ranked[r], ranked[r+1]})
	}
	var sd []float64
	if err := interruptible(ctx, func() (err error) { sd, err = fit.DiffSE(ctx, pairs); return err }); err != nil {
		return err
	}
	elo := fit.Elo()
	for k, p := range pairs {
		v := num(distuv.UnitNormal.CDF((elo[p[0]] - elo[p[1]]) / sd[k]))
		rows[p[0]].LOSNext = &v
	}
	if len(ranked) > 0 {
		v := num(math.NaN())
		rows[ranked[len(ranked)-1]].LOSNext = &v
	}
	return nil
}

// h2hPair is a pair of players that played, seen from one of them.
type h2hPair struct {
	opp                 int
	wins, draws, losses float64
	diff, sd            float64
}

// headToHead computes, for each listed player, its games against each
// opponent, the Elo difference and its SE.
func headToHead(ctx context.Context, fit *bt.Ratings, p *bt.Pairs) (map[int][]h2hPair, error) {
	pairs := make([][2]int, p.Len())
	for k := range pairs {
		pairs[k] = [2]int{int(p.I[k]), int(p.J[k])}
	}
	var sd []float64
	if err := interruptible(ctx, func() (err error) { sd, err = fit.DiffSE(ctx, pairs); return err }); err != nil {
		return nil, err
	}
	elo := fit.Elo()
	out := map[int][]h2hPair{}
	for k := range pairs {
		i, j := pairs[k][0], pairs[k][1]
		out[i] = append(out[i], h2hPair{j, p.WinsI[k], p.Draws[k], p.WinsJ[k], elo[i] - elo[j], sd[k]})
		out[j] = append(out[j], h2hPair{i, p.WinsJ[k], p.Draws[k], p.WinsI[k], elo[j] - elo[i], sd[k]})
	}
	return out, nil
}

// writeHeadToHead writes the head-to-head table: as Ordo's -j prints it,
// or as CSV when path ends in .csv (player, opponent, games, wins, draws,
// losses, score_pct, diff, sd, cfs_pct).
func writeHeadToHead(ctx context.Context, path string, fit *bt.Ratings, p *bt.Pairs, rows []btPlayer, ranked []int) error {
	h2h, err := headToHead(ctx, fit, p)
	if err != nil {
		return err
	}
	rank := make([]int, len(rows))
	for i := range rank {
		rank[i] = math.MaxInt
	}
	for r, i := range ranked {
		rank[i] = r
	}
	for _, opps := range h2h {
		slices.SortFunc(opps, func(a, b h2hPair) int { return cmpRank(rank, rows, a.opp, b.opp) })
	}
	cfs := func(x h2hPair) float64 { return 100 * distuv.UnitNormal.CDF(x.diff/x.sd) }
	score := func(w, d, l float64) float64 { return 100 * (w + d/2) / (w + d + l) }
	csv := strings.EqualFold(filepath.Ext(path), ".csv")
	return writeOutput(ctx, "head-to-head", path, func(w io.Writer) error {
		if csv {
			fmt.Fprintln(w, "player,opponent,games,wins,draws,losses,score_pct,diff,sd,cfs_pct")
			for _, i := range ranked {
				for _, x := range h2h[i] {
					if _, err := fmt.Fprintf(w, "%s,%s,%s,%s,%s,%s,%.2f,%.2f,%.2f,%.2f\n", csvQuote(rows[i].Name), csvQuote(rows[x.opp].Name),
						gameCount(x.wins+x.draws+x.losses), gameCount(x.wins), gameCount(x.draws), gameCount(x.losses),
						score(x.wins, x.draws, x.losses), x.diff, x.sd, cfs(x)); err != nil {
						return err
					}
				}
			}
			return nil
		}
		width := 4
		for _, r := range rows {
			width = max(width, len(r.Name))
		}
		fmt.Fprint(w, "Head to head statistics:\n\n")
		for r, i := range ranked {
			if err := ctx.Err(); err != nil {
				return err
			}
			p := rows[i]
			fmt.Fprintf(w, "%d) %s %.1f : %s (+%s,=%s,-%s), %5.1f %%\n\n", r+1, p.Name, float64(p.Elo), gameCount(float64(p.Games)),
				gameCount(p.Wins), gameCount(p.Draws), gameCount(p.Losses), score(p.Wins, p.Draws, p.Losses))
			fmt.Fprintf(w, "   %-*s :  games (    +,    =,    -),   (%%) :    Diff,    SD, CFS (%%)\n", width, "vs.")
			for _, x := range h2h[i] {
				fmt.Fprintf(w, "   %-*s : %6s (%5s,%5s,%5s), %5.1f : %+7.1f, %5.1f, %6.1f\n", width, rows[x.opp].Name,
					gameCount(x.wins+x.draws+x.losses), gameCount(x.wins), gameCount(x.draws), gameCount(x.losses),
					score(x.wins, x.draws, x.losses), x.diff, x.sd, cfs(x))
			}
			if _, err := fmt.Fprintln(w); err != nil {
				return err
			}
		}
		return nil
	})
}

// cmpRank orders players by their place in the table (those not listed
// last, by rating).
func cmpRank(rank []int, rows []btPlayer, a, b int) int {
	if rank[a] != rank[b] {
		return rank[a] - rank[b]
	}
	switch {
	case rows[a].Elo > rows[b].Elo:
		return -1
	case rows[a].Elo < rows[b].Elo:
		return 1
	}
	return a - b
}

// writeElostat writes Elostat's three files into dir, as Ordo's -E does:
// rating.dat (the table; + and - are the interval's half width at --ci),
// programs.dat (each player's games against each opponent) and
// general.dat (games, and wins by the side that moved first, White, and
// by the other, Black, over the games that record it).
func writeElostat(ctx context.Context, dir string, rows []btPlayer, ranked []int, p *bt.Pairs, res *bt.Results) error {
	width := 7
	for _, r := range rows {
		width = max(width, len(r.Name))
	}
	width = min(width, 50)
	err := writeOutput(ctx, "elostat", filepath.Join(dir, "rating.dat"), func(w io.Writer) error {
		fmt.Fprintf(w, "\n\n     %-*s     %6s %6s %6s %7s %7s %8s %6s\n\n", width, "Program", "Elo", "+", "-", "Games", "Score", "Av.Op.", "Draws")
		for r, i := range ranked {
			x := rows[i]
			half := float64(x.CIHigh - x.Elo)
			if math.IsNaN(half) {
				half = 0 // --ratings-only, as Ordo without -s
			}
			mark := " "
			switch {
			case x.Losses == 0 && x.Draws == 0:
				mark = ">"
			case x.Wins == 0 && x.Draws == 0:
				mark = "<"
			}
			if _, err := fmt.Fprintf(w, "%4d %-*s %s : %6.1f %6.1f %6.1f %5s %7.1f %% %6.0f %6.1f %%\n", r+1, width+1, x.Name, mark, float64(x.Elo), half, half,
				gameCount(float64(x.Games)), float64(x.Score), float64(x.Opponent), float64(x.DrawRate)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	opps := map[int][]h2hPair{}
	for k := range p.I {
		i, j := int(p.I[k]), int(p.J[k])
		opps[i] = append(opps[i], h2hPair{opp: j, wins: p.WinsI[k], draws: p.Draws[k], losses: p.WinsJ[k]})
		opps[j] = append(opps[j], h2hPair{opp: i, wins: p.WinsJ[k], draws: p.Draws[k], losses: p.WinsI[k]})
	}
	rank := make([]int, len(rows))
	for i := range rank {
		rank[i] = math.MaxInt
	}
	for r, i := range ranked {
		rank[i] = r
	}
	pct := func(w, d, l float64) float64 { return 100 * (w + d/2) / (w + d + l) }
	err = writeOutput(ctx, "elostat", filepath.Join(dir, "programs.dat"), func(w io.Writer) error {
		fmt.Fprint(w, "Individual statistics:\n\n")
		for r, i := range ranked {
			x := rows[i]
			fmt.Fprintf(w, "%d %-*s :%5.1f %s (+%3s,=%3s,-%3s), %4.1f %%\n\n", r+1, width, x.Name, float64(x.Elo), gameCount(float64(x.Games)),
				gameCount(x.Wins), gameCount(x.Draws), gameCount(x.Losses), pct(x.Wins, x.Draws, x.Losses))
			o := opps[i]
			slices.SortFunc(o, func(a, b h2hPair) int { return cmpRank(rank, rows, a.opp, b.opp) })
			for _, y := range o {
				fmt.Fprintf(w, "%-*s : %s (+%3s,=%3s,-%3s), %4.1f %%\n", width+1+len(strconv.Itoa(r+1)), rows[y.opp].Name, gameCount(y.wins+y.draws+y.losses),
					gameCount(y.wins), gameCount(y.draws), gameCount(y.losses), pct(y.wins, y.draws, y.losses))
			}
			if _, err := fmt.Fprintln(w); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeOutput(ctx, "elostat", filepath.Join(dir, "general.dat"), func(w io.Writer) error {
		var games, white, black, draws, unseated float64
		for _, m := range res.Matchups {
			games += m.Games()
			switch m.Seat {
			case bt.AFirst:
				white, black, draws = white+m.WinsA, black+m.WinsB, draws+m.Draw
			case bt.BFirst:
				white, black, draws = white+m.WinsB, black+m.WinsA, draws+m.Draw
			default:
				unseated += m.Games()
			}
		}
		seated := games - unseated
		share := func(x float64) float64 { return 100 * x / seated }
		fmt.Fprintf(w, "\nGames        : %s (finished)\n\n", gameCount(games))
		fmt.Fprintf(w, "White Wins   : %s (%.1f %%)\nBlack Wins   : %s (%.1f %%)\nDraws        : %s (%.1f %%)\n", gameCount(white), share(white),
			gameCount(black), share(black), gameCount(draws), share(draws))
		fmt.Fprintf(w, "Unfinished   : %d\n", res.Unfinished)
		if unseated > 0 {
			fmt.Fprintf(w, "Not seated   : %s (the files do not say who moved first)\n", gameCount(unseated))
		}
		fmt.Fprintf(w, "\nWhite Score  : %.1f %%\nBlack Score  : %.1f %%\n\n", share(white+draws/2), share(black+draws/2))
		return nil
	})
}
