package grundy

import (
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// DataFrame returns one row per position: position, sg, outcome (P or N)
// and winning_moves (the winning followers, separated by "; ").
func (t *Table) DataFrame() dataframe.DataFrame {
	n := t.Graph.NumVertices()
	pos := make([]string, n)
	sg := make([]int, n)
	out := make([]string, n)
	win := make([]string, n)
	for v := int32(0); v < int32(n); v++ {
		pos[v] = t.Graph.Format(v)
		sg[v] = int(t.SG[v])
		out[v] = t.Outcome(v).String()
		var w []string
		for _, u := range t.WinningMoves(v) {
			w = append(w, t.Graph.Format(u))
		}
		win[v] = strings.Join(w, "; ")
	}
	return dataframe.New(
		series.New(pos, series.String, "position"),
		series.New(sg, series.Int, "sg"),
		series.New(out, series.String, "outcome"),
		series.New(win, series.String, "winning_moves"),
	)
}
