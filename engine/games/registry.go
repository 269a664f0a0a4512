package games

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/heap"
)

// Param is one parameter of a registered game.
type Param struct {
	Name    string // flag name, without dashes
	Kind    string // "int", "ints" (comma separated), "string"
	Default string
	Usage   string
	// Optional parameters without a default may be left out; any other
	// parameter without a default is required.
	Optional bool
}

// Spec describes a registered game.
type Spec struct {
	Name    string
	Summary string
	Source  string
	Params  []Param
	build   func(a Args) (game.Game, error)
}

// Args holds parameter values as given on a command line.
type Args map[string]string

// Int returns the integer parameter name.
func (a Args) Int(name string) (int, error) {
	v, err := strconv.Atoi(strings.TrimSpace(a[name]))
	if err != nil {
		return 0, fmt.Errorf("--%s %q: not an integer", name, a[name])
	}
	return v, nil
}

// Int2 returns two integer parameters.
func (a Args) Int2(x, y string) (int, int, error) {
	vx, err := a.Int(x)
	if err != nil {
		return 0, 0, err
	}
	vy, err := a.Int(y)
	return vx, vy, err
}

// Ints returns the comma separated integer list parameter name.
func (a Args) Ints(name string) ([]int, error) {
	s := strings.TrimSpace(a[name])
	if s == "" {
		return nil, fmt.Errorf("--%s: empty list", name)
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("--%s %q: %q is not an integer", name, s, f)
		}
		out = append(out, v)
	}
	return out, nil
}

// Build makes the game from args, filling defaults and rejecting unknown
// or missing parameters by name.
func (s *Spec) Build(args Args) (game.Game, error) {
	full := Args{}
	known := map[string]bool{}
	for _, p := range s.Params {
		known[p.Name] = true
		if p.Default != "" {
			full[p.Name] = p.Default
		}
	}
	for k, v := range args {
		if !known[k] {
			return nil, fmt.Errorf("%s: unknown parameter --%s (known: %s)", s.Name, k, s.paramList())
		}
		full[k] = v
	}
	for _, p := range s.Params {
		if _, ok := full[p.Name]; !ok && !p.Optional {
			return nil, fmt.Errorf("%s: missing --%s (%s)", s.Name, p.Name, p.Usage)
		}
	}
	return s.build(full)
}

func (s *Spec) paramList() string {
	var n []string
	for _, p := range s.Params {
		n = append(n, "--"+p.Name)
	}
	if len(n) == 0 {
		return "none"
	}
	return strings.Join(n, " ")
}

var registry = map[string]*Spec{}

// Register adds a game to the registry; it panics on a duplicate name, at
// init time.
func Register(s *Spec) {
	if _, dup := registry[s.Name]; dup {
		panic("games: duplicate registration of " + s.Name)
	}
	registry[s.Name] = s
}

