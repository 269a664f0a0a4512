package bt

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MarshalText writes a method by name: newton or mm.
func (m Method) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads a method by name: newton or mm.
func (m *Method) UnmarshalText(b []byte) error {
	switch strings.ToLower(string(b)) {
	case "newton":
		*m = Newton
	case "mm":
		*m = MM
	default:
		return fmt.Errorf("unknown method %q (want newton or mm)", b)
	}
	return nil
}

// MarshalText writes a draw model by name (half, davidson, rao-kupper).
func (m DrawModel) MarshalText() ([]byte, error) {
	if m < 0 || int(m) >= len(drawModelNames) {
		return nil, fmt.Errorf("unknown draw model %d", int(m))
	}
	return []byte(m.String()), nil
}

// UnmarshalText reads a draw model by name (ParseDrawModel).
func (m *DrawModel) UnmarshalText(b []byte) error {
	d, err := ParseDrawModel(string(b))
	if err == nil {
		*m = d
	}
	return err
}

// number is a float64 written to JSON as null when it is not finite
// (JSON has no NaN).
type number float64

func (x number) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, float64(x), 'g', -1, 64), nil
}

func (x *number) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*x = number(math.NaN())
		return nil
	}
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	*x = number(f)
	return nil
}

// ratingsJSON is a fit as MarshalJSON writes it.
type ratingsJSON struct {
	// Players: the estimates, one object a player, in the order given.
	Players    []playerJSON `json:"players"`
	Home       number       `json:"home"`
	Draw       number       `json:"draw"`
	Scale      number       `json:"scale"`
	Iterations int          `json:"iterations"`
	Method     Method       `json:"method"`
	Options    Options      `json:"options"`
	// Data are the games fitted, by pair (and by seat when a first-move
	// advantage was modelled): I[k] and J[k] index Players; I[k] moved
	// first when First[k].
	Data dataJSON `json:"data"`
}

type playerJSON struct {
	Player   string `json:"player"`
	Strength number `json:"strength"`
	Elo      number `json:"elo"`
	SE       number `json:"se"`
	CILow    number `json:"ci_low"`
	CIHigh   number `json:"ci_high"`
	Games    number `json:"games"`
	Score    number `json:"score%"`
}

type dataJSON struct {
	I     []int32   `json:"i"`
	J     []int32   `json:"j"`
	WinsI []float64 `json:"wins_i"`
	WinsJ []float64 `json:"wins_j"`
	Draws []float64 `json:"draws"`
	First []bool    `json:"first,omitempty"`
}

// MarshalJSON writes the fit: for each player, in the order given, its
// name, strength, elo, se, ci_low and ci_high (95%), games and score%, all
// unrounded (null where a value does not exist); the model's parameters
// (home, draw, scale), the iterations and method, the options (Progress
// left out), and the games fitted (data, by pair), from which
// UnmarshalJSON fits the model again. So json.Marshal(fit) writes a fit
// that other tools read by its players' fields and that coevo reads back
// whole.
func (f *Ratings) MarshalJSON() ([]byte, error) {
	out := ratingsJSON{Home: number(f.Home), Draw: number(f.Draw), Scale: number(f.Scale),
		Iterations: f.Iterations, Method: f.Method, Options: f.Options}
	elo, se := f.Elo(), f.SE()
	lo, hi := f.CI(0.95)
	score := f.Score()
	for i, name := range f.Players {
		out.Players = append(out.Players, playerJSON{name, number(f.Gamma[i]), number(elo[i]), number(se[i]),
			number(lo[i]), number(hi[i]), number(f.games[i]), number(score[i])})
	}
	if t := f.data; t != nil {
		out.Data = dataJSON{I: t.I, J: t.J, WinsI: t.WinsI, WinsJ: t.WinsJ, Draws: t.Draws, First: t.first}
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads a fit MarshalJSON wrote: it fits the model to the
// games saved with the options saved, and checks that the fit gives the
// Elo saved (to 10^-6), so that every method of the fit read back (SE,
// Cov, Superiority, DataFrame) is the original's. A file whose games or
// options are not a fit's, or whose Elo the games do not give (a file
// edited by hand, or written by a coevo that fits otherwise), is refused
// with the reason.
func (f *Ratings) UnmarshalJSON(b []byte) error {
	var in ratingsJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return fmt.Errorf("bt: a saved fit: %w", err)
	}
	n := len(in.Players)
	players := make([]string, n)
	for i, p := range in.Players {
		players[i] = p.Player
	}
	d := in.Data
	m := len(d.I)
	if len(d.J) != m || len(d.WinsI) != m || len(d.WinsJ) != m || len(d.Draws) != m || d.First != nil && len(d.First) != m {
		return fmt.Errorf("bt: a saved fit's data: i, j, wins_i, wins_j, draws and first have lengths %d, %d, %d, %d, %d and %d",
			m, len(d.J), len(d.WinsI), len(d.WinsJ), len(d.Draws), len(d.First))
	}
	seen := map[string]bool{}
	for _, p := range players {
		if seen[p] {
			return fmt.Errorf("bt: a saved fit names player %q twice", p)
		}
		seen[p] = true
	}
	t := &table{Pairs: Pairs{Players: n, I: d.I, J: d.J, WinsI: d.WinsI, WinsJ: d.WinsJ, Draws: d.Draws}, first: d.First}
	prev := int64(-1)
	for k := range d.I {
		i, j := d.I[k], d.J[k]
		if i < 0 || j < 0 || int(i) >= n || int(j) >= n || i == j {
			return fmt.Errorf("bt: a saved fit's data, pair %d: players %d and %d of %d", k, i, j, n)
		}
		seated := d.First != nil && d.First[k]
		if !seated && i > j {
			return fmt.Errorf("bt: a saved fit's data, pair %d: %d > %d without a first mover", k, i, j)
		}
		key := int64(i)<<33 | int64(j)<<1
		if seated {
			key |= 1
		}
		if key <= prev {
			return fmt.Errorf("bt: a saved fit's data, pair %d: out of order or repeated", k)
		}
		prev = key
		for _, c := range []float64{d.WinsI[k], d.WinsJ[k], d.Draws[k]} {
			if !(c >= 0) || c > MaxCount {
				return fmt.Errorf("bt: a saved fit's data, pair %d: count %v", k, c)
			}
		}
	}
	opt := in.Options
	if opt.Home && !opt.FixHome && d.First == nil {
		return fmt.Errorf("bt: a saved fit with a first-move advantage but no seats in its data")
	}
	fit, err := opt.fit(context.Background(), players, t)
	if err != nil {
		return fmt.Errorf("bt: fitting a saved fit's games again: %w", err)
	}
	for i, e := range fit.Elo() {
		if want := float64(in.Players[i].Elo); !(math.Abs(e-want) <= 1e-6*math.Max(1, math.Abs(want))) {
			return fmt.Errorf("bt: a saved fit gives %s Elo %v, its games %v when fitted again: not the fit of its games and options", players[i], want, e)
		}
	}
	*f = *fit
	return nil
}
