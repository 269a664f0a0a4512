package frame

import (
	"math"
	"testing"

	"github.com/go-gota/gota/series"
)

func TestNumber(t *testing.T) {
	if c := Number("games", []float64{11, 20000, 0}); c.Type() != series.Int || c.Records()[0] != "11" {
		t.Fatalf("whole numbers: %v %v", c.Type(), c.Records())
	}
	for _, v := range [][]float64{{1.5, 2}, {math.NaN()}, {math.Inf(1)}, {1e300}} {
		if c := Number("x", v); c.Type() != series.Float {
			t.Errorf("%v gave %v", v, c.Type())
		}
	}
}
