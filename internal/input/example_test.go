package input_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/coevolab/coevo/internal/input"
)

// A reader opened with caps fails at the cap instead of reading a wrong
// file whole; the context ends a wait (Ctrl-C in the CLI).
func ExampleOpen() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	p := filepath.Join(dir, "runs.csv")
	os.WriteFile(p, []byte("n,T\n10,100\n20,800\n"), 0o644)

	f, err := input.Open(context.Background(), p, input.Limits{Bytes: 1 << 20, Line: 1 << 10})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := io.ReadAll(f)
	f.Close()
	fmt.Printf("%q %v\n", b, err)

	_, err = input.ReadAll(context.Background(), p, 8)
	var tl *input.TooLargeError
	fmt.Println(errors.As(err, &tl), tl.Max)

	_, err = input.Open(context.Background(), dir, input.Limits{})
	fmt.Println(err == nil)
	// Output:
	// "n,T\n10,100\n20,800\n" <nil>
	// true 8
	// false
}
