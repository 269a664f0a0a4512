package theory

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/coevolab/coevo/engine/games"
)

// AnalyzeContext reports progress position by position and, uncancelled,
// is Analyze; cancelled, it stops inside a position's search: Chomp 6x6
// has 923 positions whose exact searches take minutes in all (260 of them
// in the first minute on a loaded machine), and it returns within a bound
// of 5 s of a cancel 100 ms in.
func TestAnalyzeContext(t *testing.T) {
	g, _ := games.SubtractionNim(12, 3)
	G := prepare(t, g)
	calls := 0
	r, err := AnalyzeContext(context.Background(), G, 0, func(done, n int) {
		if calls++; done != calls || n != G.NumPositions() {
			t.Fatalf("progress %d/%d at call %d", done, n, calls)
		}
	})
	if err != nil || calls != G.NumPositions() || !reflect.DeepEqual(r, Analyze(G, 0)) {
		t.Fatalf("%v, %d calls, %+v", err, calls, r)
	}

	ch, _ := games.NewChomp(6, 6)
	G = prepare(t, ch)
	ctx, cancel := context.WithCancel(context.Background())
	var cancelled time.Time
	time.AfterFunc(100*time.Millisecond, func() { cancelled = time.Now(); cancel() })
	last := 0
	_, err = AnalyzeContext(ctx, G, 0, func(done, _ int) { last = done })
	if took := time.Since(cancelled); err != context.Canceled || took > 5*time.Second {
		t.Fatalf("%v, %v after the cancel", err, took)
	}
	if last >= G.NumPositions() {
		t.Fatalf("all %d positions done before the cancel", last)
	}
}
