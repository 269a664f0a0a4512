package coevolve

import (
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
)

// Player is a player of a game: whatever its Game's Play takes (an
// *othello.WPC for Othello, a *connect4.Linear for Connect Four). A
// Family makes players from real vectors.
type Player = any

// A Game is a two-player zero-sum game between players of one family.
// Play plays one game in which first moves first and returns first's
// score: 1 for a win, 0.5 for a draw, 0 for a loss. Before each move,
// with probability epsilon, the side to move makes a uniformly random
// legal move instead of its player's (a forced random move, paper 003
// section III-B; epsilon 0 is a game without noise). All its randomness
// must come from rng, the game's own stream, so that the players and the
// stream fix the game; Play may be called from several goroutines at
// once. Coevolution plays every pair in both seats.
//
// This is engine/tournament's contract (Play(first, second, rng) of
// numbered players, seats swapped by the caller) with the players
// themselves as arguments: Match turns a Game and a list of players into
// a tournament.Game.
type Game interface {
	Play(first, second Player, epsilon float64, rng *rand.Rand) (float64, error)
}

// A Family maps a real vector of Dim coordinates to a player: the
// representation that evolution searches (CMA-ES samples the vectors).
// Player must not keep x (copy it), and must return an error, not a
// player, for a vector it cannot use (a NaN, say).
//
// A family may also have the methods
//
//	Random(rng *rand.Rand) []float64  // a random player's vector (default: uniform in [-0.5, 0.5])
//	References() []Reference          // fixed players: the first is the opponent of evolution against a fixed player; all are fig. 5's
//	Coordinates() []string            // the names of the coordinates, for archive files (default: x1, x2, ...)
type Family interface {
	Dim() int
	Player(x []float64) (Player, error)
}

// A Reference is a fixed player of a family, named.
type Reference struct {
	Name   string
	Player Player
}

// A Domain is what coevolution needs of a game: its name (how runs and
// files record it), the game, and the family of players evolution
// searches. Othello and ConnectFour are built in (Domains); a domain of
// your own (a game written in a notebook cell, say) runs with its
// Evolve method.
type Domain struct {
	Name   string
	Game   Game
	Family Family
}

var domainName = regexp.MustCompile(`^[a-z][a-z0-9-]{0,31}$`)

// Check reports what makes the domain unusable: a name that is not
// lower-case letters, digits and hyphens (at most 32, a letter first), a
// missing game or family, or a family of no dimensions.
func (d Domain) Check() error {
	switch {
	case !domainName.MatchString(d.Name):
		return fmt.Errorf("coevolve: game name %q: want lower-case letters, digits and hyphens, a letter first, at most 32", d.Name)
	case d.Game == nil:
		return fmt.Errorf("coevolve: game %s has no Game (the Play of its games)", d.Name)
	case d.Family == nil:
		return fmt.Errorf("coevolve: game %s has no Family (the players evolution searches)", d.Name)
	}
	if n := d.Family.Dim(); n < 1 || n > maxDim {
		return fmt.Errorf("coevolve: game %s: a family of %d dimensions, want 1 to %d", d.Name, n, maxDim)
	}
	if c := d.Coordinates(); len(c) != d.Family.Dim() {
		return fmt.Errorf("coevolve: game %s: %d coordinate names for %d dimensions", d.Name, len(c), d.Family.Dim())
	}
	return nil
}

// maxDim bounds a family's dimensions: CMA-ES keeps a Dim x Dim matrix.
const maxDim = 4096

// Dim is the number of coordinates of the family's vectors.
func (d Domain) Dim() int { return d.Family.Dim() }

// Random returns a random player's vector drawn from rng: the family's
// Random, or Dim coordinates uniform in [-0.5, 0.5] (the random players
// of paper 003 section VI) drawn in order.
func (d Domain) Random(rng *rand.Rand) []float64 {
	if r, ok := d.Family.(interface{ Random(*rand.Rand) []float64 }); ok {
		return r.Random(rng)
	}
	x := make([]float64, d.Family.Dim())
	for i := range x {
		x[i] = rng.Float64() - 0.5
	}
	return x
}

// randomStream is the stream of the K-th seeded random player: the
// stream of othello.RandomWPC, so that Othello's random:K is the same
// player everywhere.
const randomStream = 0x5750432d72616e64

// RandomVector returns the k-th seeded random player's vector, Random
// drawn from the PCG stream (k, 0x5750432d72616e64): the same k always
// gives the same player ("random:K"; for Othello, othello.RandomWPC(k)).
func (d Domain) RandomVector(k uint64) []float64 {
	return d.Random(rand.New(rand.NewPCG(k, randomStream)))
}

// References returns the family's fixed players (none if it has no
// References method).
func (d Domain) References() []Reference {
	if r, ok := d.Family.(interface{ References() []Reference }); ok {
		return r.References()
	}
	return nil
}

