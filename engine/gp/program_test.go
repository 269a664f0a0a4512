package gp

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// The three GA2 formulas paper 002 section 3 prints, with the reductions
// the paper states for them.
var paperGA2 = []struct {
	names           []string
	prefix, reduced string
}{
	{[]string{"n", "h"}, "MOD(SUB(h, 1), PLUS1(PLUS1(1)))", "(h - 1) mod 3"},
	{[]string{"n", "h1", "h2"}, "MOD(PLUS1(SUB(ADD(h1, h2), XOR(h1, h1))), PLUS1(PLUS1(EQUAL(h1, h1))))", "(h1 + h2 + 1) mod 3"},
	{[]string{"n", "h1", "h2", "h3"}, "MOD(ADD(ADD(h3, h1), h2), ADD(3, SUB(0, 0)))", "(h1 + h2 + h3) mod 3"},
}

func TestParseFormatInfix(t *testing.T) {
	for _, f := range paperGA2 {
		p, err := Parse(f.prefix, f.names)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Check(len(f.names)); err != nil {
			t.Fatal(err)
		}
		if got := p.Format(f.names); got != f.prefix {
			t.Errorf("format: %s, want %s", got, f.prefix)
		}
		if got := Infix(p, f.names); got != f.reduced {
			t.Errorf("infix of %s: %q, the paper reduces it to %q", f.prefix, got, f.reduced)
		}
	}
	p, _ := Parse("MOD(SUB(h, 1), PLUS1(PLUS1(1)))", []string{"n", "h"})
	if p.Depth() != 3 || p.Len() != 7 {
		t.Errorf("depth %d, length %d; want 3 and 7", p.Depth(), p.Len())
	}
	if d := (Program{Var(0)}).Depth(); d != 0 {
		t.Errorf("a leaf has depth %d", d)
	}
	for _, c := range []struct{ in, infix string }{
		{"PLUS1(PLUS1(1))", "3"},
		{"XOR(x1, x1)", "0"},
		{"SUB(x1, x1)", "0"},
		{"ADD(x1, SUB(x2, x1))", "x2"},
		{"SUB(x2, x1)", "x2 - x1"},
		{"SUB(0, x1)", "0 - x1"},
		{"ADD(ADD(x1, x1), x1)", "3 * x1"},
		{"TIMES(ADD(x1, 1), 2)", "(x1 + 1) * 2"},
		{"XOR(ADD(x1, 1), x2)", "(x1 + 1) xor x2"},
		{"ADD(XOR(x1, x2), 1)", "(x1 xor x2) + 1"},
		{"MOD(MOD(x1, 3), 3)", "x1 mod 3"},
		{"SUB(x1, SUB(x2, x0))", "x0 + x1 - x2"},
		{"MOD(x1, TIMES(x2, x0))", "x1 mod (x2 * x0)"},
		{"TIMES(MOD(x1, x2), x0)", "(x1 mod x2) * x0"},
		{"LESS(NOT(x1), LOG2(x2))", "[not x1 < log2(x2)]"},
		{"NOT(NOT(x1))", "x1"},
		{"AND(x1, OR(x2, x0))", "x1 and (x2 or x0)"},
		{"DIVIDE(x1, -2)", "x1 div (-2)"},
	} {
		p, err := Parse(c.in, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := Infix(p, nil); got != c.infix {
			t.Errorf("infix of %s: %q, want %q", c.in, got, c.infix)
		}
	}
}

func TestParseErrors(t *testing.T) {
	names := []string{"n", "h"}
	for _, c := range []struct{ in, want string }{
		{"", "found the end"},
		{"MOD(h)", `expected ','`},
		{"MOD(h, 1", `expected ')'`},
		{"FOO(h)", `"FOO" is neither an input (n, h) nor a function`},
		{"h h", "unexpected"},
		{"PLUS1(h, 2)", `expected ')'`},
	} {
		_, err := Parse(c.in, names)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q): %v, want an error containing %q", c.in, err, c.want)
		}
	}
	if err := (Program{Fn(ADD), Var(0)}).Check(1); err == nil {
		t.Error("incomplete program passed Check")
	}
	if err := (Program{Var(0), Var(0)}).Check(1); err == nil {
		t.Error("two trees passed Check")
	}
	if err := (Program{Var(3)}).Check(2); err == nil {
		t.Error("variable out of range passed Check")
	}
}

