package heap

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"
)

// Solved octal games whose periods are published, with the source. The
// pre-period is one past the last exception: the last n with g(n) !=
// g(n+p).
var solvedGames = []struct {
	code           string
	period, prePer int
	source         string
}{
	{"0.77", 12, 71, "OEIS A002186: Kayles, period 12 from n = 71"},
	{"0.137", 34, 52, "OEIS A002187: Dawson's Chess, last exception 51"},
	{"0.07", 34, 53, "OEIS A002187 shifted by one (Dawson's Kayles)"},
	{"0.177", 20, 497, "OEIS A071435, Winning Ways ch. 4 p. 102: last exception 496"},
	{"0.1377", 24, 141, "OEIS A071434, Winning Ways ch. 4 p. 102: last exception 140"},
	{"0.11377", 32, 187, "OEIS A071452, Winning Ways ch. 4 p. 104: last exception 186"},
	{"0.117", 48, 47, "OEIS A071453, Winning Ways ch. 4 p. 104: last exception 46"},
	{"0.115", 14, 1, "OEIS A125829, Winning Ways ch. 4 p. 104: only exception n = 0"},
	{"0.141", 11, 14, "OEIS A125912, Winning Ways ch. 4 p. 104: last exception 13"},
	{"0.127", 4, 46578, "OEIS A071464, Gangolli and Plambeck (1989): last exception 46577"},
	{"0.16", 149459, 105351, "OEIS A071430, Winning Ways 2nd ed. p. 109, Gangolli and Plambeck: last exception 105350"},
	// OEIS A071436 (.560-.563; Winning Ways 2nd ed. p. 102 and 109, Gangolli
	// and Plambeck) gives period 144 with the last exception at 326637; we
	// and Czajka's analyzer, run here, both find g(326639) != g(326783),
	// so the pre-period is 326640 (see docs/heap.md).
	{"0.56", 144, 326640, "OEIS A071436 period; pre-period by two programs"},
}

// Published periods are proved, and the run stops as soon as they are.
func TestSolvedGames(t *testing.T) {
	for _, c := range solvedGames {
		r := mustOctal(t, c.code)
		a, err := r.Analyze(context.Background(), 1<<22, AnalyzeOptions{StopAtPeriod: true})
		if err != nil {
			t.Fatal(err)
		}
		p := a.Period
		if !p.Found || p.Period != c.period || p.PrePeriod != c.prePer {
			t.Errorf("%s: %v; %s", c.code, p, c.source)
			continue
		}
		// The proof needs 2*n0 + 2p + k values; the run looks at least
		// every 1/8 more, and exactly where the period it has in sight
		// would be proved.
		need := 2*c.prePer + 2*c.period + r.MaxRemove()
		if len(a.Values) != a.Computed || a.Computed < need || a.Computed > need+need/8+64 {
			t.Errorf("%s: stopped after %d values (%d returned), the proof needs %d", c.code, a.Computed, len(a.Values), need)
		}
	}
}

// StopAtPeriod on a sequence with no period in sight computes everything,
// through the growing of the result's memory.
func TestStopAtPeriodGrows(t *testing.T) {
	n := 100_000
	a, err := GrundysGame().Analyze(context.Background(), n, AnalyzeOptions{StopAtPeriod: true})
	if err != nil {
		t.Fatal(err)
	}
	full, _ := GrundysGame().Sequence(n)
	if len(a.Values) != n+1 || firstDiff(a.Values, full) >= 0 || a.Period.Found {
		t.Fatalf("%d values, period %v", len(a.Values), a.Period)
	}
}

