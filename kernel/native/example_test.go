package native_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"

	"github.com/goplus/ixgo"

	"github.com/coevolab/coevo/kernel/native"
)

// A %%compile cell's declarations, built as a plugin, which registers them
// with the interpreter; called here through that registration.
func ExampleBuilder_Compile() {
	dir, err := os.MkdirTemp("", "coevo-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	b := native.New(filepath.Join(dir, "session"), filepath.Join(dir, "cache"))
	// The cell's code after its %%compile line, which starts at line 2.
	c, err := b.Compile(context.Background(), "func cube(x int) int { return x * x * x }\n", 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, _ := ixgo.LookupPackage(c.Path)
	cube := p.Vars[native.Exported("cube")].Elem()
	fmt.Println(cube.Call([]reflect.Value{reflect.ValueOf(3)})[0])
	// Output: 27
}