// randomPrograms breeds programs with the breeder's own operators.
func testBreeder(nvars int) *breeder {
	cfg := Config{Population: 2}
	if err := cfg.defaults(); err != nil {
		panic(err)
	}
	cfg.ConstMin, cfg.ConstMax = -3, 5
	b := &breeder{cfg: cfg, nvars: nvars, funcs: cfg.Functions}
	for _, op := range b.funcs {
		if op.Arity() == 1 {
			b.unary = append(b.unary, op)
		} else {
			b.binary = append(b.binary, op)
		}
	}
	return b
}

func randomInputs(rng *rand.Rand, nvars, rows int) [][]int64 {
	special := []int64{0, 1, -1, 2, 3, math.MaxInt64, math.MinInt64, 1 << 40}
	cols := make([][]int64, nvars)
	for j := range cols {
		cols[j] = make([]int64, rows)
		for i := range cols[j] {
			switch rng.IntN(3) {
			case 0:
				cols[j][i] = special[rng.IntN(len(special))]
			case 1:
				cols[j][i] = rng.Int64N(21) - 10
			default:
				cols[j][i] = int64(rng.Uint64())
			}
		}
	}
	return cols
}

// The column evaluator, the recursive Eval and the simplified program
// agree on random programs and inputs, extremes included.
func TestEvaluatorAndSimplify(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const nvars, rows = 3, 64
	b := testBreeder(nvars)
	cols := randomInputs(rng, nvars, rows)
	ev := newEvaluator(cols, rows)
	row := make([]int64, nvars)
	simplified := 0
	for k := 0; k < 3000; k++ {
		p := b.random(rng)
		if k%2 == 1 {
			p = crossover(p, b.random(rng), rng)
		}
		s := Simplify(p)
		if err := s.Check(nvars); err != nil {
			t.Fatalf("Simplify(%v) = %v: %v", p, s, err)
		}
		if len(s) < len(p) {
			simplified++
		}
		got := ev.run(p)
		for i := 0; i < rows; i++ {
			for j := range row {
				row[j] = cols[j][i]
			}
			want := p.Eval(row)
			if got[i] != want {
				t.Fatalf("%v on %v: column evaluator %d, Eval %d", p, row, got[i], want)
			}
			if v := s.Eval(row); v != want {
				t.Fatalf("%v on %v: %d, simplified %v gives %d", p, row, want, s, v)
			}
		}
	}
	if simplified < 300 {
		t.Fatalf("only %d of 3000 programs got shorter", simplified)
	}
}

// Every offspring is a complete tree over the inputs, within the depth
// limit.
func TestOperatorsKeepTreesValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const nvars = 4
	b := testBreeder(nvars)
	b.cfg.MaxDepth = 8
	b.cfg.PCrossover, b.cfg.PSubtree, b.cfg.PHoist, b.cfg.PPoint = 0.25, 0.25, 0.25, 0.2
	b.cfg.PPointReplace = 0.3
	pop := make([]individual, 50)
	for i := range pop {
		pop[i] = individual{prog: b.random(rng), fit: rng.Float64()}
		if d := pop[i].prog.Depth(); d < 1 || d > b.cfg.InitDepthMax {
			t.Fatalf("initial depth %d outside [1, %d]", d, b.cfg.InitDepthMax)
		}
	}
	for gen := 0; gen < 40; gen++ {
		next := make([]individual, len(pop))
		for i := range next {
			kid := b.child(pop, rng)
			if err := kid.Check(nvars); err != nil {
				t.Fatalf("generation %d: %v: %v", gen, kid, err)
			}
			if d := kid.Depth(); d > b.cfg.MaxDepth {
				t.Fatalf("depth %d above the limit %d: %v", d, b.cfg.MaxDepth, kid)
			}
			next[i] = individual{prog: kid, fit: rng.Float64()}
		}
		pop = next
	}
	// Each operator on its own.
	p, _ := Parse("ADD(MOD(x0, x1), TIMES(x2, PLUS1(x3)))", nil)
	for k := 0; k < 500; k++ {
		for _, kid := range []Program{crossover(p, b.random(rng), rng), hoist(p, rng), b.point(p, rng)} {
			if err := kid.Check(nvars); err != nil {
				t.Fatalf("%v: %v", kid, err)
			}
		}
		if h := hoist(p, rng); len(h) > len(p) {
			t.Fatalf("hoist grew %v into %v", p, h)
		}
		pt := b.point(p, rng)
		for i := range p {
			if p[i].IsFunc() != pt[i].IsFunc() || p[i].arity() != pt[i].arity() {
				t.Fatalf("point mutation changed the shape: %v -> %v", p, pt)
			}
		}
	}
}
