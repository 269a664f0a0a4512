package heap

import (
	"bytes"
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func naiveOf(t *testing.T, r *Rule, n int) []int32 {
	t.Helper()
	g, err := r.NaiveSequence(n)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// sparseInfo is what the tests look at of a sparse-space run.
type sparseInfo struct {
	mask     uint32 // extended mask
	rare     int
	computed int
	period   Periodicity
}

func sparseOf(t *testing.T, r *Rule, n int, o runOpts) ([]int32, sparseInfo) {
	t.Helper()
	a, err := r.sparse(context.Background(), n, o)
	if err != nil {
		t.Fatal(err)
	}
	mask := a.ValueMask << 1
	if a.HeapParity {
		mask |= 1
	}
	return a.Values, sparseInfo{mask, a.Rare, a.Computed, a.Period}
}

var computeAll = AnalyzeOptions{ComputeAll: true}

// splitParity is the parity shared by every splitting removal of r, or -1.
func splitParity(r *Rule) int {
	q := -1
	for j, d := range r.take {
		if d&LeaveTwo == 0 {
			continue
		}
		if q >= 0 && q != j&1 {
			return -1
		}
		q = j & 1
	}
	return q
}

// rareByMask counts, by brute force, the heaps 1..len(g)-1 that are rare
// under the extended mask s: those whose value, with the heap-parity bit
// appended, has an even number of bits under s.
func rareByMask(g []int32, s uint32, q int) int {
	n := 0
	for i := 1; i < len(g); i++ {
		e := uint32(g[i]) << 1
		if q >= 0 {
			e |= uint32((i ^ q) & 1)
		}
		if bits.OnesCount32(e&s)%2 == 0 {
			n++
		}
	}
	return n
}

// masks lists every extended mask over the bits of the values of g, with
// the heap-parity bit only when every split has one parity (q >= 0).
func masks(g []int32, q int) []uint32 {
	top := int32(0)
	for _, v := range g {
		top = max(top, v)
	}
	var m []uint32
	for s := uint32(1); s < 2<<bits.Len32(uint32(top)); s++ {
		if s&1 == 0 || q >= 0 {
			m = append(m, s)
		}
	}
	return m
}

// fewestRare is the smallest rare count over every extended mask, by
// trying them all.
func fewestRare(g []int32, q int) int {
	best := len(g)
	for _, s := range masks(g, q) {
		best = min(best, rareByMask(g, s, q))
	}
	return best
}

func ruleByName(t *testing.T, name string) *Rule {
	if name == "grundy" {
		return GrundysGame()
	}
	return mustOctal(t, name)
}

// The method is exact whatever the mask: with every mask held fixed, even
// the worst, the values equal the definition's. This runs every kernel
// of the scan with every number of values wanted.
func TestSparseAnyMask(t *testing.T) {
	n := 1200
	for _, name := range []string{"grundy", "0.77", "0.127", "0.07", "0.16", "0.376", "4.07", "0.6"} {
		r := ruleByName(t, name)
		want := naiveOf(t, r, n)
		q := splitParity(r)
		for _, s := range masks(want, q) {
			got, info := sparseOf(t, r, n, runOpts{AnalyzeOptions: computeAll, fixMask: s})
			if i := firstDiff(got, want); i >= 0 {
				t.Fatalf("%s, mask %#x: g(%d) = %d, definition gives %d", name, s, i, got[i], want[i])
			}
			if r := rareByMask(want, s, q); info.rare != r {
				t.Fatalf("%s, mask %#x: %d rare heaps listed, %d by count", name, s, info.rare, r)
			}
		}
	}
}

// Values move from bytes to 16 bits to 32 bits in place when they outgrow
// a width; lowering the widths' limits makes every move happen early.
func TestSparseWidths(t *testing.T) {
	for _, name := range []string{"grundy", "0.04", "0.376", "0.77"} {
		r := ruleByName(t, name)
		want := naiveOf(t, r, 4000)
		for _, narrow := range [][2]int32{{3, 9}, {15, 40}, {0, 20}, {2, 0}} {
			for _, inter := range []bool{false, true} {
				got, _ := sparseOf(t, r, 4000, runOpts{AnalyzeOptions: computeAll, narrow: narrow, interleave: inter})
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("%s, limits %v, interleaved %v: g(%d) = %d, definition gives %d", name, narrow, inter, i, got[i], want[i])
				}
			}
		}
	}
}

// Random take-and-break rules that split heaps, against the definition,
// with and without filling from a proved period.
func TestSparseRandomRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 2026))
	n := 2500
	for range 40 {
		digits := 1 + rng.IntN(4)
		code := []byte("0.")
		if rng.IntN(6) == 0 {
			code[0] = '4'
		}
		for range digits {
			code = append(code, byte('0'+rng.IntN(8)))
		}
		code[len(code)-1] |= 4 // at least one split
		r := mustOctal(t, string(code))
		want := naiveOf(t, r, n)
		for _, o := range []runOpts{{}, {AnalyzeOptions: computeAll}} {
			got, _ := sparseOf(t, r, n, o)
			if i := firstDiff(got, want); i >= 0 {
				t.Fatalf("%s (%+v): g(%d) = %d, definition gives %d", code, o, i, got[i], want[i])
			}
		}
	}
}

