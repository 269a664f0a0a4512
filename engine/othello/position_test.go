package othello_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/othello"
	"github.com/coevolab/coevo/engine/othello/plain"
)

// randomPosition plays n random plies from the start (fewer if the game
// ends) and returns the game record and the board.
func randomPosition(rng *rand.Rand, n int) (*othello.Game, othello.Board) {
	g := &othello.Game{}
	b := othello.Start()
	for len(g.Moves) < n && !b.Over() {
		s := othello.Pass
		if sq := b.Legal().Squares(); len(sq) > 0 {
			s = sq[rng.IntN(len(sq))]
		}
		b, _ = b.Play(s)
		g.Moves = append(g.Moves, s)
	}
	g.Final = b
	return g, b
}

// Perft from positions of random games, given as a board (Compact, then
// ParseBoard) and as a move record (Replay), against the square-by-square
// generator of package plain: positions every one to four plies of the
// games, from the opening to positions with a pass due and finished
// games, at depths 0-4 (0-5 for every tenth position).
func TestPerftFromPositionsAgainstPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 5))
	positions, passes, over := 0, 0, 0
	for game := 0; game < 16; game++ {
		g, _ := randomPosition(rng, 100)
		for ply := 0; ply <= len(g.Moves); ply += 1 + rng.IntN(4) {
			b := g.Board(ply)
			parsed, err := othello.ParseBoard(b.Compact())
			if err != nil || parsed != b {
				t.Fatalf("ParseBoard(%q) = %v, %v; want the board back", b.Compact(), parsed, err)
			}
			rec := &othello.Game{Moves: g.Moves[:ply]}
			replayed, err := othello.Replay(rec.Transcript())
			if err != nil {
				t.Fatal(err)
			}
			// A record without passes ends before a pass that is due; perft
			// counts that pass as a ply, so both boards give the same counts
			// only when the side to move agrees.
			if replayed.Final != b && !(b.Legal() == 0 || replayed.Final.Legal() == 0) {
				t.Fatalf("Replay(%q) ends in\n%v\nthe game in\n%v", rec.Transcript(), replayed.Final, b)
			}
			if b.Legal() == 0 {
				passes++
			}
			if b.Over() {
				over++
			}
			maxDepth := 4
			if positions%10 == 0 {
				maxDepth = 5
			}
			pb := toPlain(b)
			for d := 0; d <= maxDepth; d++ {
				got, want := othello.Perft(b, d), plain.Perft(pb, d)
				if got != want {
					t.Fatalf("perft %d from %s = %d, plain %d", d, b.Compact(), got, want)
				}
				if replayed.Final == b {
					if n := othello.Perft(replayed.Final, d); n != want {
						t.Fatalf("perft %d after %q = %d, plain %d", d, rec.Transcript(), n, want)
					}
				}
			}
			positions++
		}
	}
	t.Logf("%d positions (%d with a pass due, %d finished)", positions, passes, over)
	if passes == 0 || over == 0 {
		t.Errorf("no position with a pass due (%d) or no finished game (%d) was counted", passes, over)
	}
}

// The four first moves are images of each other under the board's
// symmetries, so perft d+1 from the start is four times perft d after
// any of them: the published table gives perft from f5, d3, c4 and e6.
// Depth 9 after f5 and c4 takes the parallel path, split over two
// workers.
func TestPerftAfterFirstMove(t *testing.T) {
	for _, first := range []string{"f5", "d3", "c4", "e6"} {
		b := mustReplay(t, first)
		for d := 1; d+1 < len(published); d++ {
			if d > 7 && first != "f5" && first != "c4" {
				break
			}
			got, err := othello.PerftContext(context.Background(), b, d, 2)
			if err != nil || 4*got != published[d+1] {
				t.Errorf("perft %d after %s = %d, %v; published perft %d from the start / 4 = %d", d, first, got, err, d+1, published[d+1]/4)
			}
		}
	}
}

func mustReplay(t *testing.T, record string) othello.Board {
	t.Helper()
	g, err := othello.Replay(record)
	if err != nil {
		t.Fatal(err)
	}
	return g.Final
}

// Deep counts from positions late in random games take the parallel path
// (depth >= 8, subtrees split over workers); they must equal the
// sequential count, for any number of workers, and plain's where it is
// fast enough.
func TestPerftParallelFromPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 22))
	for i, ply := range []int{40, 46, 52, 54} {
		_, b := randomPosition(rng, ply)
		want := othello.Perft(b, 8)
		for _, w := range []int{2, 3} {
			got, err := othello.PerftContext(context.Background(), b, 8, w)
			if err != nil || got != want {
				t.Errorf("perft 8 from %s on %d workers = %d, %v; sequential %d", b.Compact(), w, got, err, want)
			}
		}
		t.Logf("perft 8 after %d plies: %d", ply, want)
		if i >= 2 { // 8 to 10 empty squares: plain is fast enough
			if p := plain.Perft(toPlain(b), 8); p != want {
				t.Errorf("perft 8 from %s = %d, plain %d", b.Compact(), want, p)
			}
		}
	}
}

func TestParseBoard(t *testing.T) {
	b := mustReplay(t, "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7") // white to move
	for _, text := range []string{b.Compact(), b.String(), strings.ToLower(b.Compact()),
		strings.ReplaceAll(b.Compact(), "-", "."), strings.TrimSuffix(b.Compact(), " X") + "\nblack"} {
		got, err := othello.ParseBoard(text)
		if err != nil || got != b {
			t.Errorf("ParseBoard(%q) = %v, %v; want\n%v", text, got, err, b)
		}
	}
	if got := othello.Start().Compact(); got != "---------------------------OX------XO--------------------------- X" {
		t.Errorf("the start is %q", got)
	}
	for _, c := range []struct{ text, want string }{
		{"", "0 squares, want 64"},
		{strings.Repeat("-", 63), "63 squares"},
		{strings.Repeat("-", 64), "side to move is missing"},
		{strings.Repeat("-", 64) + " Y", `side to move "y"`},
		{strings.Repeat("-", 30) + "Z" + strings.Repeat("-", 33) + " X", `unexpected 'Z' at character 31`},
		{strings.Repeat("-", 64) + " game over", ""}, // an empty board is over
		{"X" + strings.Repeat("-", 63) + " game over", ""},
		{"X" + strings.Repeat("-", 62) + "O game over", ""},
		{"XO" + strings.Repeat("-", 62) + " game over", "a side can move"},
	} {
		_, err := othello.ParseBoard(c.text)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("ParseBoard(%q): %v; want an error containing %q", c.text, err, c.want)
		}
	}
	bad := othello.Board{Black: 1, White: 1, Turn: othello.Black}
	if _, err := othello.PerftContext(context.Background(), bad, 3, 1); err == nil || !strings.Contains(err.Error(), "both sides") {
		t.Errorf("perft of a board with a square of both sides: %v", err)
	}
	if _, err := othello.PerftContext(context.Background(), othello.Board{Black: 1}, 3, 1); err == nil {
		t.Error("perft of a board without a side to move gave no error")
	}
}
