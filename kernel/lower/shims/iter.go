//go:build ignore

// Shims for package iter, type-checked with its source from GOROOT: Pull
// and Pull2 run the sequence in a goroutine that hands over one value at a
// time, where the Go runtime switches coroutines.
package iter

// pullPanic carries a panic of the sequence to the caller of next or stop.
type pullPanic struct{ value any }

func Pull[V any](seq Seq[V]) (func() (V, bool), func()) {
	var (
		started, done bool
		resume        chan bool
		values        chan V
		finished      chan *pullPanic
	)
	run := func() {
		var failure *pullPanic
		defer func() { finished <- failure }()
		defer func() {
			if r := recover(); r != nil {
				failure = &pullPanic{r}
			}
		}()
		if !<-resume {
			return
		}
		stopped := false
		seq(func(v V) bool {
			if stopped {
				panic("iter.Pull: yield called after stop or the end of the sequence")
			}
			values <- v
			stopped = !<-resume
			return !stopped
		})
	}
	next := func() (V, bool) {
		var zero V
		if done {
			return zero, false
		}
		if !started {
			started = true
			resume, values, finished = make(chan bool), make(chan V), make(chan *pullPanic, 1)
			go run()
		}
		resume <- true
		select {
		case v := <-values:
			return v, true
		case f := <-finished:
			done = true
			if f != nil {
				panic(f.value)
			}
			return zero, false
		}
	}
	stop := func() {
		if done {
			return
		}
		done = true
		if !started {
			return
		}
		resume <- false
		if f := <-finished; f != nil {
			panic(f.value)
		}
	}
	return next, stop
}

func Pull2[K, V any](seq Seq2[K, V]) (func() (K, V, bool), func()) {
	var (
		started, done bool
		resume        chan bool
		keys          chan K
		values        chan V
		finished      chan *pullPanic
	)
	run := func() {
		var failure *pullPanic
		defer func() { finished <- failure }()
		defer func() {
			if r := recover(); r != nil {
				failure = &pullPanic{r}
			}
		}()
		if !<-resume {
			return
		}
		stopped := false
		seq(func(k K, v V) bool {
			if stopped {
				panic("iter.Pull2: yield called after stop or the end of the sequence")
			}
			keys <- k
			values <- v
			stopped = !<-resume
			return !stopped
		})
	}
	next := func() (K, V, bool) {
		var zk K
		var zv V
		if done {
			return zk, zv, false
		}
		if !started {
			started = true
			resume, keys, values, finished = make(chan bool), make(chan K), make(chan V), make(chan *pullPanic, 1)
			go run()
		}
		resume <- true
		select {
		case k := <-keys:
			v := <-values
			return k, v, true
		case f := <-finished:
			done = true
			if f != nil {
				panic(f.value)
			}
			return zk, zv, false
		}
	}
	stop := func() {
		if done {
			return
		}
		done = true
		if !started {
			return
		}
		resume <- false
		if f := <-finished; f != nil {
			panic(f.value)
		}
	}
	return next, stop
}
