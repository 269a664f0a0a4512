package session

import (
	"fmt"
	"go/ast"
	"go/types"
	"io"
	"os"
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/goplus/ixgo"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// The session runs cells with ixgo (github.com/goplus/ixgo), an
// interpreter of Go's SSA form (golang.org/x/tools/go/ssa) built from
// go/types' checked syntax: what a cell means is what Go says it means.
// The session uses ixgo as a library, unmodified, through its exported
// API and a few of its unexported functions and fields, reached here by
// name (each checked by TestIxgoInternals, as are the fields phi.go reads):
//
//   - newInterp, which makes an interpreter whose package variables are
//     the storage given (the session's variables, which outlive the build
//     that made them), the way ixgo's own REPL does;
//   - (*Interp).toType, the runtime type of a type of the program, which
//     the session records to give the next build the same (cellTypes);
//   - Interp.exited, the flag an interrupt sets (Abort) to stop the
//     interpreter's code, which the session clears once the cell has
//     stopped, so that functions the cell made (a widget's callback) work
//     after the interrupt; and Context.output, where print and println
//     write (ixgo: standard output; Go: standard error);
//   - the compiled code of the interpreter's functions, where phi.go
//     makes the φ-nodes of a block one parallel assignment, bounds.go
//     words the bounds errors of huge unsigned indices as Go does, and
//     rangedefer.go runs the calls deferred in a range-over-func body
//     when the function returns (with frame.runDefers), where ixgo
//     v1.1.1 does otherwise.

//go:linkname newInterp github.com/goplus/ixgo.newInterp
func newInterp(ctx *ixgo.Context, mainpkg *ssa.Package, globals map[string]any) (*ixgo.Interp, error)

//go:linkname interpToType github.com/goplus/ixgo.(*Interp).toType
func interpToType(i *ixgo.Interp, typ types.Type) reflect.Type

// field returns a pointer to the unexported field name of the struct p
// points to, which must have type T.
func field[T any](p any, name string) *T {
	v := reflect.ValueOf(p).Elem()
	f := v.FieldByName(name)
	if !f.IsValid() || f.Type() != reflect.TypeFor[T]() {
		panic(fmt.Sprintf("ixgo: %s has no field %s of type %s (the session needs ixgo v1.1.1)", v.Type(), name, reflect.TypeFor[T]()))
	}
	return (*T)(unsafe.Pointer(f.UnsafeAddr()))
}

// unabort undoes an Abort of an interpreter whose code has stopped.
func unabort(i *ixgo.Interp) { atomic.StoreInt32(field[int32](i, "exited"), 0) }

// aborted tells whether an interpreter was aborted (or ran os.Exit).
func aborted(i *ixgo.Interp) bool { return atomic.LoadInt32(field[int32](i, "exited")) != 0 }

// setPrintOutput makes print and println of interpreted code write to w.
func setPrintOutput(ctx *ixgo.Context, w io.Writer) { *field[io.Writer](ctx, "output") = w }

// cellTypes is the interpreter's loader of runtime types, which gives
// every type the cells declared the runtime type an earlier build made
// for it, when its key is the same (typekey.go).
type cellTypes struct {
	ixgo.Loader
	mu    sync.Mutex
	keys  typeKeys // of the build being made
	cache map[string]reflect.Type
	// The runtime types earlier builds made for each unnamed struct type
	// with methods (struct{ *bytes.Buffer }), by key: ixgo makes such a
	// type anew in every build (its loader is asked only for named types),
	// so a value made in an earlier cell has a runtime type of its own.
	structs map[string][]reflect.Type
	// The instances of the cells' generic types earlier builds made, by
	// key: one made only inside a generic function (Impl1[int] in
	// NewImpl1[int]) appears in no later cell's source, and a value of it
	// kept in an interface needs its methods in every later build.
	insts map[string]types.Type
}

func (c *cellTypes) LookupReflect(t types.Type) (reflect.Type, bool) {
	if rt, ok := c.Loader.LookupReflect(t); ok {
		return rt, ok
	}
	n, ok := t.(*types.Named)
	if !ok {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.keys.pkg == nil || n.Obj().Pkg() != c.keys.pkg {
		return nil, false
	}
	if k := c.keys.key(n); k != "" {
		if rt, ok := c.cache[k]; ok {
			return rt, true
		}
	}
	return nil, false
}

// record keeps the runtime types an interpreter made for the program's
// declared types (and their instances), for the builds after it.
func (c *cellTypes) record(i *ixgo.Interp, b *build, prog *ssa.Program) {
	c.mu.Lock()
	keys := c.keys
	c.mu.Unlock()
	seen := map[types.Type]bool{}
	var named []*types.Named
	var structs []*types.Struct
	var walk func(t types.Type, depth int)
	walk = func(t types.Type, depth int) {
		if t == nil || seen[t] || depth > 20 {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			if t.Obj().Pkg() == b.pkg && t.TypeParams().Len() == t.TypeArgs().Len() {
				named = append(named, t)
			}
			walk(t.Underlying(), depth+1)
			for i := 0; i < t.TypeArgs().Len(); i++ {
				walk(t.TypeArgs().At(i), depth+1)
			}
		case *types.Alias:
			walk(types.Unalias(t), depth)
		case *types.Pointer:
			walk(t.Elem(), depth+1)
		case *types.Slice:
			walk(t.Elem(), depth+1)
		case *types.Array:
			walk(t.Elem(), depth+1)
		case *types.Map:
			walk(t.Key(), depth+1)
			walk(t.Elem(), depth+1)
		case *types.Chan:
			walk(t.Elem(), depth+1)
		case *types.Struct:
			if hasMethods(t) {
				structs = append(structs, t)
			}
			for i := 0; i < t.NumFields(); i++ {
				walk(t.Field(i).Type(), depth+1)
			}
		case *types.Signature:
			for _, tup := range []*types.Tuple{t.Params(), t.Results()} {
				for i := 0; i < tup.Len(); i++ {
					walk(tup.At(i).Type(), depth+1)
				}
			}
		}
	}
	defer func() { c.shareMethods(i, keys, structs) }()
	scope := b.pkg.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
			walk(tn.Type(), 0)
		}
	}
	for _, tv := range b.info.Types {
		walk(tv.Type, 0)
	}
	for _, inst := range b.info.Instances {
		walk(inst.Type, 0)
	}
	// The instances the program makes only inside the instances of its
	// generic functions (Some[T]{} in returnOption[int]: Some[int]), which
	// no expression of the source has: a value of one made in this build
	// must have the same type in the next (s.(Some[int]) in a later cell).
	for _, t := range prog.RuntimeTypes() {
		walk(t, 0)
	}
	for fn := range ssautil.AllFunctions(prog) {
		if len(fn.TypeArgs()) == 0 || fn.Pkg == nil || fn.Pkg.Pkg != b.pkg {
			continue
		}
		walk(fn.Signature, 0)
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				if v, ok := instr.(ssa.Value); ok {
					walk(v.Type(), 0)
				}
			}
		}
	}
	for _, n := range named {
		if n.TypeParams().Len() > 0 && n.TypeArgs().Len() == 0 {
			continue // a generic type, not an instance
		}
		k := keys.key(n)
		if k == "" {
			continue
		}
		c.mu.Lock()
		_, have := c.cache[k]
		c.mu.Unlock()
		if have {
			continue
		}
		rt := interpToType(i, n)
		c.mu.Lock()
		c.cache[k] = rt
		if n.TypeArgs().Len() > 0 {
			if c.insts == nil {
				c.insts = map[string]types.Type{}
			}
			c.insts[k] = n
		}
		c.mu.Unlock()
	}
}

