package coevolve

import (
	"bufio"
	"encoding/json"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// table4 reads paper 003 Table IV as printed (testdata/table4.txt).
func table4(t *testing.T) (names []string, payoff [][]int, total []int) {
	t.Helper()
	f, err := os.Open("testdata/table4.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	header := true
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if header {
			names = fields[:8]
			header = false
			continue
		}
		var row []int
		for _, s := range fields[1:] {
			v, err := strconv.Atoi(s)
			if err != nil {
				t.Fatal(err)
			}
			row = append(row, v)
		}
		payoff = append(payoff, row[:8])
		total = append(total, row[8])
	}
	return names, payoff, total
}

// Table IV computed from the rules equals the table printed in the paper,
// cell by cell, with the totals.
func TestTableIV(t *testing.T) {
	names, payoff, total := table4(t)
	got := TableIV()
	if !reflect.DeepEqual(got.Strategies, names) || !reflect.DeepEqual(got.Payoff, payoff) || !reflect.DeepEqual(got.Total, total) {
		t.Fatalf("computed:\n%v\npaper 003 Table IV:\n%v %v %v", got, names, payoff, total)
	}
	for i, n := range names {
		s, err := ParseStrategy(n)
		if err != nil || s != Strategy(i) || s.String() != n {
			t.Errorf("%q: parsed %v (%v), want strategy %d", n, s, err, i)
		}
	}
	// The JSON of the CLI contract.
	b, _ := json.Marshal(got)
	var m map[string]json.RawMessage
	json.Unmarshal(b, &m)
	if len(m) != 3 || m["strategies"] == nil || m["payoff"] == nil || m["total"] == nil {
		t.Errorf("JSON %s: want exactly strategies, payoff, total", b)
	}
	if _, err := ParseStrategy("L-RL"); err == nil {
		t.Error("L-RL parsed")
	}
	if _, err := ParseStrategy("L:RX"); err == nil {
		t.Error("L:RX parsed")
	}
}

// The cycle of eq. (7), L:LL > L:RR > R:RR > R:LL > L:LL, holds in the
// printed Table IV: each beats the next.
func TestCycle7(t *testing.T) {
	names, payoff, _ := table4(t)
	idx := map[string]int{}
	for i, n := range names {
		idx[n] = i
	}
	cycle := []string{"L:LL", "L:RR", "R:RR", "R:LL"}
	for k, a := range cycle {
		b := cycle[(k+1)%4]
		if payoff[idx[a]][idx[b]] <= 0 {
			t.Errorf("Table IV: %s does not beat %s (%d)", a, b, payoff[idx[a]][idx[b]])
		}
		if Cycle7[k].String() != a || !Beats(Cycle7[k], Cycle7[(k+1)%4]) {
			t.Errorf("Cycle7[%d] = %v", k, Cycle7[k])
		}
	}
	// Section IV-A's narrative runs the other way: "L:LL and L:RR ...
	// with L:RR being superior"; the table has L:LL beating L:RR by 2.
	if payoff[idx["L:RR"]][idx["L:LL"]] != -2 || Beats(Cycle7[1], Cycle7[0]) {
		t.Error("Table IV should have L:LL beat L:RR, contrary to the text of section IV-A")
	}
}

// The equilibria are L:LR and R:LR (fig. 1): by backward induction the
// second player's best reply is to match the first move (it then wins),
// and the first move makes no difference against it.
func TestEquilibria(t *testing.T) {
	var induction []string
	for _, s := range AllStrategies() {
		if s.Reply(Left) == Left && s.Reply(Right) == Right {
			induction = append(induction, s.String())
		}
	}
	var got []string
	for _, s := range Equilibria() {
		got = append(got, s.String())
	}
	if !reflect.DeepEqual(got, []string{"L:LR", "R:LR"}) || !reflect.DeepEqual(got, induction) {
		t.Errorf("equilibria %v, backward induction %v, paper L:LR and R:LR", got, induction)
	}
	_, payoff, total := table4(t)
	for _, s := range Equilibria() {
		if total[s] != 8 {
			t.Errorf("%v total %d, Table IV 8", s, total[s])
		}
		for r := range payoff {
			if payoff[r][s] > 0 {
				t.Errorf("Table IV: %v beats the equilibrium %v", Strategy(r), s)
			}
		}
	}
}

// Round-robin coevolution with a population of two, and NashSolve with an
// archive of one, go round the cycle of eq. (7) when mutation follows it;
// an archive holding the four cycle members never changes.
func TestMatchingSimulations(t *testing.T) {
	ll, rr := Cycle7[0], Cycle7[1]
	rrSim := RoundRobinSim(ll, rr, 200, CycleMutation, 1)
	if !rrSim.Cycles() || rrSim.Returns < 5 {
		t.Errorf("round robin with cycle mutation did not cycle: %v", rrSim)
	}
	// Each change of champion is a win of the child: the champion moves to
	// the cycle member that beats it.
	for g := 1; g < len(rrSim.Champions); g++ {
		a, b := rrSim.Champions[g-1], rrSim.Champions[g]
		if a != b && !Beats(b, a) {
			t.Fatalf("generation %d: %v replaced %v without beating it", g, b, a)
		}
	}
	one, err := ArchiveSim([]Strategy{ll}, 1, 200, 4, CycleMutation, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !one.Cycles() {
		t.Errorf("archive of one did not cycle: %v", one)
	}
	four, err := ArchiveSim(Cycle7, 4, 200, 4, CycleMutation, 1)
	if err != nil {
		t.Fatal(err)
	}
	for g, a := range four.Archives {
		if !reflect.DeepEqual(a, Cycle7) {
			t.Fatalf("generation %d: the archive of the four cycle members became %v", g, a)
		}
	}
	if four.Cycles() {
		t.Errorf("archive of four cycled: %v", four)
	}
	// With mutations that can reach every strategy, an archive of one ends
	// on an equilibrium, which nothing beats: it stays.
	flip, _ := ArchiveSim([]Strategy{ll}, 1, 200, 4, FlipMutation(0.3), 2)
	last := flip.Champions[len(flip.Champions)-1]
	if last.Reply(Left) != Left || last.Reply(Right) != Right {
		t.Errorf("archive of one with flip mutation ends on %v, not an equilibrium: %v", last, flip)
	}
	if _, err := ArchiveSim(nil, 1, 10, 1, CycleMutation, 1); err == nil {
		t.Error("an empty archive was accepted")
	}
}
