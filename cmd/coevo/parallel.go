package main

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// forEach calls do for every item, on workers goroutines (0: all cores),
// and reports the items done with step (from one goroutine at a time). It
// stops at the first error, cancelling the context do gets, and returns
// that error, or ctx's when ctx is cancelled.
func forEach(ctx context.Context, items []int, workers int, step func(done int), do func(ctx context.Context, item int) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu    sync.Mutex
		first error
		done  int
		wg    sync.WaitGroup
		next  atomic.Int64
	)
	for w := 0; w < min(workers, len(items)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				n := int(next.Add(1)) - 1
				if n >= len(items) || ctx.Err() != nil {
					return
				}
				err := do(ctx, items[n])
				mu.Lock()
				if err != nil {
					if first == nil {
						first = err
						cancel()
					}
				} else {
					done++
					step(done)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return first
	}
	return ctx.Err()
}

// interruptible runs f, a step that does not look at ctx (a library's
// dense computation), and returns ctx's error as soon as ctx is done,
// leaving f to finish in the background: the command is ending.
func interruptible(ctx context.Context, f func() error) error {
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
