package othello

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
)

// Game is the record of a game from the standard start: its moves in
// order (Pass where a side could not move) and the final board.
type Game struct {
	Moves []Square
	// Forced[i] says move i was a forced random move (nil for a replayed
	// record).
	Forced []bool
	Final  Board
}

// Play plays a game from the start, black moving first. Before each move
// of a side that has a legal move, a forced random move is made with
// probability epsilon (paper 003 section III-B; 0.1 in its experiments):
// it draws u = rng.Float64() and, if u < epsilon, plays the legal move
// number rng.IntN(count) in ascending square order; otherwise the side's
// player chooses. No number is drawn when epsilon is 0, or for a pass.
// All randomness comes from rng, so players and stream fix the game.
func Play(black, white Player, epsilon float64, rng *rand.Rand) (*Game, error) {
	if err := checkEpsilon(epsilon); err != nil {
		return nil, err
	}
	if rng == nil {
		return nil, errNilStream
	}
	g := &Game{}
	final, err := play(black, white, epsilon, rng, g)
	g.Final = final
	return g, err
}

var errNilStream = errors.New("othello: the random stream is nil (pass one, e.g. rand.New(rand.NewPCG(seed, 0)))")

func checkEpsilon(e float64) error {
	if !(e >= 0 && e <= 1) {
		return fmt.Errorf("epsilon = %v: a probability of a forced random move must be in [0, 1]", e)
	}
	return nil
}

// play plays a game and returns its final board, recording the moves in
// rec unless it is nil (tournaments need only the result).
func play(black, white Player, eps float64, rng *rand.Rand, rec *Game) (Board, error) {
	// WPC players are prepared once for the game (WPC.Move would prepare
	// them at every move).
	var evs [2]evaluator
	var ev [2]*evaluator
	for i, pl := range [2]Player{black, white} {
		if w, ok := pl.(*WPC); ok && w != nil {
			evs[i].prepare(w)
			ev[i] = &evs[i]
		}
	}
	b := Start()
	for {
		p, o := b.mover()
		legal := moves(p, o)
		if legal == 0 {
			if moves(o, p) == 0 {
				return b, nil
			}
			b = b.with(p, o)
			if rec != nil {
				rec.Moves = append(rec.Moves, Pass)
				rec.Forced = append(rec.Forced, false)
			}
			continue
		}
		var s Square
		forced := eps > 0 && rng.Float64() < eps
		if forced {
			s = nth(legal, rng.IntN(bits.OnesCount64(legal)))
		} else {
			pl, e := black, ev[0]
			if b.Turn == White {
				pl, e = white, ev[1]
			}
			if e != nil {
				// The evaluator found the flips of its move already.
				var f uint64
				s, f = e.move(p, o, legal)
				b = b.with(p|f|1<<uint(s&63), o&^f)
				if rec != nil {
					rec.Moves = append(rec.Moves, s)
					rec.Forced = append(rec.Forced, false)
				}
				continue
			}
			s = pl.Move(b, Bitboard(legal), rng)
			if !Bitboard(legal).Has(s) {
				return b, fmt.Errorf("the %v player chose %v, which is not a legal move (legal: %v) in\n%v", b.Turn, s, Bitboard(legal), b)
			}
		}
		b = b.play(p, o, uint(s))
		if rec != nil {
			rec.Moves = append(rec.Moves, s)
			rec.Forced = append(rec.Forced, forced)
		}
	}
}