// Lookup returns the registered game called name.
func Lookup(name string) (*Spec, error) {
	s, ok := registry[name]
	if !ok {
		return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	return s, nil
}

// Names lists the registered games, sorted.
func Names() []string {
	var n []string
	for k := range registry {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

// Specs lists the registered games, sorted by name.
func Specs() []*Spec {
	var out []*Spec
	for _, n := range Names() {
		out = append(out, registry[n])
	}
	return out
}

func heapsParam(def string) Param {
	return Param{Name: "heaps", Kind: "ints", Default: def, Usage: "heap sizes, comma separated"}
}

func init() {
	Register(&Spec{
		Name: "nim", Summary: "Nim: remove any number of tokens from one heap",
		Source: "Bouton 1902; paper 004 (Legner); paper 001 fig. 1",
		Params: []Param{heapsParam("1,3,5,7")},
		build: func(a Args) (game.Game, error) {
			h, err := a.Ints("heaps")
			if err != nil {
				return nil, err
			}
			return Nim(h...)
		},
	})
	Register(&Spec{
		Name:    "subtraction",
		Summary: "subtraction game: SUBTRACTIONNIM_n^k (heap n-1, remove 1..k), or --set S --heap H",
		Source:  "paper 000 section 6.1; Winning Ways ch. 4",
		Params: []Param{
			{Name: "n", Kind: "int", Usage: "SUBTRACTIONNIM_n^k: positions 0..n-1, start n-1", Optional: true},
			{Name: "k", Kind: "int", Usage: "SUBTRACTIONNIM_n^k: remove 1..k", Optional: true},
			{Name: "set", Kind: "ints", Usage: "subtraction set, e.g. 1,3,4 (instead of --n/--k)", Optional: true},
			{Name: "heap", Kind: "int", Usage: "heap size, with --set", Optional: true},
		},
		build: func(a Args) (game.Game, error) {
			if a["set"] != "" {
				set, err := a.Ints("set")
				if err != nil {
					return nil, err
				}
				if a["heap"] == "" {
					return nil, fmt.Errorf("subtraction: --set needs --heap H")
				}
				h, err := a.Int("heap")
				if err != nil {
					return nil, err
				}
				return Subtraction(set, h)
			}
			if a["n"] == "" || a["k"] == "" {
				return nil, fmt.Errorf("subtraction: give --n N --k K, or --set S --heap H")
			}
			n, k, err := a.Int2("n", "k")
			if err != nil {
				return nil, err
			}
			return SubtractionNim(n, k)
		},
	})
	Register(&Spec{
		Name: "silverdollar", Summary: "Silver Dollar without the dollar: k coins slide left on m squares",
		Source: "paper 000 section 6.2; Winning Ways",
		Params: []Param{{Name: "m", Kind: "int", Default: "", Usage: "number of squares"}, {Name: "k", Kind: "int", Default: "", Usage: "number of coins"}},
		build: func(a Args) (game.Game, error) {
			m, k, err := a.Int2("m", "k")
			if err != nil {
				return nil, err
			}
			return NewSilverDollar(m, k)
		},
	})
	Register(&Spec{
		Name: "turningturtles", Summary: "Turning Turtles: m coins, all heads; turn one head, optionally one coin left of it",
		Source: "paper 000 section 6.3; Winning Ways ch. 14",
		Params: []Param{{Name: "m", Kind: "int", Default: "", Usage: "number of coins (<= 63)"}},
		build: func(a Args) (game.Game, error) {
			m, err := a.Int("m")
			if err != nil {
				return nil, err
			}
			return NewTurningTurtles(m)
		},
	})
	Register(&Spec{
		Name: "chomp", Summary: "Chomp on a rows x cols board, poison square lower left",
		Source: "Gale 1974; paper 000 section 6.4",
		Params: []Param{{Name: "rows", Kind: "int", Default: "", Usage: "rows"}, {Name: "cols", Kind: "int", Default: "", Usage: "columns"}},
		build: func(a Args) (game.Game, error) {
			r, c, err := a.Int2("rows", "cols")
			if err != nil {
				return nil, err
			}
			return NewChomp(r, c)
		},
	})
	Register(&Spec{
		Name: "kayles", Summary: "Kayles (octal 0.77): knock down one or two adjacent pins",
		Source: "Dudeney 1908; Guy and Smith 1956; paper 002 ruleset 2.4",
		Params: []Param{heapsParam("")},
		build: func(a Args) (game.Game, error) {
			h, err := a.Ints("heaps")
			if err != nil {
				return nil, err
			}
			return Kayles(h...)
		},
	})
	Register(&Spec{
		Name: "octal", Summary: "any octal game by its code, e.g. 0.77 (Kayles), 0.07 (Dawson's Kayles), 0.137",
		Source: "Guy and Smith 1956; Winning Ways ch. 4",
		Params: []Param{{Name: "code", Kind: "string", Default: "", Usage: "octal code d0.d1d2..."}, heapsParam("")},
		build: func(a Args) (game.Game, error) {
			h, err := a.Ints("heaps")
			if err != nil {
				return nil, err
			}
			return Octal(a["code"], h...)
		},
	})
	Register(&Spec{
		Name: "grundy", Summary: "Grundy's game: split a heap into two unequal heaps",
		Source: "Grundy 1939; paper 004",
		Params: []Param{heapsParam("")},
		build: func(a Args) (game.Game, error) {
			h, err := a.Ints("heaps")
			if err != nil {
				return nil, err
			}
			return GrundysGame(h...)
		},
	})
	Register(&Spec{
		Name: "ga1", Summary: "GA1: single-point crossover (flip a prefix) or mutation, entropy must increase",
		Source: "paper 002 ruleset 2.1",
		Params: []Param{{Name: "bits", Kind: "string", Default: "", Usage: "bit string, e.g. 0011101"}},
		build:  func(a Args) (game.Game, error) { return NewGA1(a["bits"]) },
	})
	Register(&Spec{
		Name: "ga2", Summary: "GA2: two-point crossover (flip bits x..y-1), entropy must increase",
		Source: "paper 002 ruleset 3.1",
		Params: []Param{{Name: "bits", Kind: "string", Default: "", Usage: "bit string, e.g. 0011101"}},
		build:  func(a Args) (game.Game, error) { return NewGA2(a["bits"]) },
	})
	Register(&Spec{
		Name: "crossover-mutation", Summary: "Crossover-Mutation on a pair of bit strings",
		Source: "paper 002 ruleset 4.1",
		Params: []Param{{Name: "bits", Kind: "string", Default: "", Usage: "first bit string"}, {Name: "bits2", Kind: "string", Default: "", Usage: "second bit string, same length"}},
		build:  func(a Args) (game.Game, error) { return NewCrossoverMutation(a["bits"], a["bits2"]) },
	})
	Register(&Spec{
		Name: "arckayles", Summary: "Arc Kayles: remove an edge and all edges touching it",
		Source: "Schaefer 1978; paper 002 ruleset 4.2",
		Params: []Param{{Name: "edges", Kind: "string", Default: "", Usage: "edge list, e.g. 1-2,2-3,3-4"}},
		build: func(a Args) (game.Game, error) {
			e, err := ParseEdges(a["edges"])
			if err != nil {
				return nil, fmt.Errorf("arckayles: --edges: %w", err)
			}
			return NewArcKayles(e)
		},
	})
	Register(&Spec{
		Name: "cram", Summary: "Cram: fill two adjacent empty squares",
		Source: "Winning Ways ch. 22; paper 002 ruleset 4.7",
		Params: []Param{{Name: "rows", Kind: "int", Default: "", Usage: "rows"}, {Name: "cols", Kind: "int", Default: "", Usage: "columns (rows*cols <= 64)"}},
		build: func(a Args) (game.Game, error) {
			r, c, err := a.Int2("rows", "cols")
			if err != nil {
				return nil, err
			}
			return NewCram(r, c)
		},
	})
	Register(&Spec{
		Name: "euclid", Summary: "Euclid's game: subtract a multiple of the smaller number from the larger",
		Source: "Cole and Davie 1969; paper 004",
		Params: []Param{{Name: "a", Kind: "int", Default: "", Usage: "first number"}, {Name: "b", Kind: "int", Default: "", Usage: "second number"}},
		build: func(a Args) (game.Game, error) {
			x, y, err := a.Int2("a", "b")
			if err != nil {
				return nil, err
			}
			return NewEuclid(x, y)
		},
	})
	Register(&Spec{
		Name: "figure1", Summary: "the example game of paper 000 figure 1 (W_G = {v0, b})",
		Source: "paper 000 figure 1 (graph reconstructed from the caption)",
		build:  func(a Args) (game.Game, error) { return Figure1(), nil },
	})
	Register(&Spec{
		Name: "figure4", Summary: "the ladder game of paper 000 figure 4 (switchability Theta(n))",
		Source: "paper 000 figure 4 (graph reconstructed from the caption and section 7)",
		Params: []Param{{Name: "n", Kind: "int", Default: "8", Usage: "number of vertices"}},
		build: func(a Args) (game.Game, error) {
			n, err := a.Int("n")
			if err != nil {
				return nil, err
			}
			return Figure4(n)
		},
	})
}

// HeapRule returns the take-and-break rule of a heap game by name, for
// nim-sequences: "nim", "kayles", "grundy", "octal" (code), "subtraction" (set).
func HeapRule(name string, a Args) (*heap.Rule, error) {
	switch name {
	case "nim":
		return heap.Nim(), nil
	case "kayles":
		return heap.Kayles(), nil
	case "grundy":
		return heap.GrundysGame(), nil
	case "octal":
		if a["code"] == "" {
			return nil, fmt.Errorf("octal: missing --code (e.g. 0.77)")
		}
		return heap.Octal(a["code"])
	case "subtraction":
		if a["set"] == "" {
			return nil, fmt.Errorf("subtraction: missing --set (e.g. 1,2,3)")
		}
		set, err := a.Ints("set")
		if err != nil {
			return nil, err
		}
		return heap.Subtraction(set)
	}
	return nil, fmt.Errorf("unknown heap game %q (known: nim, kayles, grundy, octal, subtraction)", name)
}
