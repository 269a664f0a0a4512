package plot

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// league returns n players named p1..pn, given in a shuffled order, with
// ratings and intervals of different widths.
func league(n int, seed uint64) (names []string, r, lo, hi []float64) {
	rng := rand.New(rand.NewPCG(seed, 9))
	for i := range n {
		names = append(names, fmt.Sprintf("player%d", i+1))
		v := 1600 + 150*rng.NormFloat64()
		half := 10 + 60*rng.Float64()
		r, lo, hi = append(r, v), append(lo, v-half), append(hi, v+half)
	}
	perm := rng.Perm(n)
	shuffle := func(v []float64) []float64 {
		out := make([]float64, n)
		for i, j := range perm {
			out[i] = v[j]
		}
		return out
	}
	shuffled := make([]string, n)
	for i, j := range perm {
		shuffled[i] = names[j]
	}
	return shuffled, shuffle(r), shuffle(lo), shuffle(hi)
}

// drawn records a figure drawn at w x h: its texts and lines.
func drawn(t *testing.T, n int, w, h vg.Length) (rec *recorder, names []string, r, lo, hi []float64) {
	t.Helper()
	names, r, lo, hi = league(n, uint64(n))
	p, err := Ratings(names, r, lo, hi)
	if err != nil {
		t.Fatal(err)
	}
	rec = newRecorder(w, h)
	p.Draw(draw.New(rec))
	return rec, names, r, lo, hi
}

// middle returns the height of a text box's middle.
func middle(b textBox) float64 {
	return float64(b.corners[0].Y+b.corners[2].Y) / 2
}

// A ratings figure shows its players best at the top, each name on its
// row: one panel of all players up to 30 at its natural size (Size), two
// panels of half the players each beyond, and for leagues too large for
// two panels the best and the worst, in panels whose titles give their
// ranks of all. At the standard size it shows what fits, never crowded.
// Every layout keeps the figure rules (Check).
func TestRatingsLayout(t *testing.T) {
	ranks := regexp.MustCompile(`^ranks (\d+)–(\d+) of (\d+)$`)
	for _, c := range []struct {
		n      int
		panels []string // titles of the panels at the natural size
	}{
		{3, nil}, {10, nil}, {30, nil},
		{45, []string{"ranks 1–23 of 45", "ranks 24–45 of 45"}},
		{100, []string{"ranks 1–50 of 100", "ranks 51–100 of 100"}},
		{300, nil}, // the best and the worst: checked from the titles
	} {
		names, r, lo, hi := league(c.n, uint64(c.n))
		p, err := Ratings(names, r, lo, hi)
		if err != nil {
			t.Fatal(err)
		}
		w, h := Size(p)
		if w != Width || h < Height || h > 7.5*vg.Inch {
			t.Errorf("%d players: natural size %.2f x %.2f in", c.n, w/vg.Inch, h/vg.Inch)
		}
		for _, size := range [][2]vg.Length{{w, h}, {Width, Height}} {
			if err := Check(p, size[0], size[1]); err != nil {
				t.Errorf("%d players at %v: %v", c.n, size, err)
			}
			rec := newRecorder(size[0], size[1])
			p.Draw(draw.New(rec))
			// The ranks each panel shows, from its title, or all.
			var titles []string
			var shown [][2]int
			for _, tx := range rec.texts {
				if m := ranks.FindStringSubmatch(tx.s); m != nil {
					a, _ := strconv.Atoi(m[1])
					b, _ := strconv.Atoi(m[2])
					if m[3] != strconv.Itoa(c.n) {
						t.Errorf("%d players: title %q", c.n, tx.s)
					}
					titles, shown = append(titles, tx.s), append(shown, [2]int{a - 1, b})
				}
			}
			if size[1] == h && c.panels != nil && !slices.Equal(titles, c.panels) {
				t.Errorf("%d players: panels %q, want %q", c.n, titles, c.panels)
			}
			if size[1] == h && c.n <= 30 && len(titles) != 0 {
				t.Errorf("%d players: panels %q at the natural size, want one", c.n, titles)
			}
			if len(titles) == 0 {
				shown = [][2]int{{0, c.n}}
			}
			// The names drawn, by panel (left to right), top to bottom,
			// are the players of its ranks, best first.
			order := make([]int, c.n)
			for i := range order {
				order[i] = i
			}
			slices.SortFunc(order, func(a, b int) int { return cmp.Compare(r[b], r[a]) })
			var boxes []textBox
			for _, tx := range rec.texts {
				if slices.Contains(names, tx.s) {
					boxes = append(boxes, tx)
				}
			}
			slices.SortStableFunc(boxes, func(a, b textBox) int {
				if d := cmp.Compare(math.Round(float64(a.corners[0].X)/50), math.Round(float64(b.corners[0].X)/50)); len(shown) > 1 && d != 0 {
					return d
				}
				return cmp.Compare(middle(b), middle(a))
			})
			var want []string
			for _, s := range shown {
				for _, i := range order[s[0]:s[1]] {
					want = append(want, names[i])
				}
			}
			var got []string
			for _, b := range boxes {
				got = append(got, b.s)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%d players at %v: names top to bottom %q, want %q", c.n, size, got, want)
			}
			if c.n == 300 && size[1] == h && (len(shown) != 2 || shown[0][0] != 0 || shown[1][1] != 300 || shown[0][1] < 40) {
				t.Errorf("300 players: panels show ranks %v", shown)
			}
		}
	}
}

