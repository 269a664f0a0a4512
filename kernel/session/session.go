package session

import (
	"context"
	"errors"
	"fmt"
	"go/types"
	"io"
	"os"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"time"
	"weak"

	"github.com/goplus/ixgo"
	"golang.org/x/tools/go/ssa"

	"github.com/coevolab/coevo/kernel/internal/cells"
	"github.com/coevolab/coevo/kernel/native"
)

// Session is one Go package that cells grow, and the values of its
// variables.
type Session struct {
	mu sync.Mutex

	ctx      *ixgo.Context
	importer types.Importer
	sizes    types.Sizes
	rtypes   *cellTypes

	imports []importSpec                // the imports cells made, one per name bound
	decls   map[string]*progDecl        // what cells declared, by key (progDecl.keys)
	vars    map[string]*sessVar         // the variables cells defined
	seq     int                         // counts declarations and variables, in order
	last    *build                      // the last build that ran: its types serve completion and inspection
	interps []weak.Pointer[ixgo.Interp] // interpreters whose code may still run (while values they made live)

	sources map[string]string // cell name -> code, to quote lines in errors
	outTo   io.Writer         // where the cells' standard output goes
	errTo   io.Writer         // and their standard error
	out     io.Writer         // the standard output of the running cell (os.Stdout as it is)
	errw    io.Writer         // its standard error
	stdin   *switchReader

	native     *native.Builder   // builds %go get modules' packages and %%compile cells; nil: none
	fromSource map[string]string // packages interpreted from source: their directories

	framesMu      sync.Mutex
	onPanic       func(Frame)
	compiledStack []byte  // of the last panic of compiled code, while it unwound
	lastFrames    []Frame // the cells' frames of the last panic, innermost first
}

// Cell is a notebook cell to run.
type Cell struct {
	Code string
	// Name is how errors and panics name the cell: the kernel uses
	// "In[N]" for execution count N. "" means "cell".
	Name string
	// Replay runs the cell to restore a session: magics that only report
	// (%timeit, %who, %lsmagic) are skipped, and %time runs its statement
	// without timing it.
	Replay bool
}

// Frame is a cell position a panic went through, as the interpreter
// reports it (cells.Frame, which the kernel process shares without
// linking the interpreter).
type Frame = cells.Frame

// New starts a session: the standard library and the packages registered
// with ixgo (the kernel's worker links coevo's, gota's and gonum's) can be
// imported, and fmt is imported. The standard library is unrestricted:
// os/exec and syscall are there, and os.Exit and log.Fatal end the
// process, as in a Go program (the kernel runs cells in a worker process
// that it replaces).
func New() (*Session, error) {
	s := &Session{
		sources:    map[string]string{},
		outTo:      io.Discard,
		errTo:      io.Discard,
		out:        stdWriter{},
		errw:       stdWriter{err: true},
		stdin:      &switchReader{},
		fromSource: map[string]string{},
	}
	s.ctx, s.rtypes = newContext()
	s.ctx.SetPanic(s.panicHook)
	// Packages not bound are interpreted from source only when the session
	// says so (importNatives), not looked for with go list.
	s.ctx.Lookup = s.lookupSource
	s.importer = s.ctx.Importer
	s.sizes = types.SizesFor("gc", "amd64")
	if sz := types.SizesFor("gc", runtime.GOARCH); sz != nil {
		s.sizes = sz
	}
	s.reset()
	return s, nil
}

// reset forgets everything cells declared: fmt imported, nothing else.
func (s *Session) reset() {
	s.imports = []importSpec{{path: "fmt", cell: "session", line: 1, col: 1}}
	s.decls = map[string]*progDecl{}
	s.vars = map[string]*sessVar{}
	s.last = nil
	s.interps = nil
}

// SetBuilder gives the session a Builder for the packages of modules that
// %go get adds (and of the kernel's modules that are not bound) and for
// %%compile cells. Without one, they are errors.
func (s *Session) SetBuilder(b *native.Builder) {
	s.mu.Lock()
	s.native = b
	s.mu.Unlock()
}

// Output directs the standard output, error and input of the next cells.
func (s *Session) Output(stdout, stderr io.Writer, stdin io.Reader) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if stdout == nil {
		stdout = io.Discard
	}
	if stderr == nil {
		stderr = io.Discard
	}
	s.outTo, s.errTo = stdout, stderr
	s.stdin.set(stdin)
}

