package othello

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
)

// A Player chooses the move of the side to move in b, from its legal
// moves (never empty: Play passes for a player with no move). Anything
// random must come from rng, the game's own stream, so that a game is a
// function of its players and its seed.
type Player interface {
	Move(b Board, legal Bitboard, rng *rand.Rand) Square
}

// RandomMover plays a uniformly random legal move.
type RandomMover struct{}

// Move draws one of the legal moves uniformly from rng.
func (RandomMover) Move(_ Board, legal Bitboard, rng *rand.Rand) Square {
	return nth(uint64(legal), rng.IntN(legal.Count()))
}

// nth returns the k-th square (from 0, ascending) of the set m.
func nth(m uint64, k int) Square {
	for ; k > 0; k-- {
		m &= m - 1
	}
	return Square(bits.TrailingZeros64(m))
}

// PlayerSpecs describes the player names ParsePlayer accepts.
const PlayerSpecs = "heuristic, random-mover, random:K (the K-th seeded random WPC) or file:PATH (a WPC file)"

// ParsePlayer returns the player a name stands for:
//
//	heuristic     the standard heuristic WPC (Heuristic)
//	random-mover  a uniformly random mover (RandomMover)
//	random:K      the K-th seeded random WPC (RandomWPC(K))
//	file:PATH     a WPC read from PATH (ReadWPC)
func ParsePlayer(spec string) (Player, error) {
	kind, arg, _ := strings.Cut(spec, ":")
	switch kind {
	case "heuristic":
		if arg == "" && !strings.Contains(spec, ":") {
			return Heuristic(), nil
		}
	case "random-mover":
		if arg == "" && !strings.Contains(spec, ":") {
			return RandomMover{}, nil
		}
	case "random":
		k, err := strconv.ParseUint(arg, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("player %q: K in random:K must be a whole number >= 0", spec)
		}
		return RandomWPC(k), nil
	case "file":
		if arg == "" {
			return nil, fmt.Errorf("player %q: file:PATH needs a path", spec)
		}
		w, err := ReadWPC(arg)
		if err != nil {
			return nil, fmt.Errorf("player %q: %w", spec, err)
		}
		return w, nil
	}
	return nil, fmt.Errorf("player %q: want %s", spec, PlayerSpecs)
}
