package kernel

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/coevolab/coevo/kernel/internal/cache"
	"github.com/coevolab/coevo/kernel/worker"
)

// supervisor keeps a worker process running and the session in it: when
// the worker dies it starts another and replays the cells that completed,
// and it turns an interrupt the cell does not heed into a kill.
type supervisor struct {
	k *Kernel

	mu         sync.Mutex // held by the request in flight, and by a restore
	pending    string     // a note for the next cell: the worker died between cells
	idleDeaths int        // deaths between cells since a cell last completed

	rmu       sync.Mutex // guards what follows, read by events and interrupts
	proc      *procState
	sink      *cellSink // of the running request
	last      *cellSink // of the last cell that showed output
	running   int       // id of the running request; 0: none
	nextID    int
	restoring bool
	aborted   bool // an interrupt arrived while restoring
	closed    bool
}

// procState is a worker and the channel its replies arrive on.
type procState struct {
	p       *worker.Process
	replies chan *worker.Reply
}

// startLocked starts a worker; s.mu is held.
func (s *supervisor) startLocked() error {
	if s.isClosed() {
		return errors.New("the kernel is shutting down")
	}
	st := &procState{replies: make(chan *worker.Reply, 1)}
	env := s.k.opts.WorkerEnv[:len(s.k.opts.WorkerEnv):len(s.k.opts.WorkerEnv)]
	if s.k.module != "" {
		env = append(env, cache.ModuleEnv+"="+s.k.module)
	}
	p, err := worker.Start(worker.Options{
		Command: s.k.opts.Worker, Env: env, MemoryLimit: s.k.opts.MemoryLimit,
		OnEvent: func(e worker.Event) { s.route(st, e) }, Log: s.k.opts.Log,
	})
	if err != nil {
		return err
	}
	st.p = p
	s.rmu.Lock()
	s.proc = st
	closed := s.closed
	s.rmu.Unlock()
	if closed { // close ran while it started
		p.Kill("the kernel shut down")
	}
	go s.watch(st)
	return nil
}

// start starts the first worker, unless a request started one already.
func (s *supervisor) start() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.current() != nil {
		return nil
	}
	return s.startLocked()
}

// route delivers a worker's event: a reply to its request, output to the
// running cell (or, between cells, to the last cell that showed output).
func (s *supervisor) route(st *procState, e worker.Event) {
	if e.Kind == "reply" {
		select {
		case st.replies <- e.Reply:
		default:
			s.k.log.Printf("a worker reply came with no request waiting")
		}
		return
	}
	s.rmu.Lock()
	sink := s.sink
	if s.running == 0 {
		sink = s.last
	}
	s.rmu.Unlock()
	if sink != nil {
		sink.event(e, st)
	} else if e.Kind == "stream" {
		s.k.log.Printf("worker %s: %s", e.Name, strings.TrimRight(e.Text, "\n"))
	}
}

// watch restores the session when a worker dies between requests.
func (s *supervisor) watch(st *procState) {
	<-st.p.Done()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rmu.Lock()
	current, closed := s.proc == st, s.closed
	s.rmu.Unlock()
	if !current || closed {
		return
	}
	d := st.p.Death()
	s.logDeath(d)
	s.pending += fmt.Sprintf("The worker process died between cells: %s. ", d.Cause)
	s.idleDeaths++
	if s.idleDeaths >= maxRestoreDeaths {
		s.k.forgetAll()
		s.pending += fmt.Sprintf("It died %d times between cells since a cell last completed: nothing is replayed. ", s.idleDeaths)
	} else if why := s.k.culprit(d, 0); why != "" {
		s.pending += why
	} else if name := s.k.suspect(); name != "" {
		// No crash report names the cell (os.Exit in a goroutine, a
		// signal): the last cell that left goroutines running most likely
		// started the culprit.
		s.pending += fmt.Sprintf("%s left goroutines running: it is dropped from the session. ", name)
	}
	s.pending += s.restoreLocked()
}