// Grundy's game by the sparse method against the definition, far past
// the OEIS terms.
func TestGrundyAgainstDefinition(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 8000
	}
	g, err := GrundysGame().Sequence(n)
	if err != nil {
		t.Fatal(err)
	}
	if i := firstDiff(g, naiveOf(t, GrundysGame(), n)); i >= 0 {
		t.Fatalf("g(%d) = %d, the definition differs", i, g[i])
	}
}

// The mask in use is a best one: no mask, tried one by one, leaves fewer
// heaps rare; and the rare list is what that mask makes rare.
func TestMaskIsBest(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
	}{{"grundy", 30000}, {"0.127", 60000}, {"0.77", 20000}, {"0.07", 3000}, {"0.137", 3000},
		{"0.376", 20000}, {"0.354", 20000}, {"0.16", 20000}, {"0.6", 5000}, {"0.04", 5000}} {
		r := ruleByName(t, c.name)
		g, info := sparseOf(t, r, c.n, runOpts{AnalyzeOptions: computeAll})
		q := splitParity(r)
		best := fewestRare(g, q)
		if info.rare != best {
			t.Errorf("%s to %d: %d rare heaps, the best mask leaves %d", c.name, c.n, info.rare, best)
		}
		if got := rareByMask(g, info.mask, q); got != info.rare {
			t.Errorf("%s: mask %#x makes %d heaps rare, the list has %d", c.name, info.mask, got, info.rare)
		}
	}
}

// Czajka's analyzer (github.com/tczajka/octal-games, old/src), run here,
// printed these rare counts; it counts heap 0, which is rare under Grundy's
// mask fe and common under .127's mask 1 with the heap-parity bit.
func TestRareCountsOfPeer(t *testing.T) {
	for _, c := range []struct {
		name      string
		n, rare   int
		valueMask uint32
	}{
		{"grundy", 1 << 16, 1273 - 1, 0xfe},
		{"grundy", 1 << 17, 1274 - 1, 0xfe},
		{"0.127", 1 << 16, 693, 0x1},
		{"0.77", 1 << 8, 10 - 1, 0xf},
	} {
		_, info := sparseOf(t, ruleByName(t, c.name), c.n-1, runOpts{AnalyzeOptions: computeAll})
		if info.rare != c.rare {
			t.Errorf("%s, heaps below %d: %d rare, the peer has %d", c.name, c.n, info.rare, c.rare)
		}
		if info.mask>>1 != c.valueMask {
			t.Logf("%s: mask %#x, the peer's %#x (ties may differ)", c.name, info.mask>>1, c.valueMask)
		}
	}
}

// The two cliffs of the sampled mask choice (issue 18): at .127's heap
// 489,345 a sample of odd heaps only chose a mask with 245,249 rare heaps,
// and at Kayles' heap 3,072,001 one with 1,535,999. Chosen exactly, the
// rare sets stay as small as any mask allows.
func TestNoCliff(t *testing.T) {
	if testing.Short() {
		t.Skip("long: three million Kayles values")
	}
	for _, c := range []struct {
		name string
		n    int
	}{{"0.127", 489_345 + 10_000}, {"0.77", 3_072_001 + 10_000}} {
		r := ruleByName(t, c.name)
		g, info := sparseOf(t, r, c.n, runOpts{AnalyzeOptions: computeAll})
		if best := fewestRare(g, splitParity(r)); info.rare != best || best > 1000 {
			t.Errorf("%s to %d: %d rare heaps (best mask: %d)", c.name, c.n, info.rare, best)
		}
	}
}