// Each player's interval is drawn as a bar on its row, as long as the
// interval is wide (in proportion to the other players'), centred where
// the interval is; a player with no rating keeps its row, empty.
func TestRatingsBars(t *testing.T) {
	rec, names, r, lo, hi := drawn(t, 12, Width, 4*vg.Inch)
	rows := map[string]float64{}
	for _, tx := range rec.texts {
		if slices.Contains(names, tx.s) {
			rows[tx.s] = middle(tx)
		}
	}
	if len(rows) != len(names) {
		t.Fatalf("%d names drawn of %d", len(rows), len(names))
	}
	// The longest horizontal line on each row is the bar.
	bar := func(y float64) (segment, bool) {
		var best segment
		found := false
		for _, l := range rec.lines {
			if l.a.Y != l.b.Y || math.Abs(float64(l.a.Y)-y) > 1.5 {
				continue
			}
			if !found || math.Abs(float64(l.b.X-l.a.X)) > math.Abs(float64(best.b.X-best.a.X)) {
				best, found = l, true
			}
		}
		return best, found
	}
	var scale, offset float64 // points per Elo, and where Elo 0 would be
	for k, name := range names {
		b, ok := bar(rows[name])
		if !ok {
			t.Fatalf("no bar on %s's row", name)
		}
		x0, x1 := float64(min(b.a.X, b.b.X)), float64(max(b.a.X, b.b.X))
		s := (x1 - x0) / (hi[k] - lo[k])
		if k == 0 {
			scale, offset = s, x0-s*lo[k]
			continue
		}
		if math.Abs(s-scale) > 0.01*scale || math.Abs(x0-(offset+scale*lo[k])) > 0.3 {
			t.Errorf("%s: bar from %.1f to %.1f points, want %.1f to %.1f", name, x0, x1, offset+scale*lo[k], offset+scale*hi[k])
		}
	}
	_ = r
	r2 := append([]float64{math.NaN()}, 1500, 1600)
	p, err := Ratings([]string{"unrated", "b", "c"}, r2, []float64{math.NaN(), 1450, 1580}, []float64{math.NaN(), 1550, 1620})
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(p, Width, Height); err != nil {
		t.Error(err)
	}
	if _, err := Ratings([]string{"a"}, []float64{math.NaN()}, []float64{1}, []float64{2}); err != nil {
		t.Errorf("a player with only an interval: %v", err)
	}
	if _, err := Ratings([]string{"a"}, []float64{math.NaN()}, []float64{math.NaN()}, []float64{math.NaN()}); err == nil {
		t.Error("no finite value accepted")
	}
}