func (s *supervisor) logDeath(d worker.Death) {
	s.k.log.Printf("worker died: %s", d.Cause)
	if d.Report != "" {
		lines := strings.SplitN(d.Report, "\n", 41)
		s.k.log.Printf("its crash report begins:\n%s", strings.Join(lines[:min(len(lines), 40)], "\n"))
	}
}

// execute runs a cell. If the worker dies, it returns how, and the note
// to show once the session is restored.
func (s *supervisor) execute(req worker.Request, sink *cellSink) (*worker.Reply, *worker.Death, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pending != "" && !sink.quiet {
		sink.note(s.pending)
		s.pending = ""
	}
	if s.current() == nil {
		if err := s.startLocked(); err != nil {
			return nil, &worker.Death{Cause: "no worker process: " + err.Error()}, ""
		}
	}
	rep, d := s.callLocked(s.current(), req, sink)
	if d == nil {
		if rep.Status == "ok" {
			s.idleDeaths = 0
		}
		return rep, nil, ""
	}
	s.logDeath(*d)
	if s.isClosed() {
		return nil, d, ""
	}
	// A goroutine of an earlier cell may have crashed it while this one ran.
	why := s.k.culprit(*d, req.ID)
	return nil, d, why + s.restoreLocked()
}

// request runs a request that is not a cell (complete, inspect); nil if
// the worker died on it (the session is restored for the next cell).
func (s *supervisor) request(req worker.Request) *worker.Reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.current() == nil {
		if err := s.startLocked(); err != nil {
			return nil
		}
	}
	rep, d := s.callLocked(s.current(), req, &cellSink{quiet: true})
	if d != nil && !s.isClosed() {
		s.logDeath(*d)
		s.pending += fmt.Sprintf("The worker process died on a %s request: %s. ", req.Op, d.Cause) + s.restoreLocked()
	}
	return rep
}

func (s *supervisor) current() *procState {
	s.rmu.Lock()
	defer s.rmu.Unlock()
	return s.proc
}

func (s *supervisor) isClosed() bool {
	s.rmu.Lock()
	defer s.rmu.Unlock()
	return s.closed
}

// callLocked sends a request and waits for its reply or the worker's
// death; s.mu is held.
func (s *supervisor) callLocked(st *procState, req worker.Request, sink *cellSink) (*worker.Reply, *worker.Death) {
	s.rmu.Lock()
	s.nextID++
	s.running, s.sink = s.nextID, sink
	s.rmu.Unlock()
	defer func() {
		s.rmu.Lock()
		s.running, s.sink = 0, nil
		if !sink.quiet {
			s.last = sink
		}
		s.rmu.Unlock()
	}()
	if err := st.p.Send(req); err != nil {
		<-st.p.Done()
	}
	select {
	case rep := <-st.replies:
		return rep, nil
	case <-st.p.Done():
		select {
		case rep := <-st.replies: // it answered, then died
			return rep, nil
		default:
		}
		d := st.p.Death()
		return nil, &d
	}
}

// interrupt cancels the running request's context; if it is still running
// after the grace period, its worker is killed (and the session
// restored). An interrupt during a restore stops it.
func (s *supervisor) interrupt() {
	s.rmu.Lock()
	id, st := s.running, s.proc
	if s.restoring {
		s.aborted = true
	}
	s.rmu.Unlock()
	if id == 0 || st == nil {
		return
	}
	st.p.Send(worker.Request{Op: "interrupt"})
	grace := s.k.opts.InterruptGrace
	time.AfterFunc(grace, func() {
		s.rmu.Lock()
		still := s.running == id
		s.rmu.Unlock()
		if still {
			st.p.Kill(fmt.Sprintf("interrupted: the cell was still running %v after the interrupt (in code that does not watch display.Context()), so its worker process was stopped", grace))
		}
	})
}

// close stops the worker for good.
func (s *supervisor) close() {
	s.rmu.Lock()
	s.closed = true
	st := s.proc
	s.rmu.Unlock()
	if st != nil {
		st.p.Kill("the kernel shut down")
		<-st.p.Done()
	}
}

// maxRestoreDeaths bounds how many workers a restore may lose to cells
// that kill them again on replay.
const maxRestoreDeaths = 3

