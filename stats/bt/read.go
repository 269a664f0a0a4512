package bt

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

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

// name returns field k of rec as a player name: trimmed, non-empty and
// valid UTF-8 (a name in another encoding would be garbled in every
// report), or a located error.
func name(t *csvdata.Reader, rec []string, k int, what string) (string, error) {
	s := strings.TrimSpace(rec[k])
	switch {
	case s == "":
		return "", t.Errorf(k, "empty %s: a player needs a name", what)
	case !utf8.ValidString(s):
		return "", t.Errorf(k, "%s %q is not valid UTF-8 (save the file as UTF-8)", what, s)
	}
	return s, nil
}

// columns finds the named columns in a header, or a located error
// naming the first missing one.
func columns(t *csvdata.Reader, col map[string]int, want string, need ...string) ([]int, error) {
	idx := make([]int, len(need))
	for k, c := range need {
		i, ok := col[c]
		if !ok {
			return nil, &DataError{File: t.Name, Line: 1, Msg: fmt.Sprintf("header lacks column %q (want %s)", c, want)}
		}
		idx[k] = i
	}
	return idx, nil
}

// readPairs reads a header a,b,wins_a,wins_b,draws with an optional column
// first (a or b: who moved first), in any order.
func readPairs(t *csvdata.Reader) (*Results, error) {
	const want = "a,b,wins_a,wins_b,draws[,first]"
	head, col, err := t.Header(want)
	if err != nil {
		return nil, err
	}
	c, err := columns(t, col, want, "a", "b", "wins_a", "wins_b")
	if err != nil {
		return nil, err
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
		for k, field := range []string{"wins_a", "wins_b", "draws"} {
			i, ok := col[field]
			if !ok {
				continue
			}
			if v[k], err = count(t, rec, i, field); err != nil {
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
		a, err := name(t, rec, c[0], "player a")
		if err != nil {
			return nil, err
		}
		b, err := name(t, rec, c[1], "player b")
		if err != nil {
			return nil, err
		}
		if a == b {
			return nil, t.Errorf(c[1], "players %q and %q: need two different names", a, b)
		}
		if err := res.Add(a, b, v[0], v[1], v[2], seat); err != nil {
			return nil, t.Errorf(c[0], "%v", err)
		}
	}
	return res, nil
}

// count parses field k as a count of games or points: a number in
// [0, MaxCount] (empty is 0).
func count(t *csvdata.Reader, rec []string, k int, what string) (float64, error) {
	v, err := t.Float(rec, k, what, 0)
	if err == nil && v > MaxCount {
		return 0, t.Errorf(k, "%s %v is too large (above 2^53 = %.4g, float64 no longer counts games exactly)", what, v, float64(MaxCount))
	}
	return v, err
}

// readMatrix reads a square table like paper 003 Table VI: a header of
// player names (after one label cell), then one row per player, in the
// header's order, whose cell in column j holds the points it scored
// against player j; the diagonal is empty, "-" or 0. An empty header cell
// ends the players: columns after it (such as "% won") are ignored.
func readMatrix(t *csvdata.Reader) (*Results, error) {
	head, _, err := t.Header("label,player names...")
	if err != nil {
		return nil, err
	}
	var players []string
	seen := map[string]int{}
	for k := 1; k < len(head) && strings.TrimSpace(head[k]) != ""; k++ {
		p, err := name(t, head, k, "player")
		if err != nil {
			return nil, err
		}
		if j, dup := seen[p]; dup {
			return nil, t.Errorf(k, "player %q names columns %d and %d: each player needs one column", p, j, k)
		}
		seen[p] = k
		players = append(players, p)
	}
	n := len(players)
	if n < 2 {
		return nil, &DataError{File: t.Name, Line: 1, Msg: fmt.Sprintf("header names %d players after its label cell: a matrix needs two or more", n)}
	}
	res := NewResults()
	for _, p := range players {
		res.Player(p)
	}
	P := square(n)
	rows := 0
	for {
		rec, err := t.Row(len(head))
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		i := rows
		if i == n {
			return nil, t.Errorf(0, "row %d: the header names only %d players (one row each); columns after an empty header cell are not players", i+1, n)
		}
		rows++
		rowName, err := name(t, rec, 0, "row name")
		if err != nil {
			return nil, err
		}
		if rowName != players[i] {
			return nil, t.Errorf(0, "row %d is %q but column %d is %q: rows and columns must list the players in the same order", i+1, rowName, i+1, players[i])
		}
		for j := 0; j < n; j++ {
			if i == j {
				if s := strings.TrimSpace(rec[j+1]); s != "" && s != "-" && s != "0" {
					return nil, t.Errorf(j+1, "%s against itself: %q (the diagonal must be empty, - or 0)", rowName, s)
				}
				continue
			}
			if P[i][j], err = count(t, rec, j+1, "points against "+players[j]); err != nil {
				return nil, err
			}
		}
	}
	if rows < n {
		return nil, &DataError{File: t.Name, Line: 1, Msg: fmt.Sprintf("header names %d players but there are %d rows: no row for %s (their points would be lost; put columns that are not players after an empty header cell)",
			n, rows, strings.Join(quoted(players[rows:]), ", "))}
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if err := res.Add(players[i], players[j], P[i][j], P[j][i], 0, NoSeat); err != nil {
				return nil, err
			}
		}
	}
	return res, nil
}

func quoted(s []string) []string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = strconv.Quote(x)
	}
	return q
}

// readGames reads one game per line, columns first, second and result (in
// any order; other columns ignored), where result is the first player's
// score: 1-0, 0-1, 1/2-1/2 (or draw), or 1, 0, 0.5.
func readGames(t *csvdata.Reader) (*Results, *gameLog, error) {
	const want = "first,second,result"
	head, col, err := t.Header(want)
	if err != nil {
		return nil, nil, err
	}
	c, err := columns(t, col, want, "first", "second", "result")
	if err != nil {
		return nil, nil, err
	}
	res := NewResults()
	log := &gameLog{}
	for {
		rec, err := t.Row(len(head))
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		a, err := name(t, rec, c[0], "first player")
		if err != nil {
			return nil, nil, err
		}
		b, err := name(t, rec, c[1], "second player")
		if err != nil {
			return nil, nil, err
		}
		if a == b {
			return nil, nil, t.Errorf(c[1], "players %q and %q: need two different names", a, b)
		}
		var o int
		switch s := strings.ToLower(strings.TrimSpace(rec[c[2]])); s {
		case "1-0", "1":
			o = firstWins
		case "0-1", "0":
			o = secondWins
		case "1/2-1/2", "0.5", "draw", "½-½":
			o = drawn
		default:
			return nil, nil, t.Errorf(c[2], "result %q: want 1-0, 0-1, 1/2-1/2, 1, 0 or 0.5", rec[c[2]])
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
