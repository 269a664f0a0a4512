package coevolve

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/coevolab/coevo/engine/othello"
	"github.com/coevolab/coevo/internal/csvdata"
	"github.com/coevolab/coevo/internal/frame"
)

// A Member is a player kept by a run: a member of a permanent archive
// (saved for analysis) or a player admitted to NashSolve's archive.
type Member struct {
	Name       string  // e.g. "g75": unique within its archive
	Generation int     // the generation after which it was kept (0: before the first)
	Games      int64   // games the run had played by then
	Fitness    float64 // its fitness when it was evaluated (NaN: never evaluated)
	WPC        othello.WPC
}

// An Archive is a list of players in the order a run kept them. A run's
// permanent archive (paper 003 section VI) plays no part in evolution; it
// is saved for analysis: CIAO plots, performance curves, leagues.
type Archive struct {
	Members []Member
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

// Players returns the members as Othello players (1-ply WPC players).
func (a *Archive) Players() []othello.Player {
	p := make([]othello.Player, len(a.Members))
	for i := range a.Members {
		p[i] = &a.Members[i].WPC
	}
	return p
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

// Match returns the members as an Othello match for engine/tournament,
// with forced random moves of probability epsilon.
func (a *Archive) Match(epsilon float64) *othello.Match {
	return &othello.Match{Players: a.Players(), Epsilon: epsilon}
}

// Last returns the newest member (nil for an empty archive).
func (a *Archive) Last() *Member {
	if len(a.Members) == 0 {
		return nil
	}
	return &a.Members[len(a.Members)-1]
}

// archiveHeader is the header of an archive's CSV file: the member, when
// it was kept, its fitness and its 64 weights named by square.
func archiveHeader() []string {
	h := []string{"name", "generation", "games", "fitness"}
	for s := 0; s < 64; s++ {
		h = append(h, othello.Square(s).String())
	}
	return h
}

// formatFloat writes x so that it reads back exactly.
func formatFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// WriteCSV writes the archive, one member a line, under the header
// name,generation,games,fitness,a1,b1,...,h8; numbers read back exactly.
func (a *Archive) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(archiveHeader())
	for _, m := range a.Members {
		rec := []string{m.Name, strconv.Itoa(m.Generation), strconv.FormatInt(m.Games, 10), formatFloat(m.Fitness)}
		for _, x := range m.WPC {
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
	want := archiveHeader()
	head, _, err := t.Header("name,generation,games,fitness,a1,...,h8")
	if err != nil {
		return nil, err
	}
	if len(head) != len(want) {
		return nil, t.Errorf(-1, "header has %d columns, want %d (name,generation,games,fitness and the 64 weights a1..h8)", len(head), len(want))
	}
	for i := range want {
		if head[i] != want[i] {
			return nil, t.Errorf(i, "column %q, want %q (not an archive written by coevo coevolve)", head[i], want[i])
		}
	}
	a := &Archive{}
	seen := map[string]bool{}
	for {
		rec, err := t.Row(len(want))
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		m := Member{Name: rec[0]}
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
		for s := range m.WPC {
			x, err := strconv.ParseFloat(rec[4+s], 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, t.Errorf(4+s, "weight %s %q: want a finite number", othello.Square(s), rec[4+s])
			}
			m.WPC[s] = x
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
