package interp

import (
	"context"
	"testing"
	"time"

	"github.com/traefik/yaegi/stdlib"
)

// The change of this copy (README.md): stopping a run stops its frames and
// the goroutines it started, not those of earlier runs; and functions
// compiled code calls back still run after it.
func TestStopStopsItsRunOnly(t *testing.T) {
	i := New(Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	eval := func(ctx context.Context, src string) {
		t.Helper()
		if _, err := i.EvalWithContext(ctx, src); err != nil {
			t.Fatalf("%s: %v", src, err)
		}
	}
	count := func(name string) int64 {
		t.Helper()
		v, err := i.Eval(name)
		if err != nil {
			t.Fatal(err)
		}
		return v.Int()
	}
	// Run 1 starts a goroutine that ticks every millisecond, in two
	// programs (as the session runs a cell's statements one by one).
	cell1 := context.Background()
	eval(cell1, `import ("sync/atomic"; "time")`)
	eval(cell1, `var early, late int64
func double(x int) int { return 2 * x }`)
	eval(cell1, `go func() { for { atomic.AddInt64(&early, 1); time.Sleep(time.Millisecond) } }()`)
	// Run 2 starts one too, then loops until it is stopped.
	cell2, stop := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, stop)
	if _, err := i.EvalWithContext(cell2, `go func() { for { atomic.AddInt64(&late, 1); time.Sleep(time.Millisecond) } }()
for {}`); err != context.Canceled {
		t.Fatalf("the loop ended with %v", err)
	}
	time.Sleep(50 * time.Millisecond) // the stopped goroutine's last tick
	e0, l0 := count("atomic.LoadInt64(&early)"), count("atomic.LoadInt64(&late)")
	time.Sleep(200 * time.Millisecond)
	e1, l1 := count("atomic.LoadInt64(&early)"), count("atomic.LoadInt64(&late)")
	if e1-e0 < 20 {
		t.Errorf("the goroutine of the earlier run ticked %d times in 200 ms after the stop", e1-e0)
	}
	if l1 != l0 {
		t.Errorf("the goroutine of the stopped run ticked %d times after the stop", l1-l0)
	}
	// A function of run 1, called from compiled code after the stop.
	v, err := i.Eval("double")
	if err != nil {
		t.Fatal(err)
	}
	if got := v.Interface().(func(int) int)(21); got != 42 {
		t.Errorf("double(21) called back after the stop: %d", got)
	}
	// And the next run runs.
	eval(context.Background(), `late = 0`)
	if count("late") != 0 {
		t.Error("the next run did not run")
	}
}
