package bt

import (
	"context"
	"fmt"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/coevolab/coevo/internal/frame"
)

// SuperiorityFrame returns one player's likelihood of superiority: a row
// per other player with its name (opponent), the Elo difference (player
// minus opponent, to a tenth), los, the probability that the player is
// the stronger (from the fit's covariance, as Superiority), and p_score,
// the score the model predicts for the player against it (both to 3
// significant digits). It takes the whole covariance: for a league of
// many thousands of players, ask SuperiorityOf for the players you need.
func (f *Ratings) SuperiorityFrame(player string) (dataframe.DataFrame, error) {
	i := -1
	for k, p := range f.Players {
		if p == player {
			i = k
		}
	}
	if i < 0 {
		return dataframe.DataFrame{}, fmt.Errorf("bt: no player %q (the players are %s)", player, strings.Join(f.Players, ", "))
	}
	all := make([]int, len(f.Players))
	for k := range all {
		all[k] = k
	}
	los, err := f.SuperiorityOf(context.Background(), all)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	elo := f.Elo()
	var opp []string
	var diff, l, p []float64
	for j, name := range f.Players {
		if j == i {
			continue
		}
		opp = append(opp, name)
		diff = append(diff, elo[i]-elo[j])
		l = append(l, los[i][j])
		p = append(p, f.Prob(i, j))
	}
	return dataframe.New(
		series.New(opp, series.String, "opponent"),
		frame.Round("elo_diff", diff, 1),
		frame.Sig("los", l, 3),
		frame.Sig("p_score", p, 3),
	), nil
}
