package display

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// htmlRecorder keeps the HTML last shown.
type htmlRecorder struct {
	recorder
	last string
}

func (r *htmlRecorder) Display(b Bundle, id string, update bool) {
	r.recorder.Display(b, id, update)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.last = fmt.Sprint(b["text/html"])
}

// A run that stops early (notebook 02: optimal at generation 130 of at
// most 400) ends its bar where it stopped with Stop, and full with Done.
func TestProgressStop(t *testing.T) {
	r := &htmlRecorder{}
	Attach(r, context.Background())
	defer Attach(nil, context.Background())
	p := NewProgress("generations", 400)
	for g := 1; g <= 130; g++ {
		p.Set(float64(g))
	}
	p.Stop()
	if !strings.Contains(r.last, "generations: 130/400 (32%") {
		t.Fatalf("after Stop: %s", r.last)
	}
	p.Done()
	if !strings.Contains(r.last, "generations: 400/400 (100%") {
		t.Fatalf("after Done: %s", r.last)
	}
}
