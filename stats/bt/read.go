package bt

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"

	"github.com/coevolab/coevo/internal/csvdata"
)

// DataError locates bad input: file, line and column.
type DataError = csvdata.Error

// Formats lists the input formats ReadFile accepts.
var Formats = []string{"pairs", "matrix", "games", "pgn"}

// ReadFile reads results in the given format: "pairs", "matrix", "games"
// or "pgn".
func ReadFile(path, format string) (*Results, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path, format)
}

// Read reads results from r; name is used in errors.
func Read(r io.Reader, name, format string) (*Results, error) {
	res, log, err := read(r, name, format)
	if err != nil {
		return nil, err
	}
	if log != nil {
		res.Matchups = log.matchups(len(res.Players))
	}
	return res, nil
}

// ReadPairs reads results like Read, aggregated by unordered pair of
// players (seats dropped): for the games and pgn formats it never holds
// one record per matchup, so a large tournament takes the least memory.
func ReadPairs(r io.Reader, name, format string) (players []string, p *Pairs, err error) {
	res, log, err := read(r, name, format)
	if err != nil {
		return nil, nil, err
	}
	if log != nil {
		return res.Players, log.pairs(len(res.Players)), nil
	}
	return res.Players, res.Pairs(), nil
}

// ReadPairsFile is ReadPairs from a file.
func ReadPairsFile(path, format string) (players []string, p *Pairs, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return ReadPairs(f, path, format)
}

// read reads results; the games and pgn formats return their games as a
// log, not yet aggregated.
func read(r io.Reader, name, format string) (*Results, *gameLog, error) {
	if format == "pgn" {
		return readPGN(r, name)
	}
	t := csvdata.NewReader(r, name)
	var res *Results
	var err error
	switch format {
	case "pairs":
		res, err = readPairs(t)
	case "matrix":
		res, err = readMatrix(t)
	case "games":
		return readGames(t)
	default:
		return nil, nil, fmt.Errorf("unknown format %q (want %s)", format, strings.Join(Formats, ", "))
	}
	return res, nil, err
}

// readPairs reads a header a,b,wins_a,wins_b,draws with an optional column
// first (a or b: who moved first), in any order.
func readPairs(t *csvdata.Reader) (*Results, error) {
	name := t.Name
	head, col, err := t.Header("a,b,wins_a,wins_b,draws")
	if err != nil {
		return nil, err
	}
	for _, need := range []string{"a", "b", "wins_a", "wins_b"} {
		if _, ok := col[need]; !ok {
			return nil, &DataError{File: name, Line: 1, Col: 0, Msg: fmt.Sprintf("header lacks column %q (want a,b,wins_a,wins_b,draws[,first])", need)}
		}
	}
	res := NewResults()
	for {
		rec, err := t.Row(len(head))
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		var v [3]float64
		for k, c := range []string{"wins_a", "wins_b", "draws"} {
			i, ok := col[c]
			if !ok {
				continue
			}
			if v[k], err = t.Float(rec, i, c, 0); err != nil {
				return nil, err
			}
		}
		seat := NoSeat
		if i, ok := col["first"]; ok {
			switch strings.ToLower(strings.TrimSpace(rec[i])) {
			case "a":
				seat = AFirst
			case "b":
				seat = BFirst
			case "":
			default:
				return nil, t.Errorf(i, "first %q: want a, b or empty", rec[i])
			}
		}
		a, b := strings.TrimSpace(rec[col["a"]]), strings.TrimSpace(rec[col["b"]])
		if a == "" || a == b {
			return nil, t.Errorf(col["a"], "players %q and %q: need two different names", a, b)
		}
		if err := res.Add(a, b, v[0], v[1], v[2], seat); err != nil {
			return nil, t.Errorf(col["a"], "%v", err)
		}
	}
	return res, nil
}

