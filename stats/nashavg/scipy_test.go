package nashavg_test

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"testing"

	"github.com/coevolab/coevo/stats/nashavg"
)

// python returns a Python with scipy: $COEVO_PYTHON, the virtualenv
// under build/ (make build/pycma-venv), or python3; "" when none has it.
func python() string {
	for _, p := range []string{os.Getenv("COEVO_PYTHON"), "../../build/pycma-venv/bin/python", "python3"} {
		if p == "" {
			continue
		}
		if exec.Command(p, "-c", "import scipy").Run() == nil {
			return p
		}
	}
	return ""
}

// The maximum-entropy equilibrium against a peer computation that shares
// no code with this package: scipy's SLSQP maximising entropy over
// {p >= 0, sum p = 1, A p <= 0} (testdata/maxent.py), on random leagues
// with integer payoffs (ties, several equilibria) and copies of players.
// SLSQP stops at a tolerance, and now and then at a point of less
// entropy (a vertex of the equilibria, or short of converging): no
// equilibrium it returns may have more entropy than ours, and on most
// leagues the two must agree to 1e-6.
func TestAgainstScipy(t *testing.T) {
	py := python()
	if py == "" {
		t.Skip("no Python with scipy (set COEVO_PYTHON, or python3 -m venv build/pycma-venv && build/pycma-venv/bin/pip install scipy)")
	}
	rng := rand.New(rand.NewPCG(11, 5))
	var cases [][][]float64
	for k := 0; k < 30; k++ {
		n := 3 + k%8
		A := make([][]float64, n)
		for i := range A {
			A[i] = make([]float64, n)
		}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				v := math.Round(3 * rng.NormFloat64())
				A[i][j], A[j][i] = v, -v
			}
		}
		if k%3 == 0 { // a copy of a player
			c := rng.IntN(n)
			for i := range A {
				A[i] = append(A[i], A[i][c])
			}
			A = append(A, append([]float64(nil), A[c]...))
		}
		cases = append(cases, A)
	}
	in, _ := json.Marshal(cases)
	cmd := exec.Command(py, "testdata/maxent.py")
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	var peer [][2]json.RawMessage
	if err := json.Unmarshal(out, &peer); err != nil {
		t.Fatal(err)
	}
	entropy := func(p []float64) float64 {
		h := 0.0
		for _, v := range p {
			if v > 0 {
				h -= v * math.Log(v)
			}
		}
		return h
	}
	agreed := 0
	for k, A := range cases {
		var p []float64
		var ok bool // SLSQP says it converged
		json.Unmarshal(peer[k][0], &p)
		json.Unmarshal(peer[k][1], &ok)
		r, err := nashavg.FitRows(nil, A)
		if err != nil {
			t.Fatal(err)
		}
		// No equilibrium scipy finds has more entropy than ours.
		feasible := true
		for i := range A {
			v := 0.0
			for j := range A {
				v += A[i][j] * p[j]
			}
			feasible = feasible && v <= 1e-7
		}
		if feasible && entropy(p) > entropy(r.Nash)+1e-9 {
			t.Fatalf("case %d: scipy's equilibrium %v has entropy %v, ours %v has %v", k, p, entropy(p), r.Nash, entropy(r.Nash))
		}
		same := true
		for i := range p {
			same = same && math.Abs(r.Nash[i]-p[i]) <= 1e-6
		}
		if same {
			agreed++
			continue
		}
		t.Logf("case %d (%d players): SLSQP (converged: %v) stopped at %v, entropy %.9f; ours %v, entropy %.9f", k, len(A), ok, p, entropy(p), r.Nash, entropy(r.Nash))
	}
	if agreed < len(cases)*2/3 {
		t.Fatalf("SLSQP converged on %d of %d leagues only", agreed, len(cases))
	}
	t.Logf("%d of %d leagues agree with scipy to 1e-6", agreed, len(cases))
}
