package lower

import (
	"embed"
	"fmt"
	"go/ast"
	"go/build"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
)

// Env tells a Universe what the interpreter binds.
type Env interface {
	// Bindings returns the name of the package at path and its symbols as
	// the interpreter has them ("Name" -> value, as yaegi extract writes
	// them), or ok false if the interpreter does not bind it.
	Bindings(path string) (name string, syms map[string]reflect.Value, ok bool)
	// Source returns the directory and Go files of a package built natively
	// for the session (a package of a %go get module), whose source is
	// read for its generic declarations; ok is false for any other.
	Source(path string) (dir string, files []string, ok bool)
}

// A Universe gives the go/types package of an import path, made to agree
// with what the interpreter can call:
//
//   - a package the interpreter binds is read from its bindings (reflect
//     gives every exported function, variable, constant and type, with
//     their methods and fields), which is fast and needs no toolchain;
//   - cmp, slices, maps and iter, whose API is all generic, are
//     type-checked from the source of the Go release in GOROOT, so that
//     their functions can be instantiated;
//   - the other standard packages with generic functions or types (sync's
//     OnceValue, atomic.Pointer, unique, weak...) are their bindings plus
//     shims: generic declarations of ours, in kernel/lower/shims;
//   - a package built natively for the session is type-checked from its
//     module's source, for the same reason as slices;
//   - any other package (internal ones that the above import) is
//     type-checked from GOROOT without function bodies.
type Universe struct {
	env  Env
	fset *token.FileSet

	pkgs  map[string]*pkgEntry
	named map[reflect.Type]types.Type // converted named types, so that each has one types.Type
	names map[string]*types.TypeName  // "path.Name" of types made from bindings
	stubs map[string]*types.Package   // packages of types met in bindings that are not bound
}

// pkgEntry is an imported package.
type pkgEntry struct {
	pkg  *types.Package
	err  error
	src  *source // the source it was type-checked from, if any
	done bool
}

// source is a package type-checked from source: what instantiating its
// generic declarations needs.
type source struct {
	pkg   *types.Package
	files []*ast.File
	text  map[*token.File]string
	info  *types.Info
	decls map[types.Object]ast.Node // package-level objects to their FuncDecl, TypeSpec or ValueSpec
	// methods of the package's types, by the type's name
	methods map[*types.TypeName][]*ast.FuncDecl
}

// NewUniverse returns a Universe for what env binds.
func NewUniverse(env Env) *Universe {
	return &Universe{
		env:   env,
		fset:  token.NewFileSet(),
		pkgs:  map[string]*pkgEntry{},
		named: map[reflect.Type]types.Type{},
		names: map[string]*types.TypeName{},
		stubs: map[string]*types.Package{},
	}
}

// FileSet is the file set of every file the Universe and its models parse.
func (u *Universe) FileSet() *token.FileSet { return u.fset }

// Forget drops what the Universe knows of a package (the interpreter
// binds it anew, e.g. after a %%compile cell is rebuilt).
func (u *Universe) Forget(path string) { delete(u.pkgs, path) }

// Import implements types.Importer.
func (u *Universe) Import(path string) (*types.Package, error) {
	return u.ImportFrom(path, "", 0)
}

// ImportFrom implements types.ImporterFrom.
func (u *Universe) ImportFrom(path, dir string, mode types.ImportMode) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	if e, ok := u.pkgs[path]; ok {
		if !e.done && e.pkg != nil {
			return e.pkg, nil // a cycle through bindings: the package as far as it is made
		}
		return e.pkg, e.err
	}
	e := &pkgEntry{}
	u.pkgs[path] = e
	e.pkg, e.src, e.err = u.load(path)
	e.done = true
	return e.pkg, e.err
}

