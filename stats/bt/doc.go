// Package bt fits Bradley-Terry models to paired-comparison results, as
// paper 003 (Samothrakis, Lucas, Runarsson and Robles) does to rate game
// players, and scales to leagues of tens of thousands of players.
//
// The model: player i beats player j with probability g_i/(g_i + g_j), or,
// with a first-move (home) advantage t, t*g_i/(t*g_i + g_j) when i moves
// first. Draws count as half a win for each side (paper 003 section
// III-D2), or follow a model of their own: Davidson's or Rao and Kupper's
// (DrawModel). Strengths are reported on the Elo scale of paper 003 eq.
// (3), e_i = mu + 400 log10 g_i, with the pool's mean Elo mu (1600 by
// default, the convention of paper 003 Tables IIIa-c), or relative to an
// anchor player whose Elo is fixed.
//
// Results are held as matchups (Results) and aggregated by pair (Pairs):
// every computation takes time and memory in the number of pairs that
// played, never in the square of the players. The readers take CSV
// (pairs, a matrix like paper 003 Table VI, one game a line) and PGN, the
// format of chess software, Ordo and BayesElo.
//
// The maximum likelihood estimate is found by Newton's method on the
// log-likelihood, each step solved by conjugate gradients on the sparse
// Hessian, or by Hunter's MM algorithm (D. R. Hunter, "MM algorithms for
// generalized Bradley-Terry models", Annals of Statistics 32, 2004), the
// one paper 003 uses (Options.Method); both stop after an iteration that
// changes no centred log-strength by more than Options.Tol. The estimate
// exists exactly when the directed graph "i scored against j" is strongly
// connected (Hunter's condition); when it is not, Fit returns a
// *NotConnectedError naming the players or groups at fault, Connectivity
// reports the groups and the games that link them, and Options.Prior
// offers a regularised fit: BayesElo's prior, virtual drawn games per
// player spread over the opponents it met (Options.PairPrior puts them
// between every pair of players instead).
//
// BayesElo's model (R. Coulom's bayeselo, the program behind paper 003's
// BayesElo column) is Rao and Kupper's draw model with a first-move
// advantage, its draw parameter (drawelo) and advantage held fixed or
// estimated, its prior, and its Elo scale: BayesElo() returns its
// defaults, and the tests check the fits against BayesElo's own output.
//
// Standard errors come from the observed Fisher information (inverted
// under the constraint that the log-strengths sum to zero, or given the
// anchors): from the dense covariance for few players, and for many, at a
// cost bounded by about the fit's own, from an exact sparse factorisation
// when the tournament mixes slowly or from a deflated series refined
// player by player, with a stated bound on its error (SEAccuracy). They
// give confidence intervals and the likelihood-of-superiority matrix
// P(strength_i > strength_j). Options.Anchors holds several players'
// ratings, as Ordo's multiple anchors; Options.LooseAnchors and
// Options.Relations put normal priors on players' ratings and on
// differences between them, as Ordo's loose and relative anchors (the fit
// is then the maximum a posteriori, and the standard errors the
// posterior's).
//
// What the standard errors mean: without an anchor, each rating's error
// is measured against the pool (the log-strengths sum to zero, the pool's
// mean Elo is fixed), as Ordo reports without -A (or with -V). R's
// BradleyTerry2 (BTabilities) and Ordo with -A report instead the error of
// the difference to a reference player, larger as it adds the
// reference's own uncertainty: set Options.Anchor to that player for
// their convention (BradleyTerry2's reference is the first level of the
// player factor). The ratings themselves differ only by a shift.
//
// The readers stream: CSV is parsed by a byte-level scanner with
// encoding/csv's rules, PGN line by line with a bound on a line's length,
// the next block read while one is parsed.
//
//	r, _ := bt.ReadFile("results.csv", "pairs")
//	fit, _ := bt.Fit(r)
//	fmt.Println(fit.DataFrame())
package bt
