package docs_test

import (
	"fmt"
	"strings"

	"github.com/coevolab/coevo/kernel/docs"
)

// Lookup gives what go doc prints, from the binary.
func ExampleLookup() {
	d, _ := docs.Lookup(docs.Module+"/engine/grundy", "Values")
	fmt.Println(strings.SplitN(d, "\n", 2)[0])
	// Output:
	// func Values(g *game.Graph) []int32
}