// load makes the package at path, as the Universe's doc says.
func (u *Universe) load(p string) (*types.Package, *source, error) {
	name, syms, bound := u.env.Bindings(p)
	switch {
	case goSource[p]:
		return u.checkStd(p, false)
	case bound && shimmed[p]:
		pkg := u.fromBindings(p, name, syms)
		src, err := u.checkShim(p, pkg)
		return pkg, src, err
	}
	if dir, files, ok := u.env.Source(p); ok {
		src, err := u.checkFiles(p, dir, files, nil, false)
		if err == nil {
			return src.pkg, src, nil
		}
		if !bound {
			return nil, nil, err
		}
	}
	if bound {
		return u.fromBindings(p, name, syms), nil, nil
	}
	if isStd(p) {
		return u.checkStd(p, true)
	}
	return nil, nil, fmt.Errorf("package %s is not bound", p)
}

func isStd(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".")
}

// goSource lists the standard packages type-checked from GOROOT, whose
// generic code cells instantiate (with shims where it calls the runtime).
var goSource = map[string]bool{"cmp": true, "slices": true, "maps": true, "iter": true}

// shimmed lists the standard packages with generic declarations besides
// goSource: their bindings, plus shims/PKG.go.
var shimmed = map[string]bool{
	"sync": true, "sync/atomic": true, "unique": true, "weak": true, "errors": true, "reflect": true,
	"runtime": true, "math/rand/v2": true, "hash/maphash": true, "crypto/hkdf": true, "crypto/pbkdf2": true,
	"database/sql": true,
}

//go:embed shims/*.go
var shimFS embed.FS

// shimFile returns the shim source for a package ("" if none): shims/NAME.go
// with the path's slashes as underscores.
func shimFile(p string) string {
	data, err := shimFS.ReadFile("shims/" + strings.ReplaceAll(p, "/", "_") + ".go")
	if err != nil {
		return ""
	}
	return string(data)
}

// checkStd type-checks a standard package from GOROOT (without function
// bodies for packages only imported by others), with its shim's
// declarations in place of the standard ones of the same name.
func (u *Universe) checkStd(p string, noBodies bool) (*types.Package, *source, error) {
	ctx := build.Default
	ctx.CgoEnabled = false
	bp, err := ctx.Import(p, "", 0)
	if err != nil {
		return nil, nil, fmt.Errorf("package %s: %v (the Go toolchain's source, GOROOT, is needed for generic code)", p, err)
	}
	var overrides *ast.File
	if s := shimFile(p); s != "" {
		f, err := parser.ParseFile(u.fset, "shims/"+p+".go", s, parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, err
		}
		overrides = f
	}
	src, err := u.checkFiles(p, bp.Dir, bp.GoFiles, overrides, noBodies)
	if err != nil {
		return nil, nil, err
	}
	return src.pkg, src, nil
}

// checkFiles parses and type-checks a package's files. Declarations of
// extra replace those of the same name.
func (u *Universe) checkFiles(p, dir string, names []string, extra *ast.File, noBodies bool) (*source, error) {
	src := &source{text: map[*token.File]string{}}
	replaced := map[string]bool{}
	if extra != nil {
		for _, d := range extra.Decls {
			for _, n := range declNames(d) {
				replaced[n] = true
			}
		}
	}
	for _, n := range names {
		file := filepath.Join(dir, n)
		data, err := readFile(file)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(u.fset, file, data, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		if len(replaced) > 0 {
			kept := f.Decls[:0]
			for _, d := range f.Decls {
				if !anyReplaced(declNames(d), replaced) {
					kept = append(kept, d)
				}
			}
			f.Decls = kept
		}
		src.files = append(src.files, f)
		src.text[u.fset.File(f.Pos())] = string(data)
	}
	if extra != nil {
		src.files = append(src.files, extra)
		if data, err := shimFS.ReadFile("shims/" + strings.ReplaceAll(p, "/", "_") + ".go"); err == nil {
			src.text[u.fset.File(extra.Pos())] = string(data)
		}
	}
	if len(src.files) == 0 {
		return nil, fmt.Errorf("package %s: no Go files in %s", p, dir)
	}
	src.info = newInfo()
	var first error
	conf := types.Config{
		Importer:         u,
		IgnoreFuncBodies: noBodies,
		FakeImportC:      true,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok && soft.MatchString(te.Msg) {
				return // an import only what a shim replaced used
			}
			if first == nil {
				first = err
			}
		},
	}
	pkg, _ := conf.Check(p, u.fset, src.files, src.info)
	if first != nil && !noBodies {
		return nil, fmt.Errorf("package %s does not type-check: %v", p, first)
	}
	src.pkg = pkg
	src.index()
	return src, nil
}

