package connect4

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

// A Game is the record of a game from the empty board: its moves
// (columns 0-6), which of them were forced random moves, and the final
// board.
type Game struct {
	Moves  []int
	Forced []bool
	Final  Board
}

// Play plays a game from the empty board, first (X) moving first. Before
// each move, with probability epsilon, the side to move makes a forced
// random move (paper 003 section III-B): it draws u = rng.Float64() and,
// if u < epsilon, plays the open column number rng.IntN(count), left to
// right; otherwise its player chooses. No number is drawn when epsilon is
// 0. All randomness comes from rng, so players and stream fix the game.
func Play(first, second Player, epsilon float64, rng *rand.Rand) (*Game, error) {
	g := &Game{}
	final, err := play(first, second, epsilon, rng, g)
	g.Final = final
	return g, err
}

var errNilStream = errors.New("connect4: the random stream is nil (pass one, e.g. rand.New(rand.NewPCG(seed, 0)))")

// play plays a game and returns the final board, recording the moves in
// rec unless it is nil.
func play(first, second Player, eps float64, rng *rand.Rand, rec *Game) (Board, error) {
	if !(eps >= 0 && eps <= 1) {
		return Board{}, fmt.Errorf("connect4: epsilon = %v: a probability of a forced random move must be in [0, 1]", eps)
	}
	if rng == nil {
		return Board{}, errNilStream
	}
	players := [2]Player{first, second}
	b := Start()
	for !b.Over() {
		legal := b.Legal()
		var c int
		forced := eps > 0 && rng.Float64() < eps
		if forced {
			c = nthColumn(legal, rng.IntN(bits.OnesCount8(legal)))
		} else {
			c = players[b.Mover()].Move(b, rng)
			if c < 0 || c >= Columns || legal&(1<<c) == 0 {
				return b, fmt.Errorf("connect4: the %c player chose column %d, which cannot take a stone in\n%v", "XO"[b.Mover()], c, b)
			}
		}
		b = b.play(c)
		if rec != nil {
			rec.Moves = append(rec.Moves, c)
			rec.Forced = append(rec.Forced, forced)
		}
	}
	return b, nil
}

// Score returns the first player's score: 1 win, 0.5 draw, 0 loss.
func (g *Game) Score() float64 { return g.Final.Score() }

// Transcript writes the moves as column letters, e.g. "ddce".
func (g *Game) Transcript() string {
	var sb strings.Builder
	for _, c := range g.Moves {
		sb.WriteByte(byte('a' + c))
	}
	return sb.String()
}

// String writes the moves (forced random moves marked *) and the final
// board.
func (g *Game) String() string {
	var sb strings.Builder
	for i, c := range g.Moves {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteByte(byte('a' + c))
		if g.Forced != nil && g.Forced[i] {
			sb.WriteByte('*')
		}
	}
	sb.WriteString("\n")
	sb.WriteString(g.Final.String())
	switch g.Final.Winner() {
	case 0:
		sb.WriteString("\nX wins")
	case 1:
		sb.WriteString("\nO wins")
	default:
		sb.WriteString("\ndraw")
	}
	return sb.String()
}

// Match plays games between numbered players for engine/tournament (it
// is a tournament.Game): in Play(first, second, rng) player first is X
// and moves first; both make forced random moves with probability
// Epsilon.
type Match struct {
	Players []Player
	Epsilon float64
}

// Play plays one game and returns first's score.
func (m *Match) Play(first, second int, rng *rand.Rand) (float64, error) {
	if first < 0 || second < 0 || first >= len(m.Players) || second >= len(m.Players) {
		return math.NaN(), fmt.Errorf("connect4 match: players %d and %d, but only %d players", first, second, len(m.Players))
	}
	b, err := play(m.Players[first], m.Players[second], m.Epsilon, rng, nil)
	if err != nil {
		return math.NaN(), err
	}
	return b.Score(), nil
}

// Score plays one game of first (X) against second and returns first's
// score, without keeping a record.
func Score(first, second Player, epsilon float64, rng *rand.Rand) (float64, error) {
	b, err := play(first, second, epsilon, rng, nil)
	if err != nil {
		return math.NaN(), err
	}
	return b.Score(), nil
}

// ReadLinear reads a Linear's 48 weights from a file: numbers separated
// by spaces, tabs, commas or new lines, in the order of WeightNames; text
// after # on a line is a comment.
func ReadLinear(path string) (*Linear, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseLinear(f, path)
}

// ParseLinear reads a Linear in the format of ReadLinear from r; name is
// used in errors.
func ParseLinear(r io.Reader, name string) (*Linear, error) {
	var w []float64
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text, _, _ := strings.Cut(sc.Text(), "#")
		for _, f := range strings.FieldsFunc(text, func(c rune) bool { return c == ' ' || c == '\t' || c == ',' || c == '\r' }) {
			x, err := strconv.ParseFloat(f, 64)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %q is not a number", name, line, f)
			}
			if len(w) == NumWeights {
				return nil, fmt.Errorf("%s:%d: more than %d weights", name, line, NumWeights)
			}
			w = append(w, x)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	l, err := NewLinear(w)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return l, nil
}