// Replay plays a game record from the start: moves in a1-h8 notation
// (either case), with or without separators (spaces, commas, hyphens,
// periods, move numbers), as in "f5 d6 c3" or "F5D6C3". A pass may be
// written "pass" or "PA", or left out: a side with no legal move passes
// by itself. The record need not reach the end of the game. An illegal
// move is an error naming its number and the position.
func Replay(record string) (*Game, error) {
	g := &Game{}
	b := Start()
	low := strings.ToLower(record)
	n := 0 // moves read
	for i := 0; i < len(low); {
		c := low[i]
		var s Square
		switch {
		case strings.HasPrefix(low[i:], "pass"):
			s, i = Pass, i+4
		case strings.HasPrefix(low[i:], "pa"):
			s, i = Pass, i+2
		case c >= 'a' && c <= 'h' && i+1 < len(low) && low[i+1] >= '1' && low[i+1] <= '8':
			s, i = Square(int(low[i+1]-'1')*8+int(c-'a')), i+2
		case c == ' ' || c == ',' || c == '-' || c == '.' || c == ';' || c == '\t' || c == '\n' || c == '\r' || c >= '0' && c <= '9':
			i++
			continue
		default:
			return g, fmt.Errorf("game record: unexpected %q at character %d (want moves like f5 d6 c3, or pass)", record[i:min(i+6, len(record))], i+1)
		}
		n++
		if s != Pass && b.Legal() == 0 && !b.Over() {
			b = b.with(b.mover())
			g.Moves = append(g.Moves, Pass)
		}
		next, err := b.Play(s)
		if err != nil {
			g.Final = b
			return g, fmt.Errorf("game record, move %d (%v): %w\n%v", n, s, err, b)
		}
		b = next
		g.Moves = append(g.Moves, s)
	}
	g.Final = b
	return g, nil
}

// Board returns the position after the first ply moves of the game.
func (g *Game) Board(ply int) Board {
	b := Start()
	for _, s := range g.Moves[:max(0, min(ply, len(g.Moves)))] {
		b, _ = b.Play(s)
	}
	return b
}

// Transcript returns the moves as a compact record without passes, as
// Othello databases write games, e.g. "f5d6c3d3c4".
func (g *Game) Transcript() string {
	var sb strings.Builder
	for _, s := range g.Moves {
		if s != Pass {
			sb.WriteString(s.String())
		}
	}
	return sb.String()
}

// Score returns black's score: 1 for a win, 0.5 for a draw, 0 for a loss.
func (g *Game) Score() float64 { return score(g.Final) }

func score(b Board) float64 {
	switch b.Winner() {
	case Black:
		return 1
	case White:
		return 0
	}
	return 0.5
}

// Result describes the outcome, e.g. "black 40, white 24: black wins".
func (g *Game) Result() string {
	nb, nw := g.Final.Count()
	s := fmt.Sprintf("black %d, white %d", nb, nw)
	switch {
	case !g.Final.Over():
		return s + ": not finished"
	case nb > nw:
		return s + ": black wins"
	case nw > nb:
		return s + ": white wins"
	}
	return s + ": draw"
}

// String lists the moves, numbered, with forced random moves marked *,
// then the final board and the result.
func (g *Game) String() string {
	var sb strings.Builder
	sb.WriteString(g.MoveList())
	sb.WriteString("\n")
	sb.WriteString(g.Final.String())
	sb.WriteString("\n")
	sb.WriteString(g.Result())
	return sb.String()
}

// MoveList returns the numbered moves, ten to a line, forced random moves
// marked with *.
func (g *Game) MoveList() string {
	var sb strings.Builder
	for i, s := range g.Moves {
		if i > 0 {
			if i%10 == 0 {
				sb.WriteByte('\n')
			} else {
				sb.WriteByte(' ')
			}
		}
		mark := ""
		if g.Forced != nil && g.Forced[i] {
			mark = "*"
		}
		fmt.Fprintf(&sb, "%2d.%s%s", i+1, s, mark)
	}
	return sb.String()
}

// Match plays Othello games between numbered players for a tournament
// (it is an engine/tournament Game): in Play(first, second, rng) player
// first is black and moves first, and both make forced random moves with
// probability Epsilon.
type Match struct {
	Players []Player
	Epsilon float64
}

// Play plays one game, first as black, second as white, and returns
// black's score: 1 win, 0.5 draw, 0 loss.
func (m *Match) Play(first, second int, rng *rand.Rand) (float64, error) {
	if first < 0 || second < 0 || first >= len(m.Players) || second >= len(m.Players) {
		return math.NaN(), fmt.Errorf("othello match: players %d and %d, but only %d players", first, second, len(m.Players))
	}
	if err := checkEpsilon(m.Epsilon); err != nil {
		return math.NaN(), err
	}
	if rng == nil {
		return math.NaN(), errNilStream
	}
	b, err := play(m.Players[first], m.Players[second], m.Epsilon, rng, nil)
	if err != nil {
		return math.NaN(), err
	}
	return score(b), nil
}