// checkShim type-checks a package's shim into the package made from its
// bindings.
func (u *Universe) checkShim(p string, pkg *types.Package) (*source, error) {
	text := shimFile(p)
	if text == "" {
		return nil, nil
	}
	f, err := parser.ParseFile(u.fset, "shims/"+p+".go", text, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	src := &source{pkg: pkg, files: []*ast.File{f}, text: map[*token.File]string{u.fset.File(f.Pos()): text}, info: newInfo()}
	var first error
	conf := types.Config{Importer: u, Error: func(err error) {
		if first == nil {
			first = err
		}
	}}
	types.NewChecker(&conf, u.fset, pkg, src.info).Files(src.files)
	if first != nil {
		return nil, fmt.Errorf("the shim of %s does not type-check: %v", p, first)
	}
	src.index()
	return src, nil
}

func anyReplaced(names []string, replaced map[string]bool) bool {
	for _, n := range names {
		if replaced[n] {
			return true
		}
	}
	return false
}

// declNames lists the package-level names a declaration declares; a
// method is "Type.Method".
func declNames(d ast.Decl) []string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && len(d.Recv.List) == 1 {
			if base := recvBase(d.Recv.List[0].Type); base != nil {
				return []string{base.Name + "." + d.Name.Name}
			}
		}
		return []string{d.Name.Name}
	case *ast.GenDecl:
		var out []string
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				out = append(out, s.Name.Name)
			case *ast.ValueSpec:
				for _, n := range s.Names {
					out = append(out, n.Name)
				}
			}
		}
		return out
	}
	return nil
}

// recvBase is the name of a receiver's base type: T in T, *T, T[P], *T[P].
func recvBase(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x
		default:
			return nil
		}
	}
}

func newInfo() *types.Info {
	return &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Instances:  map[*ast.Ident]types.Instance{},
	}
}

// index records where each package-level object is declared.
func (s *source) index() {
	s.decls = map[types.Object]ast.Node{}
	s.methods = map[*types.TypeName][]*ast.FuncDecl{}
	for _, f := range s.files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil {
					if base := recvBase(d.Recv.List[0].Type); base != nil {
						if tn, ok := s.info.Uses[base].(*types.TypeName); ok {
							s.methods[tn] = append(s.methods[tn], d)
						}
					}
					continue
				}
				if o := s.info.Defs[d.Name]; o != nil {
					s.decls[o] = d
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						if o := s.info.Defs[sp.Name]; o != nil {
							s.decls[o] = sp
						}
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if o := s.info.Defs[n]; o != nil {
								s.decls[o] = sp
							}
						}
					}
				}
			}
		}
	}
}

// sourceOf returns the source an object of a package-level declaration
// comes from, if the Universe type-checked it from source.
func (u *Universe) sourceOf(obj types.Object) *source {
	if obj.Pkg() == nil {
		return nil
	}
	e, ok := u.pkgs[obj.Pkg().Path()]
	if !ok || e.src == nil {
		return nil
	}
	if _, ok := e.src.decls[obj]; ok {
		return e.src
	}
	if tn, ok := obj.(*types.TypeName); ok && len(e.src.methods[tn]) > 0 {
		return e.src
	}
	return nil
}