// OnPanic calls f with every frame of a panic a cell's code raised, as
// the interpreter reports it.
func (s *Session) OnPanic(f func(Frame)) {
	s.framesMu.Lock()
	s.onPanic = f
	s.framesMu.Unlock()
}

// Result is what a cell evaluated to.
type Result struct {
	// Value is the value of the final expression; Show is false when the
	// cell ends with a declaration, an assignment or a statement, or with
	// an expression whose value says nothing (a nil error, what a Print
	// returns).
	Value reflect.Value
	Show  bool
	// Reset reports that the cell ran %reset: what earlier cells declared
	// is gone.
	Reset bool
	// Payload holds the payloads of the execute reply (%load puts a file
	// in the cell: "set_next_input").
	Payload []map[string]any

	// Done, when the cell failed part-way, is the part of it that ran:
	// replaying it restores what the cell had declared before it failed
	// ("" if nothing ran).
	Done string
}

// Eval runs code as a cell named "cell".
func (s *Session) Eval(ctx context.Context, code string) (Result, error) {
	return s.Run(ctx, Cell{Code: code})
}

var errInterrupted = &Error{Name: "interrupted", Message: "the cell was interrupted; earlier definitions are kept"}

// Run evaluates a cell. Cancelling ctx interrupts it; the session keeps
// what earlier cells (and the statements of this cell that ran) defined.
func (s *Session) Run(ctx context.Context, c Cell) (Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.Name == "" {
		c.Name = "cell"
	}
	s.sources[c.Name] = c.Code
	restore := captureStdio(s.outTo, s.errTo)
	defer restore()
	restoreIn := captureStdin(s.stdin)
	defer restoreIn()
	if r, ok, err := s.rawCellMagic(ctx, c); ok {
		return r, err
	}
	items, incomplete, err := split(c.Code)
	if err != nil {
		var se *scanError
		if errors.As(err, &se) {
			line, col := position(c.Code, se.off)
			return Result{}, s.located("syntax error", c.Name, line, col, se.msg)
		}
		return Result{}, &Error{Name: "syntax error", Message: err.Error()}
	}
	if incomplete {
		return Result{}, &Error{Name: "syntax error", Message: c.Name + ": the cell is incomplete (an unclosed bracket, string or comment)"}
	}
	r := &runner{s: s, ctx: ctx, c: c}
	if len(items) > 0 && items[0].kind == cellMagic {
		return r.cellMagic(items[0], items[1:])
	}
	return r.run(items)
}

// runner runs a cell's items.
type runner struct {
	s    *Session
	ctx  context.Context
	c    Cell
	done int // the end of what ran
	res  Result
}

// step is a thing a phase of a cell does in order: a segment of its Go, or
// a magic line.
type step struct {
	seg    int  // the segment, or -1 for a magic
	magic  item // the magic line
	timed  bool // the segment is %time's statement
	loops  int  // %timeit: the loop count (0: find one), the runs, the magic
	runs   int
	tmagic item
}

// run runs items of the cell: phase by phase, where a phase ends at a magic
// that changes what the code after it can see (%go get, %reset).
func (r *runner) run(items []item) (Result, error) {
	for len(items) > 0 {
		n := len(items)
		for i, it := range items {
			if it.kind == magic {
				if name, _ := magicLine(r.c.Code, it); name == "go" || name == "reset" {
					n = i + 1
					break
				}
			}
		}
		if err := r.phase(items[:n]); err != nil {
			if r.done > 0 {
				r.res.Done = strings.TrimRight(r.c.Code[:r.done], " \t\r\n")
			}
			return r.res, err
		}
		items = items[n:]
	}
	return r.res, nil
}