// newContext makes the ixgo context of a session.
func newContext() (*ixgo.Context, *cellTypes) {
	ctx := ixgo.NewContext(ixgo.SupportMultipleInterp)
	ct := &cellTypes{Loader: ctx.Loader, cache: map[string]reflect.Type{}}
	ctx.Loader = ct
	setPrintOutput(ctx, stderrWriter{})
	// os.Exit ends the process, as in a Go program (the kernel's worker
	// is replaced); ixgo would only stop the interpreter.
	ctx.RegisterExternal("os.Exit", exitProcess)
	return ctx, ct
}

// stderrWriter writes to the process's standard error as it is now.
type stderrWriter struct{}

func (stderrWriter) Write(p []byte) (int, error) { return os.Stderr.Write(p) }

// exitProcess is os.Exit for cells: what they printed is delivered, then
// the process ends.
var exitProcess = func(code int) {
	flushStdio()
	os.Exit(code)
}

// funcNode maps a function of the program back to its declaration, for
// panics: nil if it is not the session's.
func funcNode(f *ast.File, name string) *ast.FuncDecl {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name && fd.Recv == nil {
			return fd
		}
	}
	return nil
}

// hasMethods tells whether an unnamed struct type has methods: those of
// the types it embeds.
func hasMethods(t *types.Struct) bool {
	return types.NewMethodSet(t).Len() > 0 || types.NewMethodSet(types.NewPointer(t)).Len() > 0
}