// fromBindings makes a package from the interpreter's bindings of it.
func (u *Universe) fromBindings(p, name string, syms map[string]reflect.Value) *types.Package {
	pkg := u.pkgObj(p, name)
	if e, ok := u.pkgs[p]; ok && e.pkg == nil {
		e.pkg = pkg // a cycle back to this package finds it
	}
	keys := make([]string, 0, len(syms))
	for k := range syms {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	sc := pkg.Scope()
	for _, k := range keys {
		v := syms[k]
		if strings.HasPrefix(k, "_") || !v.IsValid() || sc.Lookup(k) != nil {
			continue
		}
		var obj types.Object
		switch {
		case v.Kind() == reflect.Pointer && v.IsNil() && v.Type().Elem() != nil:
			t := v.Type().Elem()
			if t.Name() == k && t.PkgPath() == p {
				obj = u.typeName(t)
			} else {
				tn := types.NewTypeName(token.NoPos, pkg, k, nil)
				types.NewAlias(tn, u.typeOf(t))
				obj = tn
			}
		case v.CanAddr():
			obj = types.NewVar(token.NoPos, pkg, k, u.typeOf(v.Type()))
		case v.Type().Implements(constantValue):
			c := v.Interface().(constant.Value)
			obj = types.NewConst(token.NoPos, pkg, k, untypedOf(c), c)
		case v.Kind() == reflect.Func:
			obj = types.NewFunc(token.NoPos, pkg, k, u.signature(v.Type(), 0))
		default:
			obj = types.NewConst(token.NoPos, pkg, k, u.typeOf(v.Type()), constOf(v))
		}
		if obj != nil {
			sc.Insert(obj)
		}
	}
	pkg.MarkComplete()
	return pkg
}

var constantValue = reflect.TypeOf((*constant.Value)(nil)).Elem()

func untypedOf(c constant.Value) types.Type {
	switch c.Kind() {
	case constant.Bool:
		return types.Typ[types.UntypedBool]
	case constant.String:
		return types.Typ[types.UntypedString]
	case constant.Int:
		return types.Typ[types.UntypedInt]
	case constant.Float:
		return types.Typ[types.UntypedFloat]
	case constant.Complex:
		return types.Typ[types.UntypedComplex]
	}
	return types.Typ[types.Invalid]
}

// constOf is the constant value of a typed constant's binding.
func constOf(v reflect.Value) constant.Value {
	switch v.Kind() {
	case reflect.Bool:
		return constant.MakeBool(v.Bool())
	case reflect.String:
		return constant.MakeString(v.String())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return constant.MakeInt64(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return constant.MakeUint64(v.Uint())
	case reflect.Float32, reflect.Float64:
		return constant.MakeFloat64(v.Float())
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		return constant.BinaryOp(constant.MakeFloat64(real(c)), token.ADD, constant.MakeImag(constant.MakeFloat64(imag(c))))
	}
	return constant.MakeUnknown()
}

// pkgObj returns the one types.Package for a path.
func (u *Universe) pkgObj(p, name string) *types.Package {
	if e, ok := u.pkgs[p]; ok && e.pkg != nil {
		return e.pkg
	}
	if pkg, ok := u.stubs[p]; ok {
		if name != "" && pkg.Name() != name {
			pkg.SetName(name)
		}
		return pkg
	}
	if name == "" {
		name = guessName(p)
	}
	pkg := types.NewPackage(p, name)
	u.stubs[p] = pkg
	return pkg
}

// guessName is the name of a package known only by its path.
func guessName(p string) string {
	base := path.Base(p)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" && p != base {
		base = path.Base(path.Dir(p))
	}
	return strings.NewReplacer("-", "_", ".", "_").Replace(base)
}

// typeName returns the TypeName of a named type met in bindings.
func (u *Universe) typeName(t reflect.Type) *types.TypeName {
	switch n := u.typeOf(t).(type) {
	case *types.Named:
		return n.Obj()
	case *types.Basic:
		return types.Universe.Lookup(n.Name()).(*types.TypeName)
	}
	return types.NewTypeName(token.NoPos, nil, t.Name(), u.typeOf(t))
}

// typeOf converts a type of compiled code.
func (u *Universe) typeOf(t reflect.Type) types.Type {
	if t.Name() != "" {
		return u.namedOf(t)
	}
	switch t.Kind() {
	case reflect.Pointer:
		return types.NewPointer(u.typeOf(t.Elem()))
	case reflect.Slice:
		return types.NewSlice(u.typeOf(t.Elem()))
	case reflect.Array:
		return types.NewArray(u.typeOf(t.Elem()), int64(t.Len()))
	case reflect.Map:
		return types.NewMap(u.typeOf(t.Key()), u.typeOf(t.Elem()))
	case reflect.Chan:
		dir := types.SendRecv
		switch t.ChanDir() {
		case reflect.SendDir:
			dir = types.SendOnly
		case reflect.RecvDir:
			dir = types.RecvOnly
		}
		return types.NewChan(dir, u.typeOf(t.Elem()))
	case reflect.Func:
		return u.signature(t, 0)
	case reflect.Struct:
		return u.structOf(t, nil)
	case reflect.Interface:
		return u.interfaceOf(t, nil)
	}
	return types.Typ[types.Invalid]
}

// signature converts a function type, leaving out its first skip
// parameters (a method's receiver).
func (u *Universe) signature(t reflect.Type, skip int) *types.Signature {
	var params, results []*types.Var
	for i := skip; i < t.NumIn(); i++ {
		params = append(params, types.NewParam(token.NoPos, nil, "", u.typeOf(t.In(i))))
	}
	for i := 0; i < t.NumOut(); i++ {
		results = append(results, types.NewParam(token.NoPos, nil, "", u.typeOf(t.Out(i))))
	}
	return types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), types.NewTuple(results...), t.IsVariadic())
}

