package grundy_test

import (
	"testing"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/grundy"
)

// Values on Chomp 9 x 9 (48,619 positions); bench/engine runs 12 x 12.
func BenchmarkValuesChomp9(b *testing.B) {
	ch, _ := games.NewChomp(9, 9)
	gr, err := game.Compile(ch)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(gr.NumVertices()), "positions")
	b.ResetTimer()
	for range b.N {
		grundy.Values(gr)
	}
}