// readMatrix reads a square table like paper 003 Table VI: a header of
// player names (after one label cell), then one row per player whose cell
// in column j holds the points it scored against player j. Columns after
// the players (such as "% won") are ignored.
func readMatrix(t *csvdata.Reader) (*Results, error) {
	name := t.Name
	head, _, err := t.Header("row of player names")
	if err != nil {
		return nil, err
	}
	var rows [][]string
	var lines []int
	for {
		rec, err := t.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		rows, lines = append(rows, rec), append(lines, t.Line())
	}
	n := len(rows)
	if n < 2 || len(head) < n+1 {
		return nil, &DataError{File: name, Line: 1, Col: 0, Msg: fmt.Sprintf("%d rows and %d header cells: a matrix of n players needs n rows and n+1 header cells", n, len(head))}
	}
	res := NewResults()
	P := square(n)
	for i, rec := range rows {
		rowName := strings.TrimSpace(rec[0])
		if colName := strings.TrimSpace(head[i+1]); rowName != colName {
			return nil, &DataError{File: name, Line: lines[i], Col: 1, Msg: fmt.Sprintf("row %d is %q but column %d is %q: rows and columns must list the players in the same order", i+1, rowName, i+1, colName)}
		}
		res.Player(rowName)
		if len(rec) < n+1 {
			return nil, &DataError{File: name, Line: lines[i], Col: 0, Msg: fmt.Sprintf("%d fields, need %d", len(rec), n+1)}
		}
		for j := 0; j < n; j++ {
			s := strings.TrimSpace(rec[j+1])
			if i == j || s == "" {
				continue
			}
			v, err := strconv.ParseFloat(s, 64)
			if err != nil || v < 0 {
				return nil, &DataError{File: name, Line: lines[i], Col: columnOf(rec, j+1), Msg: fmt.Sprintf("points %q against %s are not a non-negative number", s, head[j+1])}
			}
			P[i][j] = v
		}
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if err := res.Add(res.Players[i], res.Players[j], P[i][j], P[j][i], 0, NoSeat); err != nil {
				return nil, err
			}
		}
	}
	return res, nil
}

// columnOf approximates the column of field k in a record read by csv.
func columnOf(rec []string, k int) int {
	c := 1
	for i := 0; i < k; i++ {
		c += len(rec[i]) + 1
	}
	return c
}

// readGames reads one game per line: first,second,result where result is
// the first player's score: 1-0, 0-1, 1/2-1/2 (or draw), or 1, 0, 0.5.
func readGames(t *csvdata.Reader) (*Results, *gameLog, error) {
	head, _, err := t.Header("first,second,result")
	if err != nil {
		return nil, nil, err
	}
	if len(head) < 3 {
		return nil, nil, &DataError{File: t.Name, Line: 1, Msg: "header needs three columns: first,second,result"}
	}
	res := NewResults()
	log := &gameLog{}
	for {
		rec, err := t.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		if len(rec) < 3 {
			return nil, nil, t.Errorf(-1, "need first,second,result")
		}
		a, b := strings.TrimSpace(rec[0]), strings.TrimSpace(rec[1])
		if a == "" || b == "" || a == b {
			return nil, nil, t.Errorf(0, "players %q and %q: need two different names", a, b)
		}
		var o int
		switch s := strings.ToLower(strings.TrimSpace(rec[2])); s {
		case "1-0", "1":
			o = firstWins
		case "0-1", "0":
			o = secondWins
		case "1/2-1/2", "0.5", "draw", "½-½":
			o = drawn
		default:
			return nil, nil, t.Errorf(2, "result %q: want 1-0, 0-1, 1/2-1/2, 1, 0 or 0.5", rec[2])
		}
		log.add(res.Player(a), res.Player(b), o)
	}
	return res, log, nil
}

// FromDataFrame reads results from a DataFrame with the columns of the
// pairs format: a, b, wins_a, wins_b and optionally draws and first.
func FromDataFrame(df dataframe.DataFrame) (*Results, error) {
	if df.Err != nil {
		return nil, df.Err
	}
	has := map[string]bool{}
	for _, c := range df.Names() {
		has[c] = true
	}
	for _, need := range []string{"a", "b", "wins_a", "wins_b"} {
		if !has[need] {
			return nil, fmt.Errorf("DataFrame lacks column %q (want a, b, wins_a, wins_b[, draws, first])", need)
		}
	}
	a, b := df.Col("a").Records(), df.Col("b").Records()
	wa, wb := df.Col("wins_a").Float(), df.Col("wins_b").Float()
	d := make([]float64, len(a))
	if has["draws"] {
		d = df.Col("draws").Float()
	}
	var first []string
	if has["first"] {
		first = df.Col("first").Records()
	}
	res := NewResults()
	for i := range a {
		seat := NoSeat
		if first != nil {
			switch first[i] {
			case "a":
				seat = AFirst
			case "b":
				seat = BFirst
			}
		}
		if err := res.Add(a[i], b[i], wa[i], wb[i], d[i], seat); err != nil {
			return nil, fmt.Errorf("DataFrame row %d: %w", i+1, err)
		}
	}
	return res, nil
}