func (u *Universe) structOf(t reflect.Type, pkg *types.Package) *types.Struct {
	var fields []*types.Var
	var tags []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		fp := pkg
		if f.PkgPath != "" {
			fp = u.pkgObj(f.PkgPath, "")
		}
		fields = append(fields, types.NewField(token.NoPos, fp, f.Name, u.typeOf(f.Type), f.Anonymous))
		tags = append(tags, string(f.Tag))
	}
	return types.NewStruct(fields, tags)
}

func (u *Universe) interfaceOf(t reflect.Type, pkg *types.Package) *types.Interface {
	var methods []*types.Func
	for i := 0; i < t.NumMethod(); i++ {
		m := t.Method(i)
		mp := pkg
		if m.PkgPath != "" {
			mp = u.pkgObj(m.PkgPath, "")
		}
		methods = append(methods, types.NewFunc(token.NoPos, mp, m.Name, u.signature(m.Type, 0)))
	}
	return types.NewInterfaceType(methods, nil).Complete()
}

var errorType = reflect.TypeOf((*error)(nil)).Elem()

// namedOf converts a named type: predeclared, from a package type-checked
// from source (its own object), or made here once.
func (u *Universe) namedOf(t reflect.Type) types.Type {
	if n, ok := u.named[t]; ok {
		return n
	}
	if t.PkgPath() == "" {
		if t == errorType {
			return types.Universe.Lookup("error").Type()
		}
		if o, ok := types.Universe.Lookup(t.Name()).(*types.TypeName); ok {
			return o.Type()
		}
	}
	if t.PkgPath() == "unsafe" && t.Name() == "Pointer" {
		return types.Typ[types.UnsafePointer]
	}
	name, args, generic := strings.Cut(t.Name(), "[")
	// A package type-checked from source has its own objects.
	if goSource[t.PkgPath()] || u.hasSource(t.PkgPath()) {
		if pkg, err := u.Import(t.PkgPath()); err == nil {
			if tn, ok := pkg.Scope().Lookup(name).(*types.TypeName); ok {
				if !generic {
					u.named[t] = tn.Type()
					return tn.Type()
				}
				if inst := u.instantiate(tn, t); inst != nil {
					u.named[t] = inst
					return inst
				}
			}
		}
	}
	_ = args
	key := t.PkgPath() + "." + t.Name()
	if tn, ok := u.names[key]; ok {
		u.named[t] = tn.Type()
		return tn.Type()
	}
	pkg := u.pkgObj(t.PkgPath(), "")
	tn := types.NewTypeName(token.NoPos, pkg, t.Name(), nil)
	named := types.NewNamed(tn, nil, nil)
	u.named[t] = named
	u.names[key] = tn
	switch t.Kind() {
	case reflect.Struct:
		named.SetUnderlying(u.structOf(t, pkg))
	case reflect.Interface:
		named.SetUnderlying(u.interfaceOf(t, pkg))
	default:
		named.SetUnderlying(u.underlying(t))
	}
	if t.Kind() != reflect.Interface {
		u.addMethods(named, t, pkg)
	}
	return named
}

