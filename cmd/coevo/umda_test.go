package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// Contract: coevo umda --game subtraction --n 30 --k 3 --mu 200 --seed 1 --json.
func TestUMDAJSON(t *testing.T) {
	out, errs, st := coevo("umda", "--game", "subtraction", "--n", "30", "--k", "3", "--mu", "200", "--seed", "1", "--json")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	var r struct {
		Evaluations, Generations int
		Optimal, Censored        bool
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if !r.Optimal || r.Censored || r.Evaluations != 200*r.Generations {
		t.Fatalf("%s", out)
	}
	out, _, _ = coevo("umda", "--game", "subtraction", "--n", "30", "--k", "3", "--mu", "50", "--max-evals", "500", "--json")
	if !strings.Contains(out, `"censored":true`) || !strings.Contains(out, `"optimal":false`) {
		t.Fatalf("budget 500: %s", out)
	}
	for _, args := range [][]string{{"umda"}, {"umda", "--game", "chess"}, {"umda", "--game", "nim", "--mu", "0"}, {"umda", "--game", "nim", "--gamma", "x"}} {
		if _, errs, st := coevo(args...); st != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: status %d %q", args, st, errs)
		}
	}
}

// Contract: coevo theory --game GAME --json; for SUBTRACTIONNIM s-bar is 1
// and the bound's exponent 2 + 3 = 5 (paper 000 Proposition 6.1).
func TestTheoryJSON(t *testing.T) {
	out, errs, st := coevo("theory", "--game", "subtraction", "--n", "30", "--k", "3", "--json")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	var r struct {
		N, Delta, Critical int
		Sbar               int     `json:"sbar"`
		SbarExact          bool    `json:"sbar_exact"`
		BoundExponent      float64 `json:"bound_exponent"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	// Critical positions of SUBTRACTIONNIM_30^3: non-zero value (h mod 4 != 0)
	// with a non-zero follower: every such h >= 2 (h = 1 only moves to 0).
	if r.N != 30 || r.Delta != 3 || r.Sbar != 1 || !r.SbarExact || r.BoundExponent != 5 || r.Critical != 21 {
		t.Fatalf("%s", out)
	}
	if _, errs, st := coevo("theory"); st != 2 || !strings.Contains(errs, "--game") {
		t.Fatalf("status %d: %q", st, errs)
	}
}