// Reference returns the reference player named name.
func (d Domain) Reference(name string) (Reference, error) {
	var names []string
	for _, r := range d.References() {
		if r.Name == name {
			return r, nil
		}
		names = append(names, r.Name)
	}
	if len(names) == 0 {
		return Reference{}, fmt.Errorf("coevolve: game %s has no reference players", d.Name)
	}
	return Reference{}, fmt.Errorf("coevolve: game %s has no reference player %q (it has %s)", d.Name, name, strings.Join(names, ", "))
}

// Coordinates returns the names of the coordinates of the family's
// vectors (the columns of an archive file): the family's Coordinates, or
// x1, x2, ...
func (d Domain) Coordinates() []string {
	if c, ok := d.Family.(interface{ Coordinates() []string }); ok {
		return c.Coordinates()
	}
	c := make([]string, d.Family.Dim())
	for i := range c {
		c[i] = fmt.Sprintf("x%d", i+1)
	}
	return c
}

// player makes the player of x, checking x first.
func (d Domain) player(x []float64) (Player, error) {
	if len(x) != d.Family.Dim() {
		return nil, fmt.Errorf("%d coordinates, game %s's players have %d", len(x), d.Name, d.Family.Dim())
	}
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("coordinate %d (%v) is %v", i+1, d.Coordinates()[i], v)
		}
	}
	return d.Family.Player(x)
}

// Players returns the members of an archive as players.
func (d Domain) Players(a *Archive) ([]Player, error) {
	if err := d.fits(a); err != nil {
		return nil, err
	}
	p := make([]Player, len(a.Members))
	for i, m := range a.Members {
		var err error
		if p[i], err = d.player(m.X); err != nil {
			return nil, fmt.Errorf("coevolve: archive player %s: %w", m.Name, err)
		}
	}
	return p, nil
}

// fits checks that an archive holds players of the domain's family.
func (d Domain) fits(a *Archive) error {
	if a.Coordinates != nil && !slices.Equal(a.Coordinates, d.Coordinates()) {
		return fmt.Errorf("coevolve: the archive's players have coordinates %s, not those of game %s (%s)", abbreviate(a.Coordinates), d.Name, abbreviate(d.Coordinates()))
	}
	return nil
}

// abbreviate writes a list of names, its middle left out when it is long.
func abbreviate(names []string) string {
	if len(names) > 6 {
		return strings.Join(names[:3], ",") + ",...," + names[len(names)-1]
	}
	return strings.Join(names, ",")
}

// Match returns the members of an archive as a tournament.Game (for
// engine/tournament and stats/ciao): games between them with forced
// random moves of probability epsilon.
func (d Domain) Match(a *Archive, epsilon float64) (*Match, error) {
	p, err := d.Players(a)
	if err != nil {
		return nil, err
	}
	return &Match{Game: d.Game, Players: p, Epsilon: epsilon}, nil
}

// Match plays games between numbered players for engine/tournament (it
// is a tournament.Game): in Play(first, second, rng) Players[first]
// moves first, and both make forced random moves with probability
// Epsilon.
type Match struct {
	Game    Game
	Players []Player
	Epsilon float64
}

// Play plays one game of Players[first] (moving first) against
// Players[second] and returns first's score.
func (m *Match) Play(first, second int, rng *rand.Rand) (float64, error) {
	if first < 0 || second < 0 || first >= len(m.Players) || second >= len(m.Players) {
		return math.NaN(), fmt.Errorf("coevolve match: players %d and %d, but only %d players", first, second, len(m.Players))
	}
	return m.Game.Play(m.Players[first], m.Players[second], m.Epsilon, rng)
}

// Domains lists the built-in games.
func Domains() []Domain { return []Domain{Othello, ConnectFour, MatchingSides} }

// DomainNames lists the names of the built-in games, for messages.
func DomainNames() []string {
	var n []string
	for _, d := range Domains() {
		n = append(n, d.Name)
	}
	return n
}

// Lookup returns the built-in game of that name ("" is Othello, the game
// of runs made before there were others).
func Lookup(name string) (Domain, error) {
	if name == "" {
		return Othello, nil
	}
	for _, d := range Domains() {
		if d.Name == name {
			return d, nil
		}
	}
	return Domain{}, fmt.Errorf("coevolve: no built-in game %q (want %s; a game of your own runs with its Domain's Evolve)", name, strings.Join(DomainNames(), " or "))
}

// DomainOf returns the built-in game whose players an archive holds,
// known by the names of its coordinates (a1 ... h8: Othello).
func DomainOf(a *Archive) (Domain, error) {
	for _, d := range Domains() {
		if slices.Equal(a.Coordinates, d.Coordinates()) {
			return d, nil
		}
	}
	return Domain{}, fmt.Errorf("coevolve: the archive's players (coordinates %s) are of no built-in game (%s)", abbreviate(a.Coordinates), strings.Join(DomainNames(), ", "))
}