// phase compiles a phase's Go and runs its steps.
func (r *runner) phase(items []item) error {
	s, c := r.s, r.c
	cc, steps, err := s.readPhase(c, items)
	if err != nil {
		return err
	}
	if len(cc.segs) == 0 && len(cc.decls) == 0 && len(cc.imports) == 0 {
		for _, st := range steps {
			if err := r.magicStep(st.magic); err != nil {
				return err
			}
		}
		return nil
	}
	if r.ctx.Err() != nil {
		return errInterrupted
	}
	if err := s.importNatives(r.ctx, c, cc); err != nil {
		return err
	}
	b, err := s.compile(cc)
	if err != nil {
		return s.compileErr(err)
	}
	it, err := s.loadBuild(b)
	if err != nil {
		return err
	}
	for _, st := range steps {
		if st.seg < 0 {
			if err := r.magicStep(st.magic); err != nil {
				return err
			}
			r.done = max(r.done, st.magic.end)
			continue
		}
		seg := cc.segs[st.seg]
		s.lastFrames = nil
		v, err := r.segment(b, it, st)
		if err != nil {
			// What ran: the statements before the one that panicked; the
			// variables of those after it are not the session's.
			if line := r.panicLine(); line > 0 && !seg.timeit {
				from := 0
				for _, c := range seg.chunks {
					if c.line <= line {
						r.done = max(r.done, c.off)
						from = c.line
					}
				}
				for name, v := range b.newVars {
					if v.line >= from {
						if old, ok := b.prevVars[name]; ok {
							s.vars[name] = old
						} else {
							delete(s.vars, name)
						}
					}
				}
			}
			return err
		}
		if n := len(seg.chunks); n > 0 {
			last := seg.chunks[n-1]
			r.done = max(r.done, last.off+len(last.text))
		}
		if st.seg == len(cc.segs)-1 && cc.final && !seg.timeit {
			r.res.Value, r.res.Show = b.result(v)
		}
	}
	return nil
}

// readPhase reads the items of a phase of a cell: its Go, and the steps
// that run it.
func (s *Session) readPhase(c Cell, items []item) (*cellCode, []step, error) {
	cc := &cellCode{cell: c.Name}
	var steps []step
	newSeg := func(timeit bool) int {
		cc.segs = append(cc.segs, segment{timeit: timeit})
		return len(cc.segs) - 1
	}
	cur := -1 // the segment statements go to
	addChunk := func(seg int, code string, off, end int) {
		l, col := position(code, off)
		cc.segs[seg].chunks = append(cc.segs[seg].chunks, chunk{text: code[off:end], off: off, line: l, col: col})
	}
	for _, it := range items {
		switch {
		case it.kind == magic:
			cur = -1
			name, argOff := magicLine(c.Code, it)
			switch {
			case strings.HasPrefix(c.Code[it.off:it.end], "!"):
				steps = append(steps, step{seg: -1, magic: it})
			case name == "time":
				sub, err := s.subItems(c, argOff, it.end)
				if err != nil {
					return nil, nil, err
				}
				if len(sub) == 0 {
					return nil, nil, s.magicError(c, it, "%time needs a statement: %time x := f()")
				}
				k := newSeg(false)
				for _, x := range sub {
					if x.kind != stmt && !(x.kind == vardecl && x.vars) {
						return nil, nil, s.magicError(c, it, "%time times statements: a declaration goes in the cell")
					}
					addChunk(k, c.Code, x.off, x.end)
				}
				steps = append(steps, step{seg: k, timed: true})
			case name == "timeit":
				st, err := s.timeitStep(c, it, argOff)
				if err != nil {
					return nil, nil, err
				}
				if c.Replay {
					continue
				}
				k := newSeg(true)
				cc.segs[k].chunks = []chunk{st.chunk}
				steps = append(steps, step{seg: k, loops: st.loops, runs: st.runs, tmagic: it})
			default:
				steps = append(steps, step{seg: -1, magic: it})
			}
		case it.kind == stmt || it.kind == vardecl && it.vars:
			if cur < 0 {
				cur = newSeg(false)
				steps = append(steps, step{seg: cur})
			}
			addChunk(cur, c.Code, it.off, it.end)
		default: // imports and declarations
			if err := cc.readDecls(c.Code, it, &s.seq); err != nil {
				line, col := position(c.Code, it.off)
				return nil, nil, s.located("syntax error", c.Name, line, col, err.Error())
			}
			if err := cc.checkNames(); err != nil {
				return nil, nil, s.compileErr(err)
			}
		}
	}
	// A cell's func init runs when the cell does, before its statements:
	// what init means for a program, once.
	if len(cc.inits) > 0 {
		cc.segs = append([]segment{{chunks: cc.inits}}, cc.segs...)
		for i := range steps {
			if steps[i].seg >= 0 {
				steps[i].seg++
			}
		}
		steps = append([]step{{seg: 0}}, steps...)
	}
	// The final expression is the cell's result when the cell ends with it.
	last := items[len(items)-1]
	cc.final = last.kind == stmt && len(cc.segs) > 0
	if last.kind == stmt && len(steps) > 0 && steps[len(steps)-1].seg < 0 {
		cc.final = false
	}
	return cc, steps, nil
}