// hasSource tells whether the package at p is type-checked from source.
func (u *Universe) hasSource(p string) bool {
	if p == "" {
		return false
	}
	if _, _, ok := u.env.Source(p); ok {
		return true
	}
	return false
}

// underlying converts the underlying type of a named type whose kind is
// not a struct or interface.
func (u *Universe) underlying(t reflect.Type) types.Type {
	switch t.Kind() {
	case reflect.Bool:
		return types.Typ[types.Bool]
	case reflect.Int:
		return types.Typ[types.Int]
	case reflect.Int8:
		return types.Typ[types.Int8]
	case reflect.Int16:
		return types.Typ[types.Int16]
	case reflect.Int32:
		return types.Typ[types.Int32]
	case reflect.Int64:
		return types.Typ[types.Int64]
	case reflect.Uint:
		return types.Typ[types.Uint]
	case reflect.Uint8:
		return types.Typ[types.Uint8]
	case reflect.Uint16:
		return types.Typ[types.Uint16]
	case reflect.Uint32:
		return types.Typ[types.Uint32]
	case reflect.Uint64:
		return types.Typ[types.Uint64]
	case reflect.Uintptr:
		return types.Typ[types.Uintptr]
	case reflect.Float32:
		return types.Typ[types.Float32]
	case reflect.Float64:
		return types.Typ[types.Float64]
	case reflect.Complex64:
		return types.Typ[types.Complex64]
	case reflect.Complex128:
		return types.Typ[types.Complex128]
	case reflect.String:
		return types.Typ[types.String]
	case reflect.UnsafePointer:
		return types.Typ[types.UnsafePointer]
	case reflect.Pointer:
		return types.NewPointer(u.typeOf(t.Elem()))
	case reflect.Slice:
		return types.NewSlice(u.typeOf(t.Elem()))
	case reflect.Array:
		return types.NewArray(u.typeOf(t.Elem()), int64(t.Len()))
	case reflect.Map:
		return types.NewMap(u.typeOf(t.Key()), u.typeOf(t.Elem()))
	case reflect.Chan:
		dir := types.SendRecv
		switch t.ChanDir() {
		case reflect.SendDir:
			dir = types.SendOnly
		case reflect.RecvDir:
			dir = types.RecvOnly
		}
		return types.NewChan(dir, u.typeOf(t.Elem()))
	case reflect.Func:
		return u.signature(t, 0)
	}
	return types.Typ[types.Invalid]
}

// addMethods gives a named type its exported methods: those of T have a
// value receiver, those only *T has a pointer one.
func (u *Universe) addMethods(named *types.Named, t reflect.Type, pkg *types.Package) {
	value := map[string]bool{}
	for i := 0; i < t.NumMethod(); i++ {
		m := t.Method(i)
		value[m.Name] = true
		recv := types.NewVar(token.NoPos, pkg, "", named)
		sig := u.signature(m.Type, 1)
		named.AddMethod(types.NewFunc(token.NoPos, pkg, m.Name, types.NewSignatureType(recv, nil, nil, sig.Params(), sig.Results(), sig.Variadic())))
	}
	pt := reflect.PointerTo(t)
	for i := 0; i < pt.NumMethod(); i++ {
		m := pt.Method(i)
		if value[m.Name] {
			continue
		}
		recv := types.NewVar(token.NoPos, pkg, "", types.NewPointer(named))
		sig := u.signature(m.Type, 1)
		named.AddMethod(types.NewFunc(token.NoPos, pkg, m.Name, types.NewSignatureType(recv, nil, nil, sig.Params(), sig.Results(), sig.Variadic())))
	}
}

