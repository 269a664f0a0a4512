// Package intrans measures intransitivity in tournament results, with the
// two measures of paper 003 section III-D (Samothrakis et al.):
//
//   - the transitivity index tau of eq. (4): the share of player triads
//     that are not cyclic. A pair's result is decided by who scored more
//     points against the other; a tied pair is no edge, so a triad holding
//     one can never be cyclic (this is how paper 003 Table IIIc, with a
//     5-5 tie, gets tau = 1). PlayedTriads counts over the triads whose
//     three pairs played, in time that grows with the pairs that played,
//     and says when none did (tau undefined); for complete tournaments
//     without ties it takes Kendall and Babington Smith's count of cyclic
//     triads, C(n,3) - sum_i C(s_i,2), s_i the number of pairs player i
//     won. Tau and Triads count all C(n,3) triads of a points matrix.
//   - the KL divergence of eq. (6) between the win rate p predicted by a
//     Bradley-Terry fit and the observed win rate q, smoothed by adding a
//     constant (0.001 in paper 003) to each side's count of games won,
//     asymmetric D(p||q) or symmetric (the mean of both directions, which
//     is paper 003's choice), averaged over the pairs that played
//     (PairDivergence takes them already aggregated).
package intrans