// panicLine is the cell's line whose statement (of its top level) the
// last panic went through, or 0.
func (r *runner) panicLine() int {
	line := 0
	for _, f := range r.s.lastFrames {
		if f.Cell == r.c.Name && cellFunc(f.Func) == "main" {
			line = f.Line // the outermost wins
		}
	}
	return line
}

// magicStep runs a line magic.
func (r *runner) magicStep(it item) error {
	res, err := r.s.lineMagic(r.ctx, r.c, it)
	r.res.Reset = r.res.Reset || res.Reset
	r.res.Payload = append(r.res.Payload, res.Payload...)
	if err == nil {
		r.done = max(r.done, it.end)
	}
	return err
}

// segment runs a segment of a build: timed for %time, in loops for
// %timeit.
func (r *runner) segment(b *build, it *ixgo.Interp, st step) (any, error) {
	s := r.s
	fn := b.segs[st.seg].fn
	switch {
	case b.segs[st.seg].timeit:
		return nil, r.timeit(b, it, fn, st)
	case st.timed && !r.c.Replay:
		u0, s0 := cpu()
		t0 := time.Now()
		v, err := s.call(r.ctx, b, it, fn)
		wall := time.Since(t0)
		u1, s1 := cpu()
		if err == nil {
			user, sys := u1-u0, s1-s0
			fmt.Fprintf(os.Stdout, "CPU times: user %s, sys: %s, total: %s\nWall time: %s\n",
				formatTime(user.Seconds()), formatTime(sys.Seconds()), formatTime((user + sys).Seconds()), formatTime(wall.Seconds()))
		}
		return v, err
	}
	return s.call(r.ctx, b, it, fn)
}

// result is the cell's result from what its last segment returned.
func (b *build) result(v any) (reflect.Value, bool) {
	switch b.final.show {
	case showConstant:
		if cv, ok := constantValue(b.final.value); ok {
			return reflect.ValueOf(cv), true
		}
	case showValue:
		if v == nil {
			return reflect.Value{}, false // a nil interface: nothing to show
		}
		return reflect.ValueOf(v), true
	case showTuple:
		vs, _ := v.([]any)
		if n := len(vs); n > 0 {
			if last, ok := vs[n-1].(error); ok || vs[n-1] == nil && b.lastIsError() {
				if last == nil {
					return reflect.Value{}, false // (n, nil): what a write returns
				}
				return reflect.ValueOf(last), true
			}
			return reflect.ValueOf(tuple(vs)), true
		}
	}
	return reflect.Value{}, false
}

// lastIsError tells whether the final call's last result is of type error.
func (b *build) lastIsError() bool {
	es := finalExpr(b.check.body)
	if es == nil {
		return false
	}
	t, ok := b.check.info.Types[es.X].Type.(*types.Tuple)
	if !ok || t.Len() == 0 {
		return false
	}
	return types.Identical(t.At(t.Len()-1).Type(), types.Universe.Lookup("error").Type())
}

// tuple is the results of a call of several, shown as Println shows them.
type tuple []any

func (t tuple) String() string { return strings.TrimSuffix(fmt.Sprintln([]any(t)...), "\n") }

