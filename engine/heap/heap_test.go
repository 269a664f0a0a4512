package heap

import (
	"context"
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func oeis(t *testing.T, id string) []int32 {
	t.Helper()
	b, err := os.ReadFile("testdata/" + id + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []int32
	for _, f := range strings.Split(strings.TrimSpace(string(b)), ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, int32(v))
	}
	return out
}

func mustOctal(t *testing.T, code string) *Rule {
	t.Helper()
	r, err := Octal(code)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func checkPrefix(t *testing.T, name string, got, want []int32) {
	t.Helper()
	for n := range want {
		if got[n] != want[n] {
			t.Fatalf("%s: g(%d) = %d, OEIS says %d", name, n, got[n], want[n])
		}
	}
}

// Both the naive and the sparse-space method must match OEIS.
func TestOEIS(t *testing.T) {
	kayles := oeis(t, "A002186")
	dawson := oeis(t, "A002187")
	grundy := oeis(t, "A002188")
	// Dawson's Kayles 0.07 has values a(n-1) of A002187 (with g(0) = 0).
	dawsonKayles := append([]int32{0}, dawson[:len(dawson)-1]...)
	cases := []struct {
		name string
		rule *Rule
		want []int32
	}{
		{"kayles 0.77", mustOctal(t, "0.77"), kayles},
		{"dawson's chess 0.137", mustOctal(t, "0.137"), dawson},
		{"dawson's kayles 0.07", mustOctal(t, "0.07"), dawsonKayles},
		{"grundy's game", GrundysGame(), grundy},
	}
	for _, c := range cases {
		naive, err := c.rule.NaiveSequence(len(c.want) - 1)
		if err != nil {
			t.Fatal(err)
		}
		checkPrefix(t, c.name+" naive", naive, c.want)
		fast, err := c.rule.Sequence(2000)
		if err != nil {
			t.Fatal(err)
		}
		checkPrefix(t, c.name+" sparse", fast, c.want)
	}
}

// The sparse-space method is exact: it agrees with the definition on
// every game that splits heaps, well past the naive seed.
func TestSparseMatchesNaive(t *testing.T) {
	n := 6000
	if testing.Short() {
		n = 2500
	}
	rules := []*Rule{GrundysGame(), Kayles()}
	for _, code := range []string{"0.07", "0.137", "0.4", "4.07", "0.777", "0.156", "0.6", "0.37", "0.04", "4.0"} {
		rules = append(rules, mustOctal(t, code))
	}
	for _, r := range rules {
		fast, err := r.Sequence(n)
		if err != nil {
			t.Fatal(err)
		}
		slow, err := r.NaiveSequence(n)
		if err != nil {
			t.Fatal(err)
		}
		if i := firstDiff(fast, slow); i >= 0 {
			t.Errorf("%s: sparse g(%d) = %d, definition gives %d", r.Name(), i, fast[i], slow[i])
		}
	}
}

func firstDiff(a, b []int32) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// OEIS A002186: Kayles is periodic with period 12 from n = 71 (last exception 70).
func TestKaylesPeriod(t *testing.T) {
	g, err := Kayles().Sequence(400)
	if err != nil {
		t.Fatal(err)
	}
	p := Kayles().Period(g)
	if !p.Found || p.Period != 12 || p.PrePeriod != 71 {
		t.Fatalf("Kayles: %v, want period 12 from n = 71", p)
	}
	// Too short a sequence cannot prove it: 2*71 + 12 + 2 values are needed past the shift.
	if p := Kayles().Period(g[:150]); p.Found && p.PrePeriod == 71 {
		t.Fatalf("Kayles from 150 values: claimed %v", p)
	}
}

// OEIS A002187: period 34, last exception at n = 51.
func TestDawsonPeriod(t *testing.T) {
	r := mustOctal(t, "0.137")
	g, err := r.Sequence(600)
	if err != nil {
		t.Fatal(err)
	}
	if p := r.Period(g); !p.Found || p.Period != 34 || p.PrePeriod != 52 {
		t.Fatalf("0.137: %v, want period 34 from n = 52", p)
	}
}

// Subtraction game with set {1..k}: g(n) = n mod (k+1) (paper 000 section 6.1;
// Berlekamp, Conway and Guy), period k+1 from 0.
func TestSubtractionSet(t *testing.T) {
	for k := 1; k <= 6; k++ {
		set := make([]int, k)
		for i := range set {
			set[i] = i + 1
		}
		r, err := Subtraction(set)
		if err != nil {
			t.Fatal(err)
		}
		g, err := r.Sequence(200)
		if err != nil {
			t.Fatal(err)
		}
		for n, v := range g {
			if int(v) != n%(k+1) {
				t.Fatalf("k=%d: g(%d) = %d, want %d", k, n, v, n%(k+1))
			}
		}
		if p := r.Period(g); !p.Found || p.Period != k+1 || p.PrePeriod != 0 {
			t.Fatalf("k=%d: %v", k, p)
		}
	}
}

// Paper 004: Bouton's theorem on *(3,4,5,1): the nim-sum is 3, and the
// winning move removes three counters from heap 1.
func TestBoutonMove(t *testing.T) {
	s, err := NewSum(Nim(), []int{3, 4, 5, 1})
	if err != nil {
		t.Fatal(err)
	}
	if s.Value() != 3 {
		t.Fatalf("nim-sum = %d, want 3", s.Value())
	}
	m, ok := s.WinningMove()
	if !ok || m.Heap != 0 || !slices.Equal(m.Into, []int{0}) {
		t.Fatalf("winning move %v, want heap 1: 3 -> 0", m)
	}
}

// Paper 001 fig. 1: Nim 1 3 5 7 has value 0; player 2 wins, and on the
// optimal line every position reached by player 2's moves has value 0.
func TestNim1357(t *testing.T) {
	s, err := NewSum(Nim(), []int{1, 3, 5, 7})
	if err != nil {
		t.Fatal(err)
	}
	sol := s.Solution(1, 0)
	if sol.SG != 0 || sol.Winner != 2 {
		t.Fatalf("sg=%d winner=%d, want 0 and 2", sol.SG, sol.Winner)
	}
	for i, st := range sol.Line {
		if (i%2 == 0) != (st.SG == 0) {
			t.Fatalf("step %d %q has value %d", i, st.Position, st.SG)
		}
	}
	if last := sol.Line[len(sol.Line)-1]; last.Position != "0 0 0 0" {
		t.Fatalf("line ends at %q", last.Position)
	}
}

// Large sums are solved heap by heap: Nim with 20 heaps of 10^6 and Kayles
// with heaps up to 10^5 are instant, and their lines alternate correctly.
func TestLargeSums(t *testing.T) {
	heaps := make([]int, 20)
	for i := range heaps {
		heaps[i] = 1_000_000
	}
	heaps[3] = 999_999
	s, err := NewSum(Nim(), heaps)
	if err != nil {
		t.Fatal(err)
	}
	if s.Value() != 1_000_000^999_999 {
		t.Fatalf("value %d", s.Value())
	}
	line, _ := s.Line(7, 0)
	for i, st := range line {
		if (i%2 == 1) != (st.SG == 0) {
			t.Fatalf("step %d has value %d", i, st.SG)
		}
	}
	k, err := NewSum(Kayles(), []int{100_000, 70, 5})
	if err != nil {
		t.Fatal(err)
	}
	// g(100000) = g(100000 - 12*8327 = 76) by the period; 76 = 71+5 -> A002186[76].
	kayles := oeis(t, "A002186")
	if want := int(kayles[76] ^ kayles[70] ^ kayles[5]); k.Value() != want {
		t.Fatalf("kayles sum value %d, want %d", k.Value(), want)
	}
}

func TestOctalErrors(t *testing.T) {
	for _, code := range []string{"0.78", "077", "1.7", "12.3", "0.0", "abc", "0.7x"} {
		if _, err := Octal(code); err == nil {
			t.Errorf("Octal(%q) accepted", code)
		} else if !strings.Contains(err.Error(), code) {
			t.Errorf("Octal(%q): error %q does not name the code", code, err)
		}
	}
}

func TestSequenceDataFrame(t *testing.T) {
	g, _ := Kayles().Sequence(30)
	df := g.DataFrame()
	sg, _ := df.Col("sg").Int()
	kayles := oeis(t, "A002186")
	if df.Nrow() != 31 || sg[11] != int(kayles[11]) {
		t.Fatalf("%d rows, sg[11] = %d", df.Nrow(), sg[11])
	}
}

// A Kayles game from heaps of a million pins lasts at least 666,667 moves;
// the line stops at its limit and still alternates correctly.
func TestLineLimit(t *testing.T) {
	s, err := NewSum(Kayles(), []int{1_000_000, 999_999, 5})
	if err != nil {
		t.Fatal(err)
	}
	sol := s.Solution(1, 40)
	if !sol.Truncated || len(sol.Line) != 40 {
		t.Fatalf("truncated %v, %d steps", sol.Truncated, len(sol.Line))
	}
	// After each of the winner's moves the value is 0: odd steps when
	// player 1 wins, even steps (from the start) when player 2 wins.
	for i, st := range sol.Line {
		winnerJustMoved := (i%2 == 1) == (sol.Winner == 1)
		if winnerJustMoved != (st.SG == 0) {
			t.Fatalf("step %d (winner %d): value %d", i, sol.Winner, st.SG)
		}
	}
}

// A cancelled context stops the nim-sequence a splitting rule's large heap
// needs, instead of computing millions of values first.
func TestNewSumContextCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := NewSumContext(ctx, GrundysGame(), []int{5_000_000, 3})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("NewSumContext with a cancelled context: err = %v, want context.Canceled", err)
	}
	s, err := NewSumContext(context.Background(), Kayles(), []int{3, 4, 5})
	if err != nil {
		t.Fatal(err)
	}
	// Kayles: g(3) = 3, g(4) = 1, g(5) = 4 (OEIS A002186), nim-sum 6.
	if v := s.Value(); v != 6 {
		t.Errorf("Kayles 3+4+5 = %d, want 6", v)
	}
}
