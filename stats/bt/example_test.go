package bt_test

import (
	"fmt"
	"strings"

	"github.com/coevolab/coevo/stats/bt"
)

// Paper 003 Table IIIb as a results matrix: row = games won against column.
func ExampleFit() {
	matrix := `player,1,2,3
1,,4,9
2,6,,6
3,1,4,
`
	r, _ := bt.Read(strings.NewReader(matrix), "table3b", "matrix")
	fit, _ := bt.Fit(r)
	for i, e := range fit.Elo() {
		fmt.Printf("player %s: Elo %.0f\n", r.Players[i], e)
	}
	// Output:
	// player 1: Elo 1676
	// player 2: Elo 1651
	// player 3: Elo 1473
}
