package bt

import (
	"context"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Loose anchors and relations: the fit is the maximum of the likelihood
// times the normal priors (each player's expected score minus its score
// balances the priors' pull, written out here from their definitions), the
// level is the loose anchors', and the standard errors are those of the
// inverse of the information plus the priors' precisions, computed here
// densely from the definitions; by the dense and by the sparse methods,
// with and without an anchor held.
func TestLooseAnchorsRelations(t *testing.T) {
	defer func(a int, e float64) { denseSE, maxEnvelope = a, e }(denseSE, maxEnvelope)
	r := randomLeague(120, 3000, 9)
	loose := []LooseAnchor{{"p0", 2000, 30}, {"p7", 1500, 80}, {"p11", 1800, 10}}
	rels := []Relation{{"p20", "p21", 0, 20}, {"p22", "p3", 150, 40}, {"p0", "p50", -30, 25}}
	p := r.Pairs()
	n := len(r.Players)
	for _, c := range []struct {
		name    string
		loose   []LooseAnchor
		rels    []Relation
		anchors []Anchor
	}{
		{"loose", loose, nil, nil},
		{"relations", nil, rels, nil},
		{"both", loose, rels, nil},
		{"both, p9 held", loose, rels, []Anchor{{"p9", 1700}}},
	} {
		for _, way := range []string{"dense", "exact", "series"} {
			denseSE, maxEnvelope = 800, 1e7
			switch way {
			case "exact":
				denseSE = 10
			case "series":
				denseSE, maxEnvelope = 10, 0
			}
			o := Options{LooseAnchors: c.loose, Relations: c.rels, Anchors: c.anchors, Tol: 1e-12}
			if len(c.anchors) == 1 {
				o = Options{LooseAnchors: c.loose, Relations: c.rels, Anchor: c.anchors[0].Name, AnchorElo: c.anchors[0].Elo, Tol: 1e-12}
			}
			fit, err := o.Fit(r)
			if err != nil {
				t.Fatal(c.name, err)
			}
			elo := fit.Elo()
			idx := func(name string) int { i, _ := r.Index(name); return i }
			// Stationarity, per player, in Elo: score - expected score
			// (per unit of Elo: the log-odds' derivative is ln10/400)
			// equals the priors' pull.
			k := math.Ln10 / 400
			grad := make([]float64, n)
			prec := make([]float64, n) // for the information below
			for q := 0; q < p.Len(); q++ {
				i, j := int(p.I[q]), int(p.J[q])
				pij := 1 / (1 + math.Pow(10, (elo[j]-elo[i])/400))
				pi, pj := p.Points(q)
				g := p.Games(q)
				grad[i] += k * (pi - g*pij)
				grad[j] += k * (pj - g*(1-pij))
			}
			for _, a := range c.loose {
				i := idx(a.Name)
				grad[i] -= (elo[i] - a.Elo) / (a.SD * a.SD)
				prec[i] += 1 / (a.SD * a.SD)
			}
			for _, rel := range c.rels {
				a, b := idx(rel.A), idx(rel.B)
				d := (elo[a] - elo[b] - rel.Diff) / (rel.SD * rel.SD)
				grad[a] -= d
				grad[b] += d
			}
			held := map[int]bool{}
			for _, a := range c.anchors {
				held[idx(a.Name)] = true
				if math.Abs(elo[idx(a.Name)]-a.Elo) > 1e-9 {
					t.Fatalf("%s: anchor %s at %v", c.name, a.Name, elo[idx(a.Name)])
				}
			}
			for i, gr := range grad {
				if !held[i] && math.Abs(gr) > 1e-7 {
					t.Fatalf("%s: player %d: gradient %v", c.name, i, gr)
				}
			}
			if c.loose == nil {
				// Without loose anchors the pool's mean is EloMean.
				m := 0.0
				for _, e := range elo {
					m += e / float64(n)
				}
				if math.Abs(m-1600) > 1e-9 {
					t.Fatalf("%s: mean %v", c.name, m)
				}
			}
			// The information in Elo^-2: games, priors; on the players
			// not held; centred (pseudo-inverse) without loose anchors.
			H := mat.NewSymDense(n, nil)
			addH := func(i, j int, w float64) {
				if held[i] || held[j] {
					return
				}
				H.SetSym(i, j, H.At(i, j)+w)
			}
			for q := 0; q < p.Len(); q++ {
				i, j := int(p.I[q]), int(p.J[q])
				pij := 1 / (1 + math.Pow(10, (elo[j]-elo[i])/400))
				w := k * k * p.Games(q) * pij * (1 - pij)
				addH(i, i, w)
				addH(j, j, w)
				addH(i, j, -w)
			}
			for i, w := range prec {
				addH(i, i, w)
			}
			for _, rel := range c.rels {
				a, b := idx(rel.A), idx(rel.B)
				w := 1 / (rel.SD * rel.SD)
				addH(a, a, w)
				addH(b, b, w)
				addH(a, b, -w)
			}
			for i := range held {
				H.SetSym(i, i, 1)
			}
			var cov mat.Dense
			if c.loose == nil && c.anchors == nil {
				// Pseudo-inverse: (H + 11^T/n)^-1 - 11^T/n.
				u := mat.NewSymDense(n, nil)
				for i := 0; i < n; i++ {
					for j := i; j < n; j++ {
						u.SetSym(i, j, H.At(i, j)+1.0/float64(n))
					}
				}
				if err := cov.Inverse(u); err != nil {
					t.Fatal(err)
				}
				for i := 0; i < n; i++ {
					for j := 0; j < n; j++ {
						cov.Set(i, j, cov.At(i, j)-1.0/float64(n))
					}
				}
			} else if err := cov.Inverse(H); err != nil {
				t.Fatal(err)
			}
			se := fit.SE()
			method, bound := fit.SEAccuracy()
			for i := range se {
				want := math.Sqrt(math.Max(cov.At(i, i), 0))
				if held[i] {
					want = 0
				}
				if math.Abs(se[i]-want) > (bound+1e-7)*want+1e-9 {
					t.Fatalf("%s, SEs by %s: player %d: SE %v, want %v", c.name, method, i, se[i], want)
				}
			}
			t.Logf("%s: SEs by %s within %.1e", c.name, method, bound)
		}
	}
}

// Bad priors are errors that say what is wrong.
func TestLoosePriorErrors(t *testing.T) {
	r := randomLeague(10, 100, 1)
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{LooseAnchors: []LooseAnchor{{"p1", 2000, 0}}}, "uncertainty 0 Elo must be positive"},
		{Options{LooseAnchors: []LooseAnchor{{"p1", 2000, 10}, {"p1", 1900, 10}}}, "given twice"},
		{Options{LooseAnchors: []LooseAnchor{{"nobody", 2000, 10}}}, `loose anchor "nobody" is not a player`},
		{Options{Relations: []Relation{{"p1", "p1", 0, 10}}}, "to itself"},
		{Options{Relations: []Relation{{"p1", "x", 0, 10}}}, `"x" is not a player`},
		{Options{Anchor: "p2", LooseAnchors: []LooseAnchor{{"p2", 2000, 10}}}, "an anchor and a loose anchor"},
		{Options{Method: MM, Relations: []Relation{{"p1", "p2", 0, 10}}}, "Newton"},
	} {
		_, err := c.o.Fit(r)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.o, err, c.want)
		}
	}
}

