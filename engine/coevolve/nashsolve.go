package coevolve

import "math"

// Standing is a candidate's NashSolve score against the archive (paper 003
// section V, Algorithm 1 as docs/coevolve.md reads it): its worst result
// against any one member, ties broken by its mean result, and whether it
// beat every member in both seats (which admits it to the archive).
//
// A result against a member is the candidate's points over the two games
// with that member, one in each seat: in Othello 0, 0.5, 1, 1.5 or 2
// (win 1, draw 0.5), in matching sides the payoff -2, 0 or 2.
type Standing struct {
	Worst   float64 // the lowest result against one member
	Mean    float64 // the mean result over the members
	Members int     // members played
	Beaten  int     // members beaten in both seats
	sum     float64
}

// add records the result against one more member: whether the candidate
// won as first player and as second player, and its points over both games.
func (s *Standing) add(wonFirst, wonSecond bool, points float64) {
	if s.Members == 0 || points < s.Worst {
		s.Worst = points
	}
	s.Members++
	s.sum += points
	s.Mean = s.sum / float64(s.Members)
	if wonFirst && wonSecond {
		s.Beaten++
	}
}

// BeatsAll reports whether the candidate beat every member in both seats,
// the condition for entering the archive.
func (s Standing) BeatsAll() bool { return s.Members > 0 && s.Beaten == s.Members }

// Better orders standings: the higher worst result first, then the higher
// mean.
func (s Standing) Better(o Standing) bool {
	return s.Worst > o.Worst || s.Worst == o.Worst && s.Mean > o.Mean
}

// Fitness is the standing as one number for the evolutionary algorithm,
// Worst + 0.4*step*Mean, where step is the least difference between two
// results (0.5 for one Othello game in each seat: results are multiples of
// 0.5 in [0, 2]). The mean term is at most 0.8*step, below the step
// between two worst results, so Fitness orders candidates exactly as
// Better does.
func (s Standing) Fitness(step float64) float64 {
	if s.Members == 0 {
		return math.NaN()
	}
	return s.Worst + 0.4*step*s.Mean
}
