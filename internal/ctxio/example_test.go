package ctxio_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/coevolab/coevo/internal/ctxio"
)

// A command copies its standard input to its standard output; Ctrl-C
// (the context) ends it even while it waits on a silent pipe.
func Example() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	in := ctxio.NewReader(ctx, strings.NewReader("g1,g2,1-0\n"))
	out := ctxio.NewWriter(ctx, os.Stdout, 250*time.Millisecond)
	if _, err := io.Copy(out, in); err != nil {
		fmt.Println(err)
	}
	// Output: g1,g2,1-0
}