// A run stopped by its context and resumed from its values ends as a run
// in one go would, for the sparse method and for the definition.
func TestResume(t *testing.T) {
	for _, name := range []string{"grundy", "0.127", "0.16"} {
		r := ruleByName(t, name)
		n := 80_000
		want, _ := r.Sequence(n)
		ctx, cancel := context.WithCancel(context.Background())
		// Progress comes at most ten times a second: cancel at the first
		// report past 1000 values.
		part, err := r.Analyze(ctx, n, AnalyzeOptions{Progress: func(done int) {
			if done > 1000 {
				cancel()
			}
		}})
		if !errors.Is(err, context.Canceled) || len(part.Values) < 1000 || len(part.Values) > n {
			t.Fatalf("%s: stopped with %v after %d values", name, err, len(part.Values))
		}
		for _, o := range []AnalyzeOptions{{Resume: part.Values}, {Resume: part.Values[:777], StopAtPeriod: true}} {
			a, err := r.Analyze(context.Background(), n, o)
			if err != nil {
				t.Fatal(err)
			}
			if m := min(len(a.Values), len(want)); firstDiff(a.Values[:m], want[:m]) >= 0 || (!o.StopAtPeriod && len(a.Values) != n+1) {
				t.Fatalf("%s resumed from %d values: differs", name, len(o.Resume))
			}
		}
	}
	sub, _ := Subtraction([]int{1, 3, 4})
	want, _ := sub.Sequence(5000)
	a, err := sub.Analyze(context.Background(), 5000, AnalyzeOptions{Resume: want[:100], ComputeAll: true})
	if err != nil || firstDiff(a.Values, want) >= 0 || !a.Period.Found || a.Period.Period != 7 {
		t.Fatalf("subtraction resumed: %v %v", err, a.Period)
	}
}

