// Package bt fits Bradley-Terry models to paired-comparison results by
// Hunter's MM algorithm (D. R. Hunter, "MM algorithms for generalized
// Bradley-Terry models", Annals of Statistics 32, 2004), as paper 003
// (Samothrakis, Lucas, Runarsson and Robles) does to rate game players.
//
// The model: player i beats player j with probability g_i/(g_i + g_j), or,
// with a first-move (home) advantage t, t*g_i/(t*g_i + g_j) when i moves
// first. Draws count as half a win for each side (paper 003 section III-D2).
// Strengths are reported on the Elo scale of paper 003 eq. (3),
// e_i = mu + 400 log10 g_i, with the g_i scaled so that the mean Elo of
// the pool is mu (1600 by default, the convention of paper 003 Tables
// IIIa-c).
//
// The maximum likelihood estimate exists exactly when the directed graph
// "i scored against j" is strongly connected (Hunter's condition); when it
// is not, Fit returns a *NotConnectedError naming the players or groups at
// fault, and Options.Prior offers a regularised fit: that many virtual
// drawn games between every pair of players, as BayesElo's prior does.
//
// Standard errors come from the observed Fisher information of the
// log-strengths (inverted under the constraint that they sum to zero), and
// give confidence intervals and the likelihood-of-superiority matrix
// P(strength_i > strength_j).
//
//	r, _ := bt.ReadFile("results.csv", "pairs")
//	fit, _ := bt.Fit(r)
//	fmt.Println(fit.DataFrame())
package bt
