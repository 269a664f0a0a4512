package bt_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"gonum.org/v1/plot/vg"

	"github.com/coevolab/coevo/stats/bt"
	"github.com/coevolab/coevo/stats/plot"
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

// Games in PGN, as chess software writes them, with B anchored at 2000
// Elo: A won 3 of 4, so A is 400 log10(3) = 191 Elo above B, and the SE of
// that difference is 400/ln(10) / sqrt(4 * 3/4 * 1/4) = 201 Elo (the
// information of a binomial log-odds); the anchor's own SE is 0.
func ExampleOptions_Fit() {
	var b strings.Builder
	for _, res := range []string{"1-0", "1-0", "0-1", "1-0"} {
		fmt.Fprintf(&b, "[White \"A\"]\n[Black \"B\"]\n[Result \"%s\"]\n\n1. e4 e5 %s\n\n", res, res)
	}
	r, err := bt.Read(strings.NewReader(b.String()), "games.pgn", "pgn")
	if err != nil {
		fmt.Println(err)
		return
	}
	fit, err := bt.Options{Anchor: "B", AnchorElo: 2000}.Fit(r)
	if err != nil {
		fmt.Println(err)
		return
	}
	elo, se := fit.Elo(), fit.SE()
	for i, p := range fit.Players {
		fmt.Printf("%s %.0f ± %.0f\n", p, elo[i], se[i])
	}
	// Output:
	// A 2191 ± 201
	// B 2000 ± 0
}

// Two groups that never scored against each other in one direction: the
// ratings of different groups are not comparable, and the report says
// which games link them.
func ExampleConnectivity() {
	r := bt.NewResults()
	r.Add("a", "b", 2, 1, 0, bt.NoSeat)
	r.Add("c", "d", 1, 1, 0, bt.NoSeat)
	r.Add("a", "c", 3, 0, 0, bt.NoSeat)
	fmt.Print(bt.Connectivity(r))
	// Output:
	// 2 groups in 1 pool(s) of players that played each other; ratings are comparable only within a group
	// group 1 (2 players): a, b
	// group 2 (2 players): c, d
	//   group 1 vs group 2: 3 games, 3-0
}

// Two anchors, as Ordo's multiple anchors: A held at 2000 and C at 1600.
// B scored half its games against each, so it sits halfway, at 1800, and
// its SE is that of a player with 8 games of variance p(1-p) at 200 Elo
// from both: 400/ln(10) / sqrt(8 p(1-p)), p = 1/(1+10^(200/400)).
func ExampleOptions_anchors() {
	r := bt.NewResults()
	r.Add("A", "B", 2, 2, 0, bt.NoSeat)
	r.Add("B", "C", 2, 2, 0, bt.NoSeat)
	fit, err := bt.Options{Anchors: []bt.Anchor{{Name: "A", Elo: 2000}, {Name: "C", Elo: 1600}}}.Fit(r)
	if err != nil {
		fmt.Println(err)
		return
	}
	elo, se := fit.Elo(), fit.SE()
	for i, p := range fit.Players {
		fmt.Printf("%s %.1f ± %.1f\n", p, elo[i], se[i])
	}
	// Output:
	// A 2000.0 ± 0.0
	// B 1800.0 ± 143.8
	// C 1600.0 ± 0.0
}

// A fit saved as JSON and read back: the players' estimates for any tool
// to read, and the games, from which coevo fits it again whole.
func ExampleRatings_MarshalJSON() {
	matrix := "player,1,2,3\n1,,4,9\n2,6,,6\n3,1,4,\n"
	r, _ := bt.Read(strings.NewReader(matrix), "table3b", "matrix")
	fit, _ := bt.Fit(r)
	saved, err := json.Marshal(fit)
	if err != nil {
		fmt.Println(err)
		return
	}
	var back bt.Ratings
	if err := json.Unmarshal(saved, &back); err != nil {
		fmt.Println(err)
		return
	}
	for i, e := range back.Elo() { // paper 003 prints 1676, 1651, 1473
		fmt.Printf("player %s: Elo %.0f\n", back.Players[i], e)
	}
	// Output:
	// player 1: Elo 1676
	// player 2: Elo 1651
	// player 3: Elo 1473
}

// The ratings as a figure, sorted, best at the top, saved for a paper:
// one column wide, as tall as its rows need.
func ExampleRatings_Plot() {
	matrix := "player,1,2,3\n1,,4,9\n2,6,,6\n3,1,4,\n"
	r, _ := bt.Read(strings.NewReader(matrix), "table3b", "matrix")
	fit, _ := bt.Fit(r)
	p, err := fit.Plot()
	if err != nil {
		fmt.Println(err)
		return
	}
	w, h := plot.Size(p)
	fmt.Printf("%.1f x %.1f in\n", w/vg.Inch, h/vg.Inch)
	if err := plot.Save(p, filepath.Join(os.TempDir(), "ratings.pdf")); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 3.5 x 2.6 in
}

// One game a row, with the first player's score, in a DataFrame (as
// gota reads a CSV file): the most common shape of a tournament's results.
// R's BradleyTerry2 on the same games (a draw as half a win each) gives
// the same ratings, 1592.46, 1659.40 and 1548.14 about the mean, and the
// pseudo-inverse of the information sum_ij n_ij p_ij (1 - p_ij) these
// standard errors, each against the pool.
func ExampleFromGames() {
	games := `player_a,player_b,score_a
ann,bob,1
bob,cat,0.5
cat,ann,1
ann,bob,0
bob,cat,1
cat,ann,0.5
ann,cat,1
`
	df := dataframe.ReadCSV(strings.NewReader(games))
	res, err := bt.FromGames(df, "player_a", "player_b", "score_a")
	if err != nil {
		fmt.Println(err)
		return
	}
	fit, err := bt.Fit(res)
	if err != nil {
		fmt.Println(err)
		return
	}
	elo, se := fit.Elo(), fit.SE()
	for i, p := range fit.Players {
		fmt.Printf("%s %.0f ± %.0f\n", p, elo[i], se[i])
	}
	// Output:
	// ann 1592 ± 106
	// bob 1659 ± 120
	// cat 1548 ± 107
}