// restoreLocked starts a new worker and replays the cells that completed,
// output hidden, and returns a note that says what it did. A cell whose
// replay kills the worker is dropped and the replay starts over.
func (s *supervisor) restoreLocked() string {
	t0 := time.Now()
	s.rmu.Lock()
	s.restoring, s.aborted = true, false
	s.rmu.Unlock()
	defer func() {
		s.rmu.Lock()
		s.restoring, s.aborted = false, false
		s.rmu.Unlock()
	}()
	cells, skipped := s.k.replayCells()
	var dropped, failed []string
	stoppedAt, emptied := "", false
	for deaths := 0; ; {
		if err := s.startLocked(); err != nil {
			return fmt.Sprintf("**The session could not be restored:** no new worker process (%v).", err)
		}
		failed = nil
		died := -1
		for i, c := range cells {
			if s.wasAborted() {
				stoppedAt = c.name
				break
			}
			rep, d := s.callLocked(s.current(), worker.Request{Op: "execute", Code: c.code, Cell: c.name, ID: c.id, MsgID: c.msgID, Replay: true, Silent: true}, &cellSink{quiet: true})
			if d != nil {
				if s.wasAborted() {
					stoppedAt = c.name
					break
				}
				// The cell that started the goroutine that crashed, if
				// the report names one replayed so far; else this one.
				died = i
				for j := range cells[:i+1] {
					if d.CellID != 0 && cells[j].id == d.CellID {
						died = j
					}
				}
				dropped = append(dropped, fmt.Sprintf("%s (%s)", cells[died].name, d.Cause))
				s.k.forgetCell(cells[died].id)
				break
			}
			if rep.Status != "ok" && rep.Error != nil {
				if rep.Error.Name == "interrupted" && s.wasAborted() {
					stoppedAt = c.name
					break
				}
				failed = append(failed, fmt.Sprintf("%s (%s)", c.name, rep.Error.Value))
			}
		}
		if stoppedAt != "" {
			if cur := s.current(); cur != nil {
				select {
				case <-cur.p.Done():
					emptied = true
				default:
				}
			}
			if emptied {
				if err := s.startLocked(); err != nil {
					return fmt.Sprintf("**The session could not be restored:** no new worker process (%v).", err)
				}
			}
			break
		}
		if died < 0 {
			break
		}
		cells = append(cells[:died:died], cells[died+1:]...)
		if deaths++; deaths == maxRestoreDeaths {
			if err := s.startLocked(); err != nil {
				return fmt.Sprintf("**The session could not be restored:** no new worker process (%v).", err)
			}
			emptied = true
			break
		}
	}
	commNote := s.replayCommsLocked(emptied)
	var b strings.Builder
	el := time.Since(t0).Seconds()
	switch {
	case emptied && stoppedAt != "":
		fmt.Fprintf(&b, "**The session was not restored:** the restore was interrupted at %s; a new worker starts empty.", stoppedAt)
	case emptied:
		fmt.Fprintf(&b, "**The session was not restored:** %d workers died replaying cells; a new worker starts empty.", maxRestoreDeaths)
	case stoppedAt != "":
		fmt.Fprintf(&b, "**Session partly restored:** a new worker replayed the cells before %s (%.2f s); the interrupt stopped the rest.", stoppedAt, el)
	default:
		fmt.Fprintf(&b, "**Session restored:** a new worker replayed %d cells in %.2f s, their output hidden.", len(cells), el)
	}
	if len(skipped) > 0 {
		fmt.Fprintf(&b, " Not replayed (marked `//coevo:noreplay`): %s.", strings.Join(skipped, ", "))
	}
	if len(dropped) > 0 {
		fmt.Fprintf(&b, " Dropped, as the worker died replaying them: %s.", strings.Join(dropped, "; "))
	}
	if len(failed) > 0 {
		fmt.Fprintf(&b, " Failed on replay: %s.", strings.Join(failed, "; "))
	}
	b.WriteString(commNote)
	s.k.log.Printf("restore: %s", b.String())
	return b.String()
}

func (s *supervisor) wasAborted() bool {
	s.rmu.Lock()
	defer s.rmu.Unlock()
	return s.aborted
}
