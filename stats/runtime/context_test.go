package runtime

import (
	"context"
	"testing"
	"time"
)

// FitContext stops its bootstrap when ctx is cancelled: 10^6 resamples of
// 2000 runs take minutes, and it returns within a bound of 5 s of a cancel
// 100 ms in. Uncancelled it is Fit.
func TestFitContextCancel(t *testing.T) {
	var pts []Point
	for i := 0; i < 2000; i++ {
		n := float64(int(10) << (i % 8))
		pts = append(pts, Point{N: n, T: n * n * float64(1+i%7)})
	}
	ctx, cancel := context.WithCancel(context.Background())
	var cancelled time.Time
	time.AfterFunc(100*time.Millisecond, func() { cancelled = time.Now(); cancel() })
	r, err := FitContext(ctx, pts, Options{Bootstrap: 1_000_000})
	if took := time.Since(cancelled); err != context.Canceled || r != nil || took > 5*time.Second {
		t.Fatalf("%v %v, %v after the cancel", r, err, took)
	}
	a, _ := FitContext(context.Background(), pts[:40], Options{Bootstrap: 200, Seed: 3})
	b, _ := Fit(pts[:40], Options{Bootstrap: 200, Seed: 3})
	if a.ExponentCI != b.ExponentCI || a.Exponent != b.Exponent {
		t.Fatalf("FitContext %v, Fit %v", a.ExponentCI, b.ExponentCI)
	}
}
