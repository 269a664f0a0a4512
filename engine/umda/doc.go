// Package umda runs the coevolutionary UMDA of Benford and Lehre (paper 000,
// Algorithm 1) on impartial games, with the game theory it needs: strategies,
// the payoff f_G, optimal strategies and critical positions.
//
// A strategy chooses one follower at every interior position (paper 000
// section 2). f_G(x, y) = 1 when x, moving first, wins against y. If the
// second player wins the game, paper 000 adds a fictitious root v* with
// F(v*) = {v0}, so that the first player has a winning strategy; Prepare
// does so by default (Options.NoFictitiousRoot turns it off) and says so in
// the result.
//
// Algorithm 1 keeps, for every interior position u, a distribution p_t(u)
// over the followers of u, starting uniform. Each generation plays mu
// binary tournaments between strategies x, y sampled from p_t, keeps the
// winners as the population P_{t+1}, sets q_{t+1}(u) to the winners'
// frequencies of each move at u, and p_{t+1}(u) = pi_gamma(q_{t+1}(u)), the
// projection of section 3 that keeps every probability at least gamma.
// Params.Naive runs Algorithm 1 as printed; the default fast sampler draws
// the same process, exactly in distribution, touching only the positions
// games visit: the others' distributions follow chains of their own,
// advanced lazily (fast.go; docs/umda.md).
//
// The runtime (Definition 5.1) is mu times the first t whose population
// P_t holds an optimal strategy; a run that reaches its evaluation budget
// first is reported as censored.
package umda
