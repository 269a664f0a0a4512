package stdpatch

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"strconv"

	"github.com/goplus/ixgo"
	// The standard library's bindings are registered first: their sources
	// are what minMaxFromSource changes.
	_ "github.com/goplus/ixgo/pkg"
)

// ixgo's built-in min and max get floating-point numbers wrong: a NaN
// among the arguments must make the result NaN, and -0 is less than +0
// (the Go specification, "Min and max"); ixgo compares with < alone. The
// session calls functions of its own for min and max of floats in cells'
// code (kernel/session); the standard library packages that ixgo
// interprets from source (slices: Min, Max) call these, for any ordered
// type, which is what minMaxFromSource makes them do.
const minMaxSource = `
func ǀcoevoMin[T cmp.Ordered](x T, ys ...T) T {
	for _, y := range ys {
		switch {
		case x != x:
			return x
		case y != y:
			return y
		case y < x, y == x && ǀcoevoNegZero(y):
			x = y
		}
	}
	return x
}

func ǀcoevoMax[T cmp.Ordered](x T, ys ...T) T {
	for _, y := range ys {
		switch {
		case x != x:
			return x
		case y != y:
			return y
		case y > x, y == x && ǀcoevoNegZero(x):
			x = y
		}
	}
	return x
}

func ǀcoevoNegZero[T cmp.Ordered](v T) bool {
	r := ǀcoevoReflect.ValueOf(v)
	k := r.Kind()
	return (k == ǀcoevoReflect.Float32 || k == ǀcoevoReflect.Float64) && r.Float() == 0 && ǀcoevoMath.Signbit(r.Float())
}
`

func init() {
	for _, path := range ixgo.PackageList() {
		p, _ := ixgo.LookupPackage(path)
		if p == nil || p.Source == "" {
			continue
		}
		if src, ok := minMaxFromSource(p.Source); ok {
			p.Source = src
			if p.Deps == nil {
				p.Deps = map[string]string{}
			}
			p.Deps["math"], p.Deps["reflect"], p.Deps["cmp"] = "math", "reflect", "cmp"
		}
	}
}

// minMaxFromSource rewrites a package's source so that its calls of the
// built-in min and max call the functions above; ok is false if it has
// none (or does not parse).
func minMaxFromSource(src string) (string, bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return "", false
	}
	calls := 0
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			// an identifier that nothing in the file declares: the built-in
			if id, ok := c.Fun.(*ast.Ident); ok && id.Obj == nil && (id.Name == "min" || id.Name == "max") {
				id.Name = map[string]string{"min": "ǀcoevoMin", "max": "ǀcoevoMax"}[id.Name]
				calls++
			}
		}
		return true
	})
	if calls == 0 {
		return "", false
	}
	imports := map[string]string{"cmp": "cmp", "math": "ǀcoevoMath", "reflect": "ǀcoevoReflect"}
	for _, im := range f.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p == "cmp" && im.Name != nil {
			imports["cmp"] = "" // imported under another name: import it again as cmp
		} else if p == "cmp" {
			delete(imports, "cmp")
		}
	}
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, f); err != nil {
		return "", false
	}
	out := b.String()
	// the imports go right after the package clause
	clause := "package " + f.Name.Name + "\n"
	var add bytes.Buffer
	for path, name := range imports {
		if name == "" || name == path {
			add.WriteString("import " + strconv.Quote(path) + "\n")
		} else {
			add.WriteString("import " + name + " " + strconv.Quote(path) + "\n")
		}
	}
	i := bytes.Index([]byte(out), []byte(clause))
	if i < 0 {
		return "", false
	}
	i += len(clause)
	return out[:i] + add.String() + out[i:] + minMaxSource, true
}