// A cancelled computation stops and returns the values it has, which are
// right.
func TestSparseCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	g, err := GrundysGame().SequenceContext(ctx, 50_000_000, func(done int) {
		calls++
		cancel()
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if calls != 1 || len(g) < 1000 || len(g) > 50_000_000 {
		t.Fatalf("%d progress calls, %d values", calls, len(g))
	}
	if i := firstDiff(g[:3000], naiveOf(t, GrundysGame(), 2999)); i >= 0 {
		t.Fatalf("partial g(%d) wrong", i)
	}
}

// Filling from a proved period gives what computing every value gives.
func TestPeriodFill(t *testing.T) {
	for _, name := range []string{"0.77", "0.07", "0.137", "4.07", "0.127", "0.4"} {
		r := ruleByName(t, name)
		n := 20000
		if name == "0.127" {
			n = 120_000 // period 4 from 46,578
		}
		full, _ := sparseOf(t, r, n, runOpts{AnalyzeOptions: computeAll})
		filled, info := sparseOf(t, r, n, runOpts{})
		if !info.period.Found || info.computed >= n {
			t.Errorf("%s: no period proved before %d (%d values computed)", name, n, info.computed)
		}
		if i := firstDiff(filled, full); i >= 0 {
			t.Fatalf("%s: filled g(%d) = %d, computed %d", name, i, filled[i], full[i])
		}
	}
}

// countdown is a context that is done from its limit-th look on.
type countdown struct {
	context.Context
	looks, limit int
}

func (c *countdown) Err() error {
	if c.looks++; c.limit > 0 && c.looks >= c.limit {
		return context.Canceled
	}
	return nil
}

// Filling from a proved period looks at ctx as it goes: cancelled in the
// fill, a run returns the values filled so far (a period of .77, from the
// definition), with ctx's error.
func TestPeriodFillCancel(t *testing.T) {
	r := ruleByName(t, "0.77")
	n := 6*fillChunk + 12345
	free := &countdown{Context: context.Background()}
	a, err := r.Analyze(free, n, AnalyzeOptions{})
	if err != nil || !a.Period.Found || len(a.Values) != n+1 {
		t.Fatalf("uncancelled: %v, %d values, period %+v", err, len(a.Values), a.Period)
	}
	if free.looks < 7 {
		t.Fatalf("%d looks at ctx in a run that fills %d values", free.looks, n+1-a.Computed)
	}
	want := naiveOf(t, r, 500)
	stop := &countdown{Context: context.Background(), limit: free.looks - 2}
	a, err = r.Analyze(stop, n, AnalyzeOptions{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if len(a.Values) <= a.Computed || len(a.Values) > n {
		t.Fatalf("cancelled in the fill: %d values (%d computed, n = %d)", len(a.Values), a.Computed, n)
	}
	p := a.Period.Period
	for i, v := range a.Values {
		w := want[min(i, len(want)-1)]
		if i >= len(want) {
			w = want[len(want)-p+(i-len(want))%p]
		}
		if v != w {
			t.Fatalf("g(%d) = %d, the definition and its period give %d", i, v, w)
		}
	}
}

// A run starts no goroutine (issue 26: an idle helper spun, so a run's
// CPU time rose when the second core was free): while it computes, the
// goroutines are those there were before it.
func TestOneGoroutine(t *testing.T) {
	before := runtime.NumGoroutine()
	most := 0
	_, err := GrundysGame().Analyze(context.Background(), 300_000, AnalyzeOptions{Progress: func(int) {
		most = max(most, runtime.NumGoroutine())
	}})
	if err != nil {
		t.Fatal(err)
	}
	if most == 0 || most > before {
		t.Fatalf("%d goroutines during the run (progress seen: %v), %d before", most, most > 0, before)
	}
}

// Resumed values go straight to the width that holds them (1, 2 or 4
// bytes, made small by the limits) and the run goes on from them as a run
// in one go.
func TestResumeWidths(t *testing.T) {
	for _, name := range []string{"grundy", "0.376", "0.74"} {
		r := ruleByName(t, name)
		want := naiveOf(t, r, 3000)
		for _, narrow := range [][2]int32{{}, {3, 9}, {0, 20}, {2, 0}} {
			for _, k := range []int{2, 100, 1500, 2999} {
				got, _ := sparseOf(t, r, 3000, runOpts{AnalyzeOptions: AnalyzeOptions{ComputeAll: true, Resume: want[:k]}, narrow: narrow})
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("%s, limits %v, resumed from %d values: g(%d) = %d, definition gives %d", name, narrow, k, i, got[i], want[i])
				}
			}
		}
	}
}

// A run resumed from a checkpoint (ResumeFrom), its values read straight
// into the run's storage from checkpoints of every width, goes on as a
// run in one go.
func TestResumeFromCheckpoint(t *testing.T) {
	for _, name := range []string{"grundy", "0.376", "0.74"} {
		r := ruleByName(t, name)
		want := naiveOf(t, r, 3000)
		for _, narrow := range [][2]int32{{}, {3, 9}, {0, 20}, {2, 0}} {
			for _, k := range []int{2, 100, 1500, 2999} {
				top := slices.Max(want[:k])
				for _, w := range []int{1, 2, 4} {
					if w == 1 && top > 255 || w == 2 && top > 65535 {
						continue
					}
					var b bytes.Buffer
					if err := writeCheckpoint(&b, r.name, k, w, func(dst []int32, from int) { copy(dst, want[from:k]) }); err != nil {
						t.Fatal(err)
					}
					ck, err := r.openCheckpoint(bytes.NewReader(b.Bytes()))
					if err != nil {
						t.Fatal(err)
					}
					got, _ := sparseOf(t, r, 3000, runOpts{AnalyzeOptions: computeAll, narrow: narrow, resume: ck})
					if i := firstDiff(got, want); i >= 0 {
						t.Fatalf("%s, limits %v, resumed from a checkpoint of %d values of %d bytes: g(%d) = %d, definition gives %d", name, narrow, k, w, i, got[i], want[i])
					}
				}
			}
		}
	}
	// The definition's method, through Analyze, and a checkpoint longer
	// than the run.
	sub, _ := Subtraction([]int{2, 5, 7, 11, 30})
	want, _ := sub.Sequence(5000)
	var b bytes.Buffer
	sub.WriteCheckpoint(&b, want[:3000])
	a, err := sub.Analyze(context.Background(), 5000, AnalyzeOptions{ResumeFrom: bytes.NewReader(b.Bytes()), ComputeAll: true})
	if err != nil || firstDiff(a.Values, want) >= 0 {
		t.Fatalf("subtraction resumed from a checkpoint: %v", err)
	}
	a, err = sub.Analyze(context.Background(), 1000, AnalyzeOptions{ResumeFrom: bytes.NewReader(b.Bytes())})
	if err != nil || firstDiff(a.Values, want[:1001]) >= 0 || len(a.Values) != 1001 {
		t.Fatalf("subtraction to 1000 from a checkpoint of 3000: %v, %d values", err, len(a.Values))
	}
	// A checkpoint of another rule is refused before anything is computed.
	_, err = GrundysGame().Analyze(context.Background(), 1000, AnalyzeOptions{ResumeFrom: bytes.NewReader(b.Bytes())})
	var ce *CheckpointError
	if !errors.As(err, &ce) {
		t.Fatalf("another rule's checkpoint: %v, want a *CheckpointError", err)
	}
}

// A header that promises more values than the file holds is refused
// before its count sizes anything: a forged count of 2^30-1 values in a
// small file costs no memory.
func TestCheckpointHeaderAgainstSize(t *testing.T) {
	r := GrundysGame()
	forged := []byte("coevo nim-sequence checkpoint 1\nrule grundy\nvalues 1073741823\nbytes 4\n" + strings.Repeat("\x00", 1<<16))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := r.ReadCheckpoint(bytes.NewReader(forged))
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "cut short") || !strings.Contains(err.Error(), "1073741823") {
		t.Fatalf("forged header: %v", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
		t.Fatalf("reading the forged header allocated %d bytes", grew)
	}
	_, err = r.Analyze(context.Background(), 2000, AnalyzeOptions{ResumeFrom: bytes.NewReader(forged)})
	if err == nil || !strings.Contains(err.Error(), "cut short") {
		t.Fatalf("Analyze from the forged header: %v", err)
	}
}
