// Package nashavg rates the players of a league by Nash averaging
// (D. Balduzzi, K. Tuyls, J. Perolat and T. Graepel, "Re-evaluating
// evaluation", NeurIPS 2018), an evaluation that intransitivity cannot
// fool the way it fools Elo.
//
// The league is an antisymmetric payoff matrix A: A_ij is what player i
// gains against j and A_ji = -A_ij. From win rates P (P_ij + P_ji = 1) it
// is the log-odds log(P_ij/P_ji) (the paper's choice, the scale on which
// Bradley-Terry/Elo differences add) or the margin P_ij - 1/2 (Scale).
// A is a symmetric zero-sum game whose value is 0. Its Nash equilibria
// are the mixtures p of players with A p <= 0: nobody gains against
// them. They form a polytope; the maximum-entropy one, p*, is unique and
// plays every player that any equilibrium plays. A player's Nash average
// is its payoff against p*, (A p*)_i: 0 for every player p* plays, below
// 0 for a player that loses against it. The paper's properties:
//
//   - invariant: adding a copy of a player changes nobody's Nash average
//     (the copies share the original's mass), so a league cannot be
//     tilted by stuffing it with variants of one player, the danger paper
//     003 (section VII) warns of ("filling a league of players with
//     slight variations of a strong player's nemesis can make that strong
//     player look extremely weak"), which Elo and "% won" suffer;
//   - continuous in the payoffs, and interpretable: a rating is an
//     expected payoff against the strongest mixture of the league.
//
// In a transitive league Nash averaging is Elo relative to the best
// player (p* is that player alone, and on the log-odds scale
// (A p*)_i = s_i - s_best for Bradley-Terry strengths s); in rock-paper-
// scissors it is 0 for all three, with p* uniform.
//
// How p* is found, and how exactly. First a linear program (gonum's
// simplex) finds the equilibria's support S. By Goldman and Tucker's
// strict complementarity every player is either played by some
// equilibrium or loses strictly against some equilibrium, never both, so
// there is a y >= 0 with w = -A y >= 0 and y + w >= 1, and any such y has
// y_i w_i = 0: y_i >= 1 on S and w_i >= 1 off it. The program finds one
// (minimising sum y), so S is read with a margin of 1, not decided by a
// tolerance (a player within 1e-7 of both sides is reported as an error:
// payoffs that close to degenerate cannot be settled in float64). Then,
// on S, the maximum-entropy point of {p > 0 : sum p = 1, A_SS p = 0,
// A_jS p <= 0 for j off S} is found by a primal active-set method; with a
// set of constraints held as equalities the maximum-entropy point is
// p = exp(M'theta) for their rows M, and theta solves the smooth
// strictly convex dual by Newton's method to a gradient (the constraints'
// residual) of 1e-15. The answer is exact to rounding: the ratings of the
// support are 0 to about 1e-16 of the largest payoff, and Fit checks
// that no player earns more than 1e-9 of it against p* (Ratings.Gap
// says how much one does). The simplex is dense: about 0.1 s for 50
// players, 1 s for 100 and 20 s for 200 on one core, growing as n^3
// per pivot.
//
// A league (an engine/tournament round robin's Results.BT(), stats/bt's
// readers, paper 003's Table VI) goes in with FitResults, every pair
// having played; win rates are smoothed by virtual drawn games
// (Options.Prior, 1 by default) so that a sweep has finite log-odds.
//
//	r, _ := bt.ReadFile("datasets/003_table6.csv", "matrix")
//	na, _ := nashavg.FitResults(r)
//	fmt.Println(na.DataFrame()) // rank, player, nash, rating, support, score%
//	p, _ := na.Plot()
//
// Nash averaging and alpha-Rank (stats/alpharank) answer different
// questions: Nash averaging asks which mixture of the league nobody can
// beat and scores everyone against it; alpha-Rank asks where an
// evolving population of the league's players spends its time.
package nashavg
