package session

import (
	"go/token"
	"go/types"
	"io"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/goplus/ixgo"
)

// The session reaches into ixgo v1.1.1 by name (interp.go, phi.go): each
// of those fields must be there with the type the session writes, or a
// change of ixgo would corrupt memory instead of failing.
func TestIxgoInternals(t *testing.T) {
	var i ixgo.Interp
	if aborted(&i) {
		t.Fatal("a new interpreter reads as aborted")
	}
	*field[int32](&i, "exited") = 1
	if !aborted(&i) {
		t.Fatal("Interp.exited is not the flag aborted reads")
	}
	unabort(&i)
	if aborted(&i) {
		t.Fatal("unabort did not clear Interp.exited")
	}
	ctx := ixgo.NewContext(0)
	setPrintOutput(ctx, io.Discard)
	if *field[io.Writer](ctx, "output") != io.Discard {
		t.Fatal("Context.output was not set")
	}
	l, err := readCodeLayout()
	if err != nil {
		t.Fatal(err)
	}
	if l.predOff == l.stackOff || l.blocksOff == l.instrsOff {
		t.Fatalf("two fields at one offset: %+v", l)
	}
	// x/tools' ssa.Type, which instances.go makes.
	pkg := types.NewPackage("main", "main")
	tn := types.NewTypeName(token.NoPos, pkg, "T", types.Typ[types.Int])
	sp := &ssa.Package{Pkg: pkg}
	m, err := newTypeMember(tn, sp)
	if err != nil {
		t.Fatal(err)
	}
	if m.Object() != tn || m.Package() != sp || m.Type() != types.Typ[types.Int] {
		t.Fatalf("ssa.Type made with %v, %v: %v, %v", tn, sp, m.Object(), m.Package())
	}
}