// Checkpoints hold the values, name the rule, and any damage is found.
func TestCheckpoint(t *testing.T) {
	r := mustOctal(t, "0.127")
	var saved []byte
	calls := 0
	a, err := r.Analyze(context.Background(), 60_000, AnalyzeOptions{ComputeAll: true, CheckpointEvery: time.Nanosecond,
		Checkpoint: func(save func(io.Writer) error) error {
			calls++
			var b bytes.Buffer
			if err := save(&b); err != nil {
				return err
			}
			saved = b.Bytes()
			return nil
		}})
	if err != nil || calls == 0 {
		t.Fatalf("%v, %d checkpoints", err, calls)
	}
	g, err := r.ReadCheckpoint(bytes.NewReader(saved))
	if err != nil {
		t.Fatal(err)
	}
	if len(g) < 1000 || firstDiff(g, a.Values[:len(g)]) >= 0 {
		t.Fatalf("checkpoint of %d values differs from the run", len(g))
	}
	var b bytes.Buffer
	if err := r.WriteCheckpoint(&b, a.Values[:5000]); err != nil {
		t.Fatal(err)
	}
	good := b.Bytes()
	if g, err := r.ReadCheckpoint(bytes.NewReader(good)); err != nil || len(g) != 5000 {
		t.Fatalf("round trip: %v, %d values", err, len(g))
	}
	for _, g := range [][]int32{{0, 1, 300}, {0, 70000, 2}, {0}} { // 2, 4 and 1 bytes a value
		var b bytes.Buffer
		if err := r.WriteCheckpoint(&b, g); err != nil {
			t.Fatal(err)
		}
		if got, err := r.ReadCheckpoint(&b); err != nil || !slices.Equal(got, g) {
			t.Fatalf("%v read back as %v (%v)", g, got, err)
		}
	}
	flipped := bytes.Clone(good)
	flipped[len(flipped)/2] ^= 1
	for _, c := range []struct {
		name string
		data []byte
		rule *Rule
		want string
	}{
		{"damaged", flipped, r, "checksum"},
		{"cut", good[:len(good)-9], r, "cut short"},
		{"other rule", good, Kayles(), `for "octal 0.127", not "kayles"`},
		{"not one", []byte("n,sg\n0,0\n1,1\n"), r, "not a nim-sequence checkpoint"},
		{"trailing", append(bytes.Clone(good), 0), r, "after the checksum"},
	} {
		if _, err := c.rule.ReadCheckpoint(bytes.NewReader(c.data)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

// SummaryOnly finds the same as a run that keeps its values.
func TestSummaryOnly(t *testing.T) {
	for _, name := range []string{"0.56", "0.16"} {
		r := ruleByName(t, name)
		full, err1 := r.Analyze(context.Background(), 300_000, AnalyzeOptions{StopAtPeriod: true})
		sum, err2 := r.Analyze(context.Background(), 300_000, AnalyzeOptions{StopAtPeriod: true, SummaryOnly: true})
		if err1 != nil || err2 != nil || sum.Values != nil || sum.Period != full.Period ||
			sum.Computed != full.Computed || sum.Rare != full.Rare {
			t.Fatalf("%s: %+v against %+v", name, sum, full.Period)
		}
	}
}

// When the run is cancelled, the values known are saved one last time.
func TestCheckpointOnCancel(t *testing.T) {
	sub, _ := Subtraction([]int{2, 5, 7, 11, 30})
	for _, r := range []*Rule{GrundysGame(), sub} {
		ctx, cancel := context.WithCancel(context.Background())
		var saved []byte
		a, err := r.Analyze(ctx, 5_000_000, AnalyzeOptions{ComputeAll: true, SummaryOnly: true,
			Progress: func(done int) {
				if done > 20_000 {
					cancel()
				}
			},
			Checkpoint: func(save func(io.Writer) error) error {
				var b bytes.Buffer
				err := save(&b)
				saved = b.Bytes()
				return err
			}})
		if !errors.Is(err, context.Canceled) || a.Values != nil {
			t.Fatalf("%s: %v", r.Name(), err)
		}
		g, err := r.ReadCheckpoint(bytes.NewReader(saved))
		if err != nil || len(g) != a.Computed {
			t.Fatalf("%s: checkpoint of %d values (%v), %d computed", r.Name(), len(g), err, a.Computed)
		}
		want, _ := r.Sequence(len(g) - 1)
		if i := firstDiff(g, want); i >= 0 {
			t.Fatalf("%s: saved g(%d) wrong", r.Name(), i)
		}
	}
}

// emitted runs r to n with the Emit option and returns what it was given,
// checking that the chunks follow one another from g(0).
func emitted(t *testing.T, ctx context.Context, r *Rule, n int, o AnalyzeOptions) ([]int32, *Analysis, error) {
	t.Helper()
	var got []int32
	o.Emit = func(from int, g []int32) error {
		if from != len(got) {
			t.Fatalf("%s: chunk from %d after %d values", r.Name(), from, len(got))
		}
		got = append(got, g...)
		return nil
	}
	a, err := r.Analyze(ctx, n, o)
	if a != nil && a.Values != nil {
		t.Fatalf("%s: %d values returned besides those emitted", r.Name(), len(a.Values))
	}
	return got, a, err
}

// Emit gives every value Analyze would return, in order: computed by the
// sparse method, filled in from a proved period, by the definition, and
// Nim's.
func TestEmit(t *testing.T) {
	sub, _ := Subtraction([]int{1, 3, 4})
	for _, c := range []struct {
		r *Rule
		n int
		o AnalyzeOptions
	}{
		{GrundysGame(), 100_000, AnalyzeOptions{}},
		{mustOctal(t, "0.127"), 200_000, AnalyzeOptions{}}, // period 4 from 46,578
		{mustOctal(t, "0.127"), 200_000, AnalyzeOptions{StopAtPeriod: true}},
		{Kayles(), 100_000, AnalyzeOptions{ComputeAll: true}},
		{sub, 100_000, AnalyzeOptions{}},
		{sub, 100_000, AnalyzeOptions{StopAtPeriod: true}},
		{Nim(), 50_000, AnalyzeOptions{}},
	} {
		want, err := c.r.Analyze(context.Background(), c.n, c.o)
		if err != nil {
			t.Fatal(err)
		}
		got, a, err := emitted(t, context.Background(), c.r, c.n, c.o)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want.Values) || firstDiff(got, want.Values) >= 0 {
			t.Fatalf("%s %+v: %d values emitted, %d returned without Emit", c.r.Name(), c.o, len(got), len(want.Values))
		}
		if a.Computed != want.Computed || a.Period != want.Period {
			t.Fatalf("%s: computed %d, %v; without Emit %d, %v", c.r.Name(), a.Computed, a.Period, want.Computed, want.Period)
		}
	}
	// A cancelled run emits what it computed; an error from Emit ends it.
	for _, r := range []*Rule{GrundysGame(), sub} {
		ctx, cancel := context.WithCancel(context.Background())
		got, a, err := emitted(t, ctx, r, 100_000_000, AnalyzeOptions{ComputeAll: true, Progress: func(done int) {
			if done > 1000 {
				cancel()
			}
		}})
		if !errors.Is(err, context.Canceled) || len(got) != a.Computed || len(got) < 1000 {
			t.Fatalf("%s cancelled: %v, %d values emitted, %d computed", r.Name(), err, len(got), a.Computed)
		}
		want := naiveOf(t, r, 2000)
		if firstDiff(got[:2001], want) >= 0 {
			t.Fatalf("%s: emitted values differ from the definition", r.Name())
		}
		broken := errors.New("broken pipe")
		_, err = r.Analyze(context.Background(), 10_000_000, AnalyzeOptions{ComputeAll: true, Emit: func(int, []int32) error { return broken }})
		if !errors.Is(err, broken) {
			t.Fatalf("%s: Emit failed, Analyze returned %v", r.Name(), err)
		}
	}
}

// Progress comes at most ten times a second (issue 26: the terminal's
// progress line was redrawn 9,000 to 48,000 times a second).
func TestProgressRate(t *testing.T) {
	sub, _ := Subtraction([]int{1, 3, 4})
	for _, c := range []struct {
		r *Rule
		n int
	}{{GrundysGame(), 1 << 18}, {sub, 20_000_000}} {
		calls := 0
		start := time.Now()
		_, err := c.r.Analyze(context.Background(), c.n, AnalyzeOptions{ComputeAll: true, SummaryOnly: true, Progress: func(int) { calls++ }})
		if err != nil {
			t.Fatal(err)
		}
		el := time.Since(start)
		if most := 1 + int(el/progressEvery); calls < 1 || calls > most {
			t.Errorf("%s: %d progress reports in %v, want 1 to %d", c.r.Name(), calls, el, most)
		}
	}
}

// Interrupted while the values of a proved period go out (Kayles to 10^8:
// the period is proved from a few hundred values, the rest repeat it),
// the run still saves its checkpoint, for the sparse method and the
// definition.
func TestCheckpointOnCancelInPeriod(t *testing.T) {
	sub, _ := Subtraction([]int{1, 3, 4})
	for _, r := range []*Rule{Kayles(), sub} {
		ctx, cancel := context.WithCancel(context.Background())
		var saved []byte
		a, err := r.Analyze(ctx, 100_000_000, AnalyzeOptions{
			Emit: func(from int, g []int32) error {
				if from > 1_000_000 {
					cancel()
				}
				return nil
			},
			Checkpoint: func(save func(io.Writer) error) error {
				var b bytes.Buffer
				err := save(&b)
				saved = b.Bytes()
				return err
			}})
		if !errors.Is(err, context.Canceled) || !a.Period.Found {
			t.Fatalf("%s: %v, period %v", r.Name(), err, a.Period)
		}
		g, err := r.ReadCheckpoint(bytes.NewReader(saved))
		if err != nil || len(g) != a.Computed {
			t.Fatalf("%s: checkpoint of %d values (%v), %d computed", r.Name(), len(g), err, a.Computed)
		}
	}
}
