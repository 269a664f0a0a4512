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
	// A league's diagonal: whole numbers with a missing value.
	c := Number("x", []float64{4, math.NaN(), 6})
	if c.Type() != series.Int || !c.Elem(1).IsNA() || c.Elem(2).String() != "6" {
		t.Fatalf("whole numbers and NaN: %v %v", c.Type(), c.Records())
	}
	for _, v := range [][]float64{{1.5, 2}, {math.Inf(1)}, {1e300}, {math.NaN(), 0.5}} {
		if c := Number("x", v); c.Type() != series.Float {
			t.Errorf("%v gave %v", v, c.Type())
		}
	}
}

func TestRounding(t *testing.T) {
	for _, c := range []struct {
		got, want float64
	}{
		{RoundTo(1652.4999, 1), 1652.5},
		{RoundTo(-0.04, 1), -0},
		{RoundTo(80.54999, 1), 80.5},
		{SigTo(0.0066987, 3), 0.0067},
		{SigTo(0.99951, 3), 1},
		{SigTo(123456, 3), 123000},
		{SigTo(-2.71828e-12, 3), -2.72e-12},
	} {
		if c.got != c.want {
			t.Errorf("got %v, want %v", c.got, c.want)
		}
	}
	if !math.IsNaN(RoundTo(math.NaN(), 1)) || !math.IsInf(SigTo(math.Inf(-1), 3), -1) || SigTo(0, 3) != 0 {
		t.Error("NaN, Inf and 0 are kept")
	}
	if s := Round("elo", []float64{1600, 1652.46}, 1); s.Type() != series.Float || s.Elem(1).Float() != 1652.5 {
		t.Errorf("Round: %v", s.Records())
	}
	if s := Sig("p", []float64{0.123456, math.NaN()}, 3); s.Elem(0).Float() != 0.123 || !s.Elem(1).IsNA() {
		t.Errorf("Sig: %v", s.Records())
	}
}
