package theory

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/umda"
)

func prepare(t *testing.T, g game.Game) *umda.Game {
	t.Helper()
	gr, err := game.Compile(g)
	if err != nil {
		t.Fatal(err)
	}
	G, err := umda.Prepare(gr, umda.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return G
}

// Paper 000 Propositions 6.1-6.4 on small instances: s-bar and Delta
// within the stated bounds (with exact switchabilities).
func TestPropositions6(t *testing.T) {
	type c struct {
		name        string
		g           game.Game
		sbar, delta int
	}
	var cases []c
	for n := 4; n <= 9; n++ {
		for k := 2; k <= 3; k++ {
			g, _ := games.SubtractionNim(n, k)
			cases = append(cases, c{"subtraction", g, 1, k}) // Prop 6.1
		}
	}
	for m := 3; m <= 5; m++ {
		for k := 1; k <= 2; k++ {
			g, _ := games.NewSilverDollar(m, k)
			cases = append(cases, c{"silverdollar", g, k, m}) // Prop 6.2
		}
	}
	for m := 2; m <= 3; m++ {
		g, _ := games.NewTurningTurtles(m)
		cases = append(cases, c{"turningturtles", g, m, m * m}) // Prop 6.3
	}
	ch, _ := games.NewChomp(2, 2)
	cases = append(cases, c{"chomp", ch, 2, 4}) // Prop 6.4, m = 2
	for _, tc := range cases {
		G := prepare(t, tc.g)
		r := Analyze(G, 0)
		if !r.SBarExact {
			t.Fatalf("%s: switchability not exact", tc.name)
		}
		// A fictitious root v* -> v0 changes no switchability: every path
		// passes v0, and the switchers of other positions are unchanged.
		if r.SBar > tc.sbar || r.Delta > tc.delta {
			t.Errorf("%s (n=%d): sbar %d (bound %d), Delta %d (bound %d)", tc.name, r.N, r.SBar, tc.sbar, r.Delta, tc.delta)
		}
	}
}

// Paper 000 figure 4: on the ladder v0 -> v1 -> ... with a sink beside
// every step, reaching v_i needs i consecutive forced choices: s(v_i) = i,
// which grows linearly (the caption's Theta(n)).
func TestFigure4Switchability(t *testing.T) {
	g, _ := games.Figure4(8)
	G := prepare(t, g)
	for v := int32(0); v < int32(G.NumPositions()); v++ {
		name := G.Graph.Format(v)
		s, exact := Switchability(G, v, 0)
		if !exact {
			t.Fatalf("%s: not exact", name)
		}
		want := 0
		if name != "s" {
			want = int(name[1] - '0')
		}
		if s != want {
			t.Errorf("s(%s) = %d, want %d", name, s, want)
		}
	}
}

// Lemma 4.5: P(v in Path) >= gamma^s(v) for every p with entries >= gamma.
func TestLemma45(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for _, g := range []game.Game{mustSub(8, 2), mustSub(7, 3), games.Figure1(), mustChomp(2, 3)} {
		G := prepare(t, g)
		r := Analyze(G, 0)
		for trial := 0; trial < 200; trial++ {
			gamma := 0.02 + 0.1*rng.Float64()
			p := randomP(G, gamma, rng)
			pr := PathProbabilities(G, p)
			for v, s := range r.S {
				if lb := math.Pow(gamma, float64(s)); pr[v] < lb-1e-12 {
					t.Fatalf("%T v=%d: P(v in Path) = %g < gamma^s = %g (s=%d)", g, v, pr[v], lb, s)
				}
			}
		}
	}
}

func mustSub(n, k int) game.Game   { g, _ := games.SubtractionNim(n, k); return g }
func mustChomp(r, c int) game.Game { g, _ := games.NewChomp(r, c); return g }

// randomP draws p with every entry at least gamma (projected by pi_gamma).
func randomP(G *umda.Game, gamma float64, rng *rand.Rand) [][]float64 {
	p := make([][]float64, len(G.Interior))
	for i, v := range G.Interior {
		d := len(G.Followers(v))
		q := make([]float64, d)
		sum := 0.0
		for s := range q {
			q[s] = rng.ExpFloat64()
			sum += q[s]
		}
		for s := range q {
			q[s] /= sum
		}
		p[i] = make([]float64, d)
		umda.Project(q, min(gamma, 0.99/float64(d)), p[i])
	}
	return p
}

// Lemma 3.2, checked by exact enumeration of all strategy pairs on small
// games: P(z(u) = v) = p(u,v) [1 + P(u in Path)(1 - P(f^v = 1) - P(f^u = 1))].
func TestLemma32(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, g := range []game.Game{mustSub(6, 2), games.Figure1(), mustChomp(2, 2)} {
		G := prepare(t, g)
		p := randomP(G, 0.05, rng)
		strategies, weights := enumerate(G, p)
		n := G.NumPositions()
		inPath := make([]float64, n)
		winFrom := make([]float64, n) // P(f^v(x, y) = 1)
		zProb := make([][]float64, len(G.Interior))
		for i := range zProb {
			zProb[i] = make([]float64, len(p[i]))
		}
		for a, x := range strategies {
			for b, y := range strategies {
				w := weights[a] * weights[b]
				var path []int32
				z := y
				if G.Play(x, y, &path) {
					z = x
				}
				for _, v := range path {
					inPath[v] += w
				}
				for v := int32(0); v < int32(n); v++ {
					if G.PlayFrom(v, x, y, nil) {
						winFrom[v] += w
					}
				}
				for i, s := range z {
					zProb[i][s] += w
				}
			}
		}
		for i, u := range G.Interior {
			for s, v := range G.Followers(u) {
				want := p[i][s] * (1 + inPath[u]*(1-winFrom[v]-winFrom[u]))
				if math.Abs(zProb[i][s]-want) > 1e-9 {
					t.Fatalf("%T u=%d v=%d: P(z(u)=v) = %.12f, Lemma 3.2 gives %.12f", g, u, v, zProb[i][s], want)
				}
			}
		}
		// Lemma32 (path and win probabilities by dynamic programming)
		// agrees with the enumeration, and so does WinProbabilities.
		pred := Lemma32(G, p)
		win := WinProbabilities(G, p)
		for i := range pred {
			for s := range pred[i] {
				if math.Abs(pred[i][s]-zProb[i][s]) > 1e-9 {
					t.Fatalf("%T: Lemma32 %v, enumeration %v", g, pred[i][s], zProb[i][s])
				}
			}
		}
		for v := range win {
			if math.Abs(win[v]-winFrom[v]) > 1e-9 {
				t.Fatalf("%T v=%d: win probability %v, enumeration %v", g, v, win[v], winFrom[v])
			}
		}
		// The Monte-Carlo estimate is within 5 standard errors.
		const samples = 40000
		sim := SimulateSelection(G, p, samples, 9)
		for i := range sim {
			for s := range sim[i] {
				q := zProb[i][s]
				if se := math.Sqrt(q * (1 - q) / samples); math.Abs(sim[i][s]-q) > 5*se+1e-12 {
					t.Fatalf("%T: simulated %v, exact %v", g, sim[i][s], q)
				}
			}
		}
		// And the path probabilities agree with PathProbabilities.
		pr := PathProbabilities(G, p)
		for v := range pr {
			if math.Abs(pr[v]-inPath[v]) > 1e-9 {
				t.Fatalf("%T v=%d: %g by enumeration, %g by the chain", g, v, inPath[v], pr[v])
			}
		}
	}
}

// enumerate lists every strategy with its probability under Univ(X_G, p).
func enumerate(G *umda.Game, p [][]float64) ([]umda.Strategy, []float64) {
	var xs []umda.Strategy
	var ws []float64
	x := make(umda.Strategy, len(G.Interior))
	var rec func(i int, w float64)
	rec = func(i int, w float64) {
		if i == len(x) {
			xs = append(xs, append(umda.Strategy(nil), x...))
			ws = append(ws, w)
			return
		}
		for s := range p[i] {
			x[i] = int32(s)
			rec(i+1, w*p[i][s])
		}
	}
	rec(0, 1)
	return xs, ws
}

// Corollary 5.5 for SUBTRACTIONNIM (s-bar 1): runtime exponent 5 in n,
// as Proposition 6.1 states ((kn)^5 log^2 n).
func TestCorollary55(t *testing.T) {
	G := prepare(t, mustSub(9, 2))
	r := Analyze(G, 0)
	if r.BoundExponent != 5 {
		t.Fatalf("bound exponent %v", r.BoundExponent)
	}
	_, b1 := Corollary55(1, 1, 1, 2, 1000)
	_, b2 := Corollary55(1, 1, 1, 2, 2000)
	ratio := b2 / b1 / math.Pow(math.Log(2000)/math.Log(1000), 2)
	if math.Abs(ratio-32) > 1e-9 {
		t.Fatalf("doubling n multiplies the bound by %v / log^2 factor, want 2^5", ratio)
	}
}
