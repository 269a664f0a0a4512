// Package evo is a small compiled package for the session's tests of
// completion and inspection: a type with fields and methods, an embedded
// type, a function returning them, one returning a DataFrame.
package evo

import (
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// Run is a finished run.
type Run struct {
	Generations int
	Archive     *Archive
	secret      int
}

// Archive is what a run kept.
type Archive struct{ Members []string }

// Best is the best fitness.
func (r *Run) Best() float64 { return float64(r.secret) }

func (r Run) String() string { return "run" }

// Len is the archive's size.
func (a *Archive) Len() int { return len(a.Members) }

// Names lists the members.
func (a *Archive) Names() []string { return a.Members }

// Evolve runs n generations.
func Evolve(n int) (*Run, error) { return &Run{Generations: n, Archive: &Archive{}}, nil }

// Table is a one-column table.
func Table() dataframe.DataFrame { return dataframe.New(series.New([]int{1}, series.Int, "x")) }
