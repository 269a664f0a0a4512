package display_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/coevolve"
	"github.com/coevolab/coevo/engine/tournament"
	"github.com/coevolab/coevo/kernel/display"
	"github.com/coevolab/coevo/stats/bt"
)

// ladder: the higher-numbered player wins every game, whatever the seats.
type ladder struct{}

func (ladder) Play(first, second int, _ *rand.Rand) (float64, error) {
	if first > second {
		return 1, nil
	}
	return 0, nil
}

// The tables the engine and stats return read as a researcher expects in
// the notebook: points and games as integers (not "200.000000"), a
// league's diagonal blank (not NaN), ratings rounded to a tenth of an
// Elo, and a 160-generation history as its head and tail with a count.
func TestEngineTablesRead(t *testing.T) {
	names := []string{"p0", "p1", "p2"}
	league, err := tournament.RoundRobin(context.Background(), ladder{}, names, 100, tournament.Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := display.Of(league)["text/plain"].(string)
	lines := strings.Split(text, "\n")
	// p2 beat everyone: 100 points against each, blank against itself.
	if got := strings.Fields(lines[3]); strings.Join(got, " ") != "2 p2 100 100 200 200 100.0" {
		t.Errorf("p2's row reads %q:\n%s", lines[3], text)
	}
	if strings.Contains(text, "NaN") || strings.Contains(text, ".000000") {
		t.Errorf("the league table shows NaN or six zeros:\n%s", text)
	}
	html := display.Of(league)["text/html"].(string)
	if !strings.Contains(html, "<tr><th>0</th><td>p0</td><td></td><td>0</td><td>0</td><td>0</td><td>200</td><td>0.0</td></tr>") {
		t.Errorf("p0's row in HTML: %s", html)
	}

	r := bt.NewResults()
	r.Add("a", "b", 61, 39, 0, bt.NoSeat)
	r.Add("b", "c", 55, 45, 0, bt.NoSeat)
	r.Add("a", "c", 70, 30, 0, bt.NoSeat)
	fit, err := bt.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	ratings := display.Of(fit)["text/plain"].(string)
	for _, row := range strings.Split(ratings, "\n")[1:4] {
		f := strings.Fields(row)
		// player strength elo se ci_low ci_high games score%
		if len(f) != 9 || !oneDecimal(f[3]) || !oneDecimal(f[4]) || !oneDecimal(f[5]) || !oneDecimal(f[6]) || f[7] != "200" || !oneDecimal(f[8]) {
			t.Errorf("a ratings row reads %q:\n%s", row, ratings)
		}
	}

	run := &coevolve.Run{}
	for g := 1; g <= 160; g++ {
		run.History = append(run.History, coevolve.Generation{Generation: g, Games: int64(78 * g), Best: 2.4, Mean: 1.0 / 3})
	}
	hist := display.Of(run.HistoryFrame())["text/plain"].(string)
	lines = strings.Split(hist, "\n")
	if len(lines) != 1+display.MinRows+1+1 || !strings.HasSuffix(hist, "[160 rows × 8 columns]") {
		t.Errorf("a 160-row history shows %d lines:\n%s", len(lines), hist)
	}
	if got := strings.Fields(lines[1]); strings.Join(got, " ") != "0 1 78 2.4 0.3333 0 false 0.0 0.0" {
		t.Errorf("the first generation reads %q:\n%s", lines[1], hist)
	}
}

// oneDecimal tells whether s is a number with one decimal, as 1652.5.
func oneDecimal(s string) bool {
	i := strings.IndexByte(s, '.')
	return i > 0 && len(s)-i == 2
}