// load builds a build's program to SSA and makes its interpreter, bound to
// the session's variables; then the build is the session's.
func (s *Session) loadBuild(b *build) (*ixgo.Interp, error) {
	sp := &ixgo.SourcePackage{Context: s.ctx, Package: b.pkg, Files: nil, Info: b.info}
	sp.Files = append(sp.Files, b.file)
	pkg, err := s.buildSSA(sp)
	if err != nil {
		return nil, &Error{Name: "internal error", Message: b.cc.cell + ": " + err.Error()}
	}
	s.rtypes.mu.Lock()
	s.rtypes.keys = b.keys
	s.rtypes.mu.Unlock()
	globals := map[string]any{}
	for name, v := range b.vars {
		if v.ptr != nil && !b.migrate[name] {
			globals["main."+name] = v.ptr
		}
	}
	for name, v := range b.olds {
		if v.ptr != nil {
			globals["main."+oldVar+name] = v.ptr
		}
	}
	undo, err := preloadInstances(pkg)
	if err != nil {
		return nil, &Error{Name: "internal error", Message: b.cc.cell + ": " + err.Error()}
	}
	it, err := newInterp(s.ctx, pkg, globals)
	undo()
	if err == nil {
		err = parallelPhis(it)
	}
	if err == nil {
		err = unsignedBounds(it)
	}
	if err == nil {
		err = rangeFuncDefers(it)
	}
	if err != nil {
		return nil, &Error{Name: "internal error", Message: b.cc.cell + ": " + err.Error()}
	}
	s.rtypes.record(it, b, pkg.Prog)
	// The values of variables whose type was declared anew with the same
	// layout, copied to the new type's storage.
	for name := range b.migrate {
		v := b.vars[name]
		p, ok := it.GetVarAddr(name)
		if !ok || v.ptr == nil {
			continue
		}
		dst := reflect.ValueOf(p).Elem()
		dst.Set(reflect.NewAt(dst.Type(), reflect.ValueOf(v.ptr).UnsafePointer()).Elem())
		if obj := b.pkg.Scope().Lookup(name); obj != nil {
			v.typ, v.key = obj.Type(), b.keys.key(obj.Type())
		}
		v.ptr = p
	}
	if err := it.RunInit(); err != nil {
		return nil, s.runError(err, b)
	}
	// The build is the session's now: its declarations, imports and
	// variables, with their storage.
	for name, v := range b.vars {
		if v.ptr == nil {
			if p, ok := it.GetVarAddr(name); ok {
				v.ptr = p
			}
		}
	}
	b.prevVars = s.vars
	s.decls, s.imports, s.vars = b.decls, b.imports, b.vars
	s.last = b
	live := s.interps[:0]
	for _, w := range s.interps {
		if w.Value() != nil {
			live = append(live, w)
		}
	}
	s.interps = append(live, weak.Make(it))
	for _, n := range b.notes {
		fmt.Fprintln(os.Stderr, "note: "+n)
	}
	return it, nil
}

// buildSSA builds the program's SSA form.
func (s *Session) buildSSA(sp *ixgo.SourcePackage) (pkg *ssa.Package, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("building the program: %v", p)
		}
	}()
	defer s.ctx.Builder.Reset()
	skipUnusedSources(s.ctx, sp.Package)
	return s.ctx.Builder.BuildMain(sp)
}

// abortGrace is how long an interrupted interpreter stays aborted: the
// goroutines the cell started stop at their next instruction meanwhile;
// then its functions work again (a widget's callback, a method of a type
// the cell declared). A goroutine blocked for longer than that (a sleep, a
// channel) runs on.
const abortGrace = 50 * time.Millisecond

// call runs a segment's function, which returns the cell's result, if
// any. An interrupt aborts the interpreter; call returns once the code
// has stopped.
func (s *Session) call(ctx context.Context, b *build, it *ixgo.Interp, fn string, args ...ixgo.Value) (any, error) {
	if ctx.Err() != nil {
		return nil, errInterrupted
	}
	var v ixgo.Value
	var err error
	done := make(chan struct{})
	go func() {
		defer close(done)
		v, err = it.RunFunc(fn, args...)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		it.Abort()
		<-done
		// Goroutines the cell started in interpreted code stop at their
		// next instruction; then the interpreter's functions work again
		// (a callback the cell made, a method of a type it declared).
		time.Sleep(abortGrace)
		unabort(it)
		return nil, errInterrupted
	}
	if err != nil {
		return nil, s.runError(err, b)
	}
	return v, nil
}

// compileErr turns a build's compile error into the session's error.
func (s *Session) compileErr(err error) error {
	var ce *compileError
	if !errors.As(err, &ce) {
		return err
	}
	first := ce.errs[0]
	if first.pos.Filename == "" {
		return &Error{Name: "compile error", Message: first.msg}
	}
	e := s.located("compile error", first.pos.Filename, first.pos.Line, first.pos.Column, first.msg)
	for i, x := range ce.errs[1:] {
		if i == maxErrors-1 {
			e.Trace = append(e.Trace, fmt.Sprintf("(and %d more errors)", len(ce.errs)-maxErrors))
			break
		}
		e.Trace = append(e.Trace, fmt.Sprintf("%s:%d:%d: %s", x.pos.Filename, x.pos.Line, x.pos.Column, x.msg))
		e.Trace = append(e.Trace, s.quote(x.pos.Filename, x.pos.Line, x.pos.Column)...)
	}
	return e
}

// IsComplete reports "complete", "incomplete" or "invalid" for code typed
// so far, as the Jupyter is_complete request asks.
func IsComplete(code string) string { return cells.IsComplete(code) }
