package coevolve

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/coevolab/coevo/internal/csvdata"
	"github.com/coevolab/coevo/internal/frame"
)

// A Member is a player kept by a run: a member of a permanent archive
// (saved for analysis) or of a method's archive.
type Member struct {
	Name       string  // e.g. "g75": unique within its archive
	Generation int     // the generation after which it was kept (0: before the first)
	Games      int64   // games the run had played by then
	Fitness    float64 // its fitness when it was evaluated (NaN: never evaluated)
	// X is the player's vector, which its game's Family turns into a
	// player (for Othello, a WPC's 64 weights, a1 ... h8).
	X []float64
}

// An Archive is a list of players in the order a run kept them. A run's
// permanent archive (paper 003 section VI) plays no part in evolution; it
// is saved for analysis: CIAO plots, performance curves, leagues. Its
// game's Domain makes players of its members (Domain.Players,
// Domain.Match).
type Archive struct {
	Members []Member
	// Coordinates names the coordinates of the members' vectors (the
	// columns of the archive's file): a1 ... h8 for Othello.
	Coordinates []string
}

// Len is the number of members.
func (a *Archive) Len() int { return len(a.Members) }

// Names returns the members' names.
func (a *Archive) Names() []string {
	n := make([]string, len(a.Members))
	for i, m := range a.Members {
		n[i] = m.Name
	}
	return n
}

// Generations returns the generation at which each member was kept.
func (a *Archive) Generations() []float64 {
	g := make([]float64, len(a.Members))
	for i, m := range a.Members {
		g[i] = float64(m.Generation)
	}
	return g
}

// Games returns the games the run had played when each member was kept:
// the x axis of paper 003 fig. 5.
func (a *Archive) Games() []float64 {
	g := make([]float64, len(a.Members))
	for i, m := range a.Members {
		g[i] = float64(m.Games)
	}
	return g
}

// Last returns the newest member (nil for an empty archive).
func (a *Archive) Last() *Member {
	if len(a.Members) == 0 {
		return nil
	}
	return &a.Members[len(a.Members)-1]
}

// Find returns the member named name (nil if there is none).
func (a *Archive) Find(name string) *Member {
	for i := range a.Members {
		if a.Members[i].Name == name {
			return &a.Members[i]
		}
	}
	return nil
}

// coordinates are the archive's coordinate names, or x1, x2, ... for
// the length of its first member's vector.
func (a *Archive) coordinates() []string {
	if a.Coordinates != nil {
		return a.Coordinates
	}
	n := 0
	if len(a.Members) > 0 {
		n = len(a.Members[0].X)
	}
	c := make([]string, n)
	for i := range c {
		c[i] = fmt.Sprintf("x%d", i+1)
	}
	return c
}

// archiveColumns are the columns of an archive's file before the
// coordinates.
var archiveColumns = []string{"name", "generation", "games", "fitness"}

// formatFloat writes x so that it reads back exactly.
func formatFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// WriteCSV writes the archive, one member a line, under the header
// name,generation,games,fitness and the coordinates (for Othello
// a1,b1,...,h8); numbers read back exactly.
func (a *Archive) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	coords := a.coordinates()
	cw.Write(append(slices.Clone(archiveColumns), coords...))
	for _, m := range a.Members {
		if len(m.X) != len(coords) {
			return fmt.Errorf("coevolve: archive member %s has %d coordinates, the archive %d", m.Name, len(m.X), len(coords))
		}
		rec := []string{m.Name, strconv.Itoa(m.Generation), strconv.FormatInt(m.Games, 10), formatFloat(m.Fitness)}
		for _, x := range m.X {
			rec = append(rec, formatFloat(x))
		}
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}

// ReadArchive reads an archive written by WriteCSV (a run's archive.csv);
// errors name the file, line and column.
func ReadArchive(path string) (*Archive, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseArchive(f, path)
}

// ParseArchive reads an archive in the format of WriteCSV from r; name is
// used in errors.
func ParseArchive(r io.Reader, name string) (*Archive, error) {
	t := csvdata.NewReader(r, name)
	head, _, err := t.Header("name,generation,games,fitness and the coordinates (a1,...,h8 for Othello)")
	if err != nil {
		return nil, err
	}
	if len(head) <= len(archiveColumns) || len(head)-len(archiveColumns) > maxDim {
		return nil, t.Errorf(-1, "header has %d columns, want name,generation,games,fitness and 1 to %d coordinates (a1,...,h8 for Othello; not an archive written by coevo coevolve?)", len(head), maxDim)
	}
	for i, want := range archiveColumns {
		if head[i] != want {
			return nil, t.Errorf(i, "column %q, want %q (not an archive written by coevo coevolve)", head[i], want)
		}
	}
	a := &Archive{Coordinates: slices.Clone(head[len(archiveColumns):])}
	seenCol := map[string]bool{}
	for i, c := range a.Coordinates {
		if c == "" || seenCol[c] {
			return nil, t.Errorf(len(archiveColumns)+i, "coordinate %q: names must be present and unique", c)
		}
		seenCol[c] = true
	}
	seen := map[string]bool{}
	for {
		rec, err := t.Row(len(head))
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		m := Member{Name: rec[0], X: make([]float64, len(a.Coordinates))}
		if m.Name == "" || seen[m.Name] {
			return nil, t.Errorf(0, "name %q: names must be present and unique", m.Name)
		}
		seen[m.Name] = true
		if m.Generation, err = strconv.Atoi(rec[1]); err != nil || m.Generation < 0 {
			return nil, t.Errorf(1, "generation %q: want a whole number >= 0", rec[1])
		}
		if m.Games, err = strconv.ParseInt(rec[2], 10, 64); err != nil || m.Games < 0 {
			return nil, t.Errorf(2, "games %q: want a whole number >= 0", rec[2])
		}
		if m.Fitness, err = strconv.ParseFloat(rec[3], 64); err != nil {
			return nil, t.Errorf(3, "fitness %q: want a number (NaN if never evaluated)", rec[3])
		}
		for k := range m.X {
			x, err := strconv.ParseFloat(rec[4+k], 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, t.Errorf(4+k, "coordinate %s %q: want a finite number", a.Coordinates[k], rec[4+k])
			}
			m.X[k] = x
		}
		a.Members = append(a.Members, m)
	}
	if len(a.Members) == 0 {
		return nil, fmt.Errorf("%s: the archive has no members", name)
	}
	return a, nil
}

// DataFrame returns one row per member: name, generation, games, fitness
// (to 4 significant digits).
func (a *Archive) DataFrame() dataframe.DataFrame {
	var gen []int
	var games, fit []float64
	for _, m := range a.Members {
		gen, games, fit = append(gen, m.Generation), append(games, float64(m.Games)), append(fit, m.Fitness)
	}
	return dataframe.New(series.New(a.Names(), series.String, "name"), series.New(gen, series.Int, "generation"),
		frame.Number("games", games), frame.Sig("fitness", fit, 4))
}