// shareMethods gives the runtime types earlier builds made for the
// program's unnamed struct types with methods the methods this
// interpreter has for its own: a value made by an earlier cell, kept in a
// variable, then converted to an interface whose method is called
// (var i fmt.Stringer = s; i.String()) finds the method; ixgo alone
// called it through reflection as a compiled type's, and the worker
// crashed (SIGSEGV).
func (c *cellTypes) shareMethods(i *ixgo.Interp, keys typeKeys, structs []*types.Struct) {
	if len(structs) == 0 {
		return
	}
	msets := *field[map[reflect.Type]map[string]*ssa.Function](i, "msets")
	// The runtime types first, without the lock: making one may look up
	// a named type's (LookupReflect), which takes it.
	var ks []string
	var rts []reflect.Type
	seen := map[string]bool{}
	for _, t := range structs {
		k := keys.key(t)
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		ks, rts = append(ks, k), append(rts, interpToType(i, t))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.structs == nil {
		c.structs = map[string][]reflect.Type{}
	}
	for j, k := range ks {
		rt := rts[j]
		olds := c.structs[k]

		known := false
		for _, old := range olds {
			if old == rt {
				known = true
				continue
			}
			for _, pair := range [][2]reflect.Type{{old, rt}, {reflect.PointerTo(old), reflect.PointerTo(rt)}} {
				if m, ok := msets[pair[1]]; ok {
					if _, have := msets[pair[0]]; !have {
						msets[pair[0]] = m
					}
				}
			}
		}
		if !known {
			c.structs[k] = append(olds, rt)
		}
	}
}

// skipUnusedSources keeps ixgo's SSA builder from building the packages it
// has as source that the program cannot call. ixgo builds, from source,
// every such package any import reaches: the standard library's fmt
// imports slices, so every cell built slices, iter and cmp into SSA (90
// functions; about two thirds of a trivial cell's time). Code of a bound
// (compiled) package does not need the SSA of what it imports: only a
// package of source, the cell's own first, can call into another's SSA.
// The packages reached through source alone (and the patches ixgo adds
// to a source package's imports) are built as before; the others are
// marked as built already (SSABuilder.created), which leaves them out.
func skipUnusedSources(ctx *ixgo.Context, main *types.Package) {
	pkgs := *field[map[string]*ixgo.SourcePackage](ctx, "pkgs")
	source := func(p *types.Package) bool {
		sp, ok := pkgs[p.Path()]
		return ok && sp.Loaded()
	}
	needed := map[string]bool{}
	var need func(p *types.Package)
	imports := func(p *types.Package) {
		for _, im := range p.Imports() {
			need(im)
			if sp, ok := pkgs[im.Path()+"@patch"]; ok && sp.Loaded() && p.Path() != im.Path()+"@patch" {
				need(sp.Package)
			}
		}
	}
	need = func(p *types.Package) {
		if needed[p.Path()] {
			return
		}
		needed[p.Path()] = true
		if source(p) {
			imports(p)
		}
	}
	imports(main)
	created := *field[map[*types.Package]bool](ctx.Builder, "created")
	seen := map[*types.Package]bool{}
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		if source(p) && !needed[p.Path()] {
			created[p] = true
			created[pkgs[p.Path()].Package] = true
			return
		}
		for _, im := range p.Imports() {
			walk(im)
		}
	}
	for _, im := range main.Imports() {
		walk(im)
	}
}
