// Package ciao shows the progress of a coevolutionary run from the
// players it archived, with the measures of paper 003 (Samothrakis, Lucas,
// Runarsson and Robles, section VI) and one it lacks:
//
//   - CIAO matrices (Cliff and Miller, "current individual vs ancestral
//     opponents"): every archived player against every earlier one, from a
//     league in which every pair plays N games with forced random moves
//     (paper: 100 games, epsilon 0.1); Matrix.Plot draws the heatmap of
//     fig. 4 (in greys, darker where the current player scores more) with
//     its colour bar through stats/plot's HeatmapOf, which plot.Save
//     writes as PDF, SVG, PNG or EPS;
//   - Table V: the transitivity index tau and the KL divergence D_KL of the
//     archive's league (stats/intrans, on a stats/bt fit);
//   - the dominance tournament of Stanley and Miikkulainen: the players
//     that beat every earlier dominant player, a step curve that climbs
//     while a run makes progress and flattens when it cycles;
//   - fig. 5: each archived player's performance against a reference set
//     (random WPCs, the heuristic), plotted against the games the run had
//     played (Performance, PerformancePlot).
//
// The package knows no game: players are the numbered players of an
// engine/tournament Game (a coevolve.Match of an archive's players, say),
// and every game has its own random stream, so results do not depend on
// the number of workers.
//
//	arch, _ := coevolve.ReadArchive("runs/nash4/archive.csv")
//	league, _ := coevolve.Othello.Match(arch, 0.1)
//	m, _ := ciao.Play(ctx, league, arch.Names(), arch.Generations(), 100, tournament.Options{Seed: 1})
//	s := m.Style()
//	s.Title = "NashSolve |A| = 4"
//	p, _ := m.PlotStyle(s)
//	plot.Save(p, "ciao.pdf")
//	row, _ := m.Transitivity("|A| = 4") // tau, D_KL
package ciao
