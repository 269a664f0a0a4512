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
