package bt_test

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/coevolab/coevo/stats/bt"
)

// One player's row of the likelihood of superiority, as a table: the
// values of Superiority, Elo and Prob, rounded to what they mean.
func TestSuperiorityFrame(t *testing.T) {
	r := bt.NewResults()
	r.Add("a", "b", 7, 3, 0, bt.NoSeat)
	r.Add("b", "c", 6, 4, 0, bt.NoSeat)
	r.Add("a", "c", 8, 2, 0, bt.NoSeat)
	fit, err := bt.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	df, err := fit.SuperiorityFrame("b")
	if err != nil {
		t.Fatal(err)
	}
	if got := df.Col("opponent").Records(); strings.Join(got, " ") != "a c" {
		t.Fatalf("opponents %v", got)
	}
	los, elo := fit.Superiority(), fit.Elo()
	for k, j := range []int{0, 2} {
		if got, want := df.Col("los").Elem(k).Float(), los[1][j]; strconv.FormatFloat(got, 'g', -1, 64) != fmt.Sprintf("%.3g", want) {
			t.Errorf("los against %d: %v, want %v to 3 digits", j, got, want)
		}
		if got, want := df.Col("elo_diff").Elem(k).Float(), elo[1]-elo[j]; math.Abs(got-want) > 0.05 {
			t.Errorf("elo_diff against %d: %v, want %v", j, got, want)
		}
		if got, want := df.Col("p_score").Elem(k).Float(), fit.Prob(1, j); math.Abs(got-want) > 0.0005 {
			t.Errorf("p_score against %d: %v, want %v", j, got, want)
		}
	}
	if _, err := fit.SuperiorityFrame("z"); err == nil || !strings.Contains(err.Error(), "a, b, c") {
		t.Errorf("an unknown player: %v", err)
	}
}