// DiffSE gives the SE of a difference of two ratings from the dense
// covariance's three entries, by the dense and the solved columns alike,
// centred and anchored; for an anchor it is the other player's SE.
func TestDiffSE(t *testing.T) {
	defer func(a, b int, e float64) { denseSE, denseFallback, maxEnvelope = a, b, e }(denseSE, denseFallback, maxEnvelope)
	r := randomLeague(300, 6000, 4)
	pairs := [][2]int{{0, 1}, {5, 200}, {17, 3}, {299, 0}, {5, 6}, {42, 43}}
	for _, anchor := range []string{"", "p5"} {
		denseSE, denseFallback, maxEnvelope = 800, 3000, 1e7
		fit, err := Options{Anchor: anchor}.Fit(r)
		if err != nil {
			t.Fatal(err)
		}
		c := fit.Cov()
		want := make([]float64, len(pairs))
		for k, p := range pairs {
			a, b := p[0], p[1]
			want[k] = eloPerNat * math.Sqrt(c.At(a, a)+c.At(b, b)-2*c.At(a, b))
		}
		dense, err := fit.DiffSE(context.Background(), pairs)
		if err != nil {
			t.Fatal(err)
		}
		denseSE, denseFallback = 10, 20
		solved, err := Options{Anchor: anchor, SETol: 1e-5}.Fit(r)
		if err != nil {
			t.Fatal(err)
		}
		got, err := solved.DiffSE(context.Background(), pairs)
		if err != nil {
			t.Fatal(err)
		}
		_, bound := solved.SEAccuracy()
		se := fit.SE()
		for k, p := range pairs {
			if math.Abs(dense[k]-want[k]) > 1e-9*want[k] || math.Abs(got[k]-want[k]) > (bound+1e-6)*want[k] {
				t.Fatalf("anchor %q, pair %v: dense %v, solved %v, want %v", anchor, p, dense[k], got[k], want[k])
			}
			if anchor == "p5" && p[0] == 5 && math.Abs(want[k]-se[p[1]]) > 1e-9*want[k] {
				t.Fatalf("anchored at p5: SE of p5 - p%d %v, p%d's SE %v", p[1], want[k], p[1], se[p[1]])
			}
		}
	}
}
