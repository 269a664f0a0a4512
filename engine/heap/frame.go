package heap

import (
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// NimSequence is g(0), g(1), ...: the values of single heaps by size.
type NimSequence []int32

// DataFrame returns columns n and sg, one row per heap size.
func (s NimSequence) DataFrame() dataframe.DataFrame {
	n := make([]int, len(s))
	v := make([]int, len(s))
	for i, x := range s {
		n[i], v[i] = i, int(x)
	}
	return dataframe.New(series.New(n, series.Int, "n"), series.New(v, series.Int, "sg"))
}
