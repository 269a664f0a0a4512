package main

import (
	"context"
	"errors"
	"testing"
	"time"
)

// interruptible returns the context's error as soon as it is done, while
// the step it runs (a library's dense computation that never looks at the
// context: bt fit --los-top 3000 spent 19 s in one) goes on unwatched.
func TestInterruptible(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	start := time.Now()
	err := interruptible(ctx, func() error { <-release; return nil })
	if !errors.Is(err, context.Canceled) || time.Since(start) > 5*time.Second {
		t.Fatalf("%v after %v", err, time.Since(start))
	}
	// A step that ends first returns its own error.
	boom := errors.New("boom")
	if err := interruptible(context.Background(), func() error { return boom }); err != boom {
		t.Fatalf("got %v", err)
	}
}
