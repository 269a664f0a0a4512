// Package runtime fits how a measured runtime T grows with a problem size
// n, to compare with a theoretical bound such as paper 000 Proposition 6.1
// (UMDA on SUBTRACTIONNIM_n^k within C (kn)^5 log^2 n games).
//
// Two models are fitted by ordinary least squares on logarithms:
//
//	T = c n^a             log T = log c + a log n
//	T = c n^a (log n)^b   log T = log c + a log n + b log log n
//
// Confidence intervals come from a bootstrap over repetitions: the runs at
// each size are resampled with replacement and the model refitted. Runs
// that hit their evaluation budget are censored: they are kept out of the
// fits (which would otherwise see the budget, not the runtime) and counted
// in the expected running time ERT = (evaluations of all runs, censored
// ones at their budget) / (successful runs) (Auger and Hansen, 2005) and
// the success rate of each size.
package runtime