// instantiate finds the type arguments of a compiled instance of a generic
// type (iter.Seq[string], from strings.SplitSeq) by matching the generic
// type's definition against the instance's, and instantiates it.
func (u *Universe) instantiate(tn *types.TypeName, t reflect.Type) types.Type {
	named, ok := tn.Type().(*types.Named)
	if !ok || named.TypeParams().Len() == 0 {
		return nil
	}
	var have types.Type
	switch t.Kind() {
	case reflect.Struct:
		have = u.structOf(t, tn.Pkg())
	case reflect.Interface:
		have = u.interfaceOf(t, tn.Pkg())
	default:
		have = u.underlying(t)
	}
	binding := map[*types.TypeParam]types.Type{}
	if !unify(named.Underlying(), have, binding) {
		return nil
	}
	args := make([]types.Type, named.TypeParams().Len())
	for i := range args {
		a, ok := binding[named.TypeParams().At(i)]
		if !ok {
			return nil
		}
		args[i] = a
	}
	inst, err := types.Instantiate(nil, named, args, false)
	if err != nil {
		return nil
	}
	return inst
}

// unify matches a generic type against a concrete one, binding type
// parameters.
func unify(g, c types.Type, b map[*types.TypeParam]types.Type) bool {
	if tp, ok := g.(*types.TypeParam); ok {
		if old, ok := b[tp]; ok {
			return types.Identical(old, c)
		}
		b[tp] = c
		return true
	}
	switch g := g.(type) {
	case *types.Basic:
		return types.Identical(g, c)
	case *types.Pointer:
		c, ok := c.(*types.Pointer)
		return ok && unify(g.Elem(), c.Elem(), b)
	case *types.Slice:
		c, ok := c.(*types.Slice)
		return ok && unify(g.Elem(), c.Elem(), b)
	case *types.Array:
		c, ok := c.(*types.Array)
		return ok && g.Len() == c.Len() && unify(g.Elem(), c.Elem(), b)
	case *types.Map:
		c, ok := c.(*types.Map)
		return ok && unify(g.Key(), c.Key(), b) && unify(g.Elem(), c.Elem(), b)
	case *types.Chan:
		c, ok := c.(*types.Chan)
		return ok && unify(g.Elem(), c.Elem(), b)
	case *types.Signature:
		c, ok := c.(*types.Signature)
		if !ok || g.Params().Len() != c.Params().Len() || g.Results().Len() != c.Results().Len() {
			return false
		}
		for i := 0; i < g.Params().Len(); i++ {
			if !unify(g.Params().At(i).Type(), c.Params().At(i).Type(), b) {
				return false
			}
		}
		for i := 0; i < g.Results().Len(); i++ {
			if !unify(g.Results().At(i).Type(), c.Results().At(i).Type(), b) {
				return false
			}
		}
		return true
	case *types.Struct:
		c, ok := c.(*types.Struct)
		if !ok || g.NumFields() != c.NumFields() {
			return false
		}
		for i := 0; i < g.NumFields(); i++ {
			if g.Field(i).Name() != c.Field(i).Name() || !unify(g.Field(i).Type(), c.Field(i).Type(), b) {
				return false
			}
		}
		return true
	case *types.Named:
		if g.TypeArgs().Len() == 0 {
			return true // a defined type: taken as it is
		}
		c, ok := c.(*types.Named)
		if !ok || c.TypeArgs().Len() != g.TypeArgs().Len() {
			return true
		}
		for i := 0; i < g.TypeArgs().Len(); i++ {
			if !unify(g.TypeArgs().At(i), c.TypeArgs().At(i), b) {
				return false
			}
		}
		return true
	}
	return true
}
