// Package alpharank ranks the players of a league by alpha-Rank
// (S. Omidshafiei, C. Papadimitriou, G. Piliouras, K. Tuyls et al.,
// "alpha-Rank: Multi-agent evaluation by evolution", Scientific Reports
// 9, 9937, 2019), single-population: the players are the pure strategies
// of a symmetric game, M[i][j] is player i's payoff against j.
//
// The model: a population of m individuals all play one player s; a
// mutant playing r appears (each other player equally likely, 1/(n-1))
// and takes over with fixation probability rho_sr under Fermi selection
// with ranking intensity alpha, or dies out. This is a Markov chain over
// the players, C_sr = rho_sr/(n-1); its stationary distribution pi is
// alpha-Rank's score, the share of time evolution spends on each player.
// Two selection models (Model):
//
//   - Moran, the paper's single-population model: with k mutants, a
//     mutant's fitness is its mean payoff against the other m-1
//     individuals, ((k-1) M_rr + (m-k) M_rs)/(m-1), a resident's
//     ((m-k-1) M_ss + k M_sr)/(m-1), and rho = 1/(1 + sum_{l=1}^{m-1}
//     prod_{k=1}^{l} exp(-alpha (f_r(k) - f_s(k))));
//   - Local (OpenSpiel's default): u = alpha (M_rs - M_sr) and rho =
//     (1 - e^-u)/(1 - e^-mu). For a constant-sum payoff (win rates,
//     1/2 on the diagonal) both are the same with alpha scaled by
//     2(m-1)/m.
//
// Defaults are OpenSpiel's: alpha = 100, m = 50. alpha is in the units of
// the payoff: on win rates, in the Moran model, a mutant scoring P
// against the resident fixes with probability (1 - e^-u)/(1 - e^-mu),
// u = alpha m/(m-1) (P - 1/2).
//
// As alpha grows, a mutant that does better takes over almost surely and
// a worse one almost never, and pi converges to the stationary
// distribution of that limit chain on the response graph's sink strongly
// connected component (Markov-Conley chains, the paper's solution
// concept). Limit (or Options.Alpha = +Inf) computes it exactly. For win
// rates or any antisymmetric payoff there is one sink component, so the
// limit is always defined: a player that beats every other (a Condorcet
// winner) gets all the mass, a cycle shares it, and in biased rock-paper-
// scissors the limit is uniform where the Nash equilibrium is (1/16,
// 10/16, 5/16): alpha-Rank measures where evolution goes round, not what
// nobody can beat (stats/nashavg). SweepAlpha gives pi over a range of
// alpha, the paper's figure for choosing it.
//
// Numerics: the fixation probabilities and the stationary distribution
// are computed in logarithms (log-sum-exp of the Moran sum; the
// Grassmann-Taksar-Heyman state reduction, which only adds and multiplies
// positive numbers), so pi is exact to rounding at any alpha: no
// probability underflows into a reducible chain. Cost O(n^2 m + n^3).
// The tests check pi against OpenSpiel's published test value (Han et
// al.'s payoffs), against the Markov chain tree theorem on biased
// rock-paper-scissors, and the closed form of rho for constant-sum
// payoffs.
//
//	r, _ := bt.ReadFile("datasets/003_table6.csv", "matrix")
//	rk, _ := alpharank.RankResults(r, alpharank.Options{Alpha: 10})
//	fmt.Println(rk.DataFrame()) // rank, player, pi
//	sw, _ := alpharank.SweepAlpha(rk.Players, rk.Payoff, nil, alpharank.Options{})
//	p, _ := sw.Plot()
package alpharank
