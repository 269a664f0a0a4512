package bt

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/coevolab/coevo/internal/csvdata"
)

// DataError locates bad input: file, line and column.
type DataError = csvdata.Error

// Formats lists the input formats ReadFile accepts.
var Formats = []string{"pairs", "matrix", "games", "pgn"}

// ReadFile reads results in the given format: "pairs", "matrix", "games"
// or "pgn", or "" to tell it from the file's first bytes (Detect).
func ReadFile(path, format string) (*Results, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path, format)
}

// Read reads results from r in the given format ("" to tell it from the
// first bytes: Detect); name is used in errors.
func Read(r io.Reader, name, format string) (*Results, error) {
	rd, err := read(r, name, format, false)
	if err != nil {
		return nil, err
	}
	if rd.log != nil {
		rd.res.Matchups = rd.log.matchups(len(rd.res.Players))
	}
	return rd.res, nil
}

// ReadPairs reads results like Read, aggregated by unordered pair of
// players (seats dropped), straight from the stream: it never holds one
// record per matchup or per game beyond a few bytes, so a large
// tournament takes the least memory. Players named only in records of no
// games are listed, as Read lists them (WithoutNoGames drops them).
func ReadPairs(r io.Reader, name, format string) (players []string, p *Pairs, err error) {
	rd, err := read(r, name, format, true)
	if err != nil {
		return nil, nil, err
	}
	n := len(rd.res.Players)
	switch {
	case rd.log != nil:
		return rd.res.Players, rd.log.pairs(n), nil
	case rd.pairs != nil:
		return rd.res.Players, rd.pairs.finish(n), nil
	}
	return rd.res.Players, rd.res.Pairs(), nil
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

// reading is what a reader built: the players (and, for Read, the
// matchups of the pairs and matrix formats) in res; the games of the
// games and pgn formats as a log; the rows of the pairs format as a
// pairLog when reading straight into pairs.
type reading struct {
	res   *Results
	names *nameIndex // the players of res, as they are read
	log   *gameLog
	pairs *pairLog
}

// done returns res with its players.
func (rd *reading) done() *reading {
	if rd.names != nil {
		rd.res.Players, rd.res.index = rd.names.names, nil
		if rd.res.Players == nil {
			rd.res.Players = []string{}
		}
	}
	return rd
}

// sizeOf returns the size of what r will read when it says (a regular
// file, a strings or bytes reader, a reader with a Size method), else -1:
// readers size their logs by it, so that they do not grow by copying.
func sizeOf(r io.Reader) int64 {
	switch x := r.(type) {
	case interface{ Size() int64 }:
		return x.Size()
	case *os.File:
		if st, err := x.Stat(); err == nil && st.Mode().IsRegular() {
			if off, err := x.Seek(0, io.SeekCurrent); err == nil {
				return st.Size() - off
			}
		}
	case interface{ Len() int }:
		return int64(x.Len())
	}
	return -1
}

// read reads results; toPairs: rows of the pairs format go to a
// pairLog, not to matchups.
func read(r io.Reader, name, format string, toPairs bool) (*reading, error) {
	size := sizeOf(r)
	if format == "" {
		var err error
		if format, r, err = detect(r); err != nil {
			return nil, &DataError{File: name, Line: 1, Msg: err.Error() + " (give the format)"}
		}
	}
	if format == "pgn" {
		return readPGN(r, name, size)
	}
	switch format {
	case "pairs", "matrix", "games":
	default:
		return nil, fmt.Errorf("unknown format %q (want %s)", format, strings.Join(Formats, ", "))
	}
	s := csvdata.NewScanner(r, name)
	defer s.Close()
	rd := &reading{res: NewResults(), names: newNameIndex()}
	var err error
	switch format {
	case "pairs":
		if toPairs {
			rd.pairs = newPairLog(4096)
		}
		err = readPairs(s, rd, size)
	case "matrix":
		rd.names = nil
		err = readMatrix(s, rd.res)
	case "games":
		rd.log = newGameLog(size / 10)
		err = readGames(s, rd)
	}
	if err != nil {
		return nil, err
	}
	return rd.done(), nil
}

// nameAt returns field k as a player name, as name does: quickly when it
// is ASCII with no space around it.
func nameAt(s *csvdata.Scanner, k int, what string) ([]byte, error) {
	if b := s.Field(k); len(b) > 0 && b[0] > ' ' && b[len(b)-1] > ' ' && ascii(b) {
		return b, nil
	}
	return name(s, k, what)
}

// name returns field k as a player name: trimmed, non-empty and valid
// UTF-8 (a name in another encoding would be garbled in every report),
// or a located error.
func name(s *csvdata.Scanner, k int, what string) ([]byte, error) {
	b := s.Trimmed(k)
	switch {
	case len(b) == 0:
		return nil, s.Errorf(k, "empty %s: a player needs a name", what)
	case !validName(b):
		return nil, s.Errorf(k, "%s %q is not valid UTF-8 (save the file as UTF-8)", what, b)
	}
	return b, nil
}

// columns finds the named columns in a header, or a located error
// naming the first missing one.
func columns(s *csvdata.Scanner, col map[string]int, want string, need ...string) ([]int, error) {
	idx := make([]int, len(need))
	for k, c := range need {
		i, ok := col[c]
		if !ok {
			return nil, &DataError{File: s.Name(), Line: s.Line(), Msg: fmt.Sprintf("header lacks column %q (want %s)", c, want)}
		}
		idx[k] = i
	}
	return idx, nil
}

// The columns a plain line is read by (see plainRow).
const (
	colOther  = iota
	colA      // player a, or first
	colB      // player b, or second
	colCount0 // wins_a
	colCount1 // wins_b
	colCount2 // draws
	colFirst  // first: a, b or empty
	colResult // a game's result
)

// fastRows lets tests check the general path alone.
var fastRows = true

// row is what plainRow read.
type row struct {
	a, b   []byte
	v      [3]float64
	seat   Seat
	result int
}

// plainRow reads a plain line (csvdata.Scanner.Plain) whose columns are
// cols, when every field is plain: no quotes; names in ASCII, not empty,
// without space around them; counts in 0 to 15 decimal digits; first a,
// b or empty; a result 1-0, 0-1, 1/2-1/2, 1, 0, 0.5 or draw. Such a line
// reads as the general path reads it; for any other line plainRow
// reports false, and the general path reads it (and says what is wrong).
func plainRow(line []byte, cols []int8, r *row) bool {
	*r = row{}
	if bytes.IndexByte(line, '"') >= 0 {
		return false
	}
	i, n := 0, len(line)
	for k, c := range cols {
		start := i
		switch c {
		case colCount0, colCount1, colCount2:
			var m uint64
			for ; i < n; i++ {
				d := line[i] - '0'
				if d > 9 {
					if line[i] == ',' {
						break
					}
					return false
				}
				m = m*10 + uint64(d)
			}
			if i-start > 15 {
				return false
			}
			r.v[c-colCount0] = float64(m)
		case colA, colB:
			var or byte
			for ; i < n; i++ {
				c := line[i]
				if c == ',' {
					break
				}
				or |= c
			}
			if i == start || or >= utf8.RuneSelf || line[start] <= ' ' || line[i-1] <= ' ' {
				return false
			}
			if c == colA {
				r.a = line[start:i:i]
			} else {
				r.b = line[start:i:i]
			}
		default:
			for ; i < n && line[i] != ','; i++ {
			}
			f := line[start:i]
			switch {
			case c == colFirst && len(f) == 0:
			case c == colFirst && len(f) == 1 && f[0]|0x20 == 'a':
				r.seat = AFirst
			case c == colFirst && len(f) == 1 && f[0]|0x20 == 'b':
				r.seat = BFirst
			case c == colResult:
				o, ok := gameResults[string(f)]
				if !ok {
					return false
				}
				r.result = o
			case c != colOther:
				return false
			}
		}
		if k == len(cols)-1 {
			return i == n // no field beyond the header's
		}
		if i == n {
			return false // fewer fields than the header's
		}
		i++
	}
	return false
}

// plainName reads a name ending at a comma from line[i:], as plainRow
// does: not empty, no space around it, no quote, ASCII (checked by the
// caller through or); it returns the name and the index after the comma.
func plainName(line []byte, i int) (name []byte, next int, or byte, ok bool) {
	s := i
	for ; i < len(line); i++ {
		c := line[i]
		if c == ',' {
			break
		}
		if c == '"' {
			return nil, 0, 0, false
		}
		or |= c
	}
	if i == s || i == len(line) || line[s] <= ' ' || line[i-1] <= ' ' {
		return nil, 0, 0, false
	}
	return line[s:i:i], i + 1, or, true
}

// plainCount reads a count of 0 to 15 digits ending at a comma (comma)
// or at the end of line from line[i:]; it returns the index after it.
func plainCount(line []byte, i int, comma bool) (v float64, next int, ok bool) {
	s := i
	var m uint64
	for ; i < len(line); i++ {
		d := line[i] - '0'
		if d > 9 {
			break
		}
		m = m*10 + uint64(d)
	}
	if i-s > 15 || comma && (i == len(line) || line[i] != ',') || !comma && i != len(line) {
		return 0, 0, false
	}
	return float64(m), i + 1, true
}

// plainPairs is plainRow for the pairs header a,b,wins_a,wins_b,draws in
// this order, the one coevo writes: the same lines read, the same way.
func plainPairs(line []byte) (a, b []byte, v [3]float64, ok bool) {
	// (A quote anywhere fails a name or a count.)
	var i int
	var o1, o2 byte
	if a, i, o1, ok = plainName(line, 0); !ok {
		return
	}
	if b, i, o2, ok = plainName(line, i); !ok || (o1|o2) >= utf8.RuneSelf {
		return nil, nil, v, false
	}
	if v[0], i, ok = plainCount(line, i, true); !ok {
		return
	}
	if v[1], i, ok = plainCount(line, i, true); !ok {
		return
	}
	v[2], _, ok = plainCount(line, i, false)
	return
}

// columnsOf returns the role of each of the header's n columns.
func columnsOf(n int, roles map[int]int8) []int8 {
	cols := make([]int8, n)
	for i, c := range roles {
		cols[i] = c
	}
	return cols
}

// readPairs reads a header a,b,wins_a,wins_b,draws with an optional column
// first (a or b: who moved first), in any order.
func readPairs(s *csvdata.Scanner, rd *reading, size int64) error {
	const want = "a,b,wins_a,wins_b,draws[,first]"
	head, col, err := s.Header(want)
	if err != nil {
		return err
	}
	c, err := columns(s, col, want, "a", "b", "wins_a", "wins_b")
	if err != nil {
		return err
	}
	countCol := [3]int{c[2], c[3], -1}
	if i, ok := col["draws"]; ok {
		countCol[2] = i
	}
	firstCol := -1
	if i, ok := col["first"]; ok {
		firstCol = i
	}
	counts := [3]string{"wins_a", "wins_b", "draws"}
	res, names := rd.res, rd.names
	roles := map[int]int8{c[0]: colA, c[1]: colB, c[2]: colCount0, c[3]: colCount1}
	if countCol[2] >= 0 {
		roles[countCol[2]] = colCount2
	}
	if firstCol >= 0 {
		roles[firstCol] = colFirst
	}
	cols := columnsOf(len(head), roles)
	add := func(an, bn []byte, v [3]float64, seat Seat) {
		a, b := names.index(an), names.index(bn)
		if rd.pairs != nil {
			rd.pairs.add(a, b, v[0], v[1], v[2])
		} else if v[0]+v[1]+v[2] > 0 {
			res.Matchups = append(res.Matchups, Matchup{a, b, v[0], v[1], v[2], seat})
		}
	}
	canonical := len(head) == 5 && slices.Equal(cols, []int8{colA, colB, colCount0, colCount1, colCount2})
	var r row
	planned := rd.pairs == nil
	for {
		if !planned && len(rd.pairs.i) >= 4096 {
			rd.pairs.plan(size, s.Offset())
			planned = true
		}
		line := s.Plain()
		if canonical && fastRows && line != nil && rd.pairs != nil {
			if an, bn, v, ok := plainPairs(line); ok && !bytes.Equal(an, bn) {
				rd.pairs.add(names.index(an), names.index(bn), v[0], v[1], v[2])
				s.Skip()
				continue
			}
		}
		if fastRows && line != nil && plainRow(line, cols, &r) && !bytes.Equal(r.a, r.b) {
			a, b := names.index(r.a), names.index(r.b)
			if rd.pairs != nil {
				rd.pairs.add(a, b, r.v[0], r.v[1], r.v[2])
			} else if r.v[0]+r.v[1]+r.v[2] > 0 {
				res.Matchups = append(res.Matchups, Matchup{a, b, r.v[0], r.v[1], r.v[2], r.seat})
			}
			s.Skip()
			continue
		}
		if !s.Scan() {
			break
		}
		if s.NumFields() != len(head) {
			return s.Want(len(head))
		}
		var v [3]float64
		for k, i := range countCol {
			if i < 0 {
				continue
			}
			var ok bool
			if v[k], ok = digits(s.Field(i)); !ok {
				if v[k], err = count(s, i, counts[k]); err != nil {
					return err
				}
			}
		}
		seat := NoSeat
		if firstCol >= 0 {
			switch f := s.Trimmed(firstCol); {
			case len(f) == 0:
			case len(f) == 1 && f[0]|0x20 == 'a':
				seat = AFirst
			case len(f) == 1 && f[0]|0x20 == 'b':
				seat = BFirst
			default:
				return s.Errorf(firstCol, "first %q: want a, b or empty", s.Field(firstCol))
			}
		}
		an, err := nameAt(s, c[0], "player a")
		if err != nil {
			return err
		}
		bn, err := nameAt(s, c[1], "player b")
		if err != nil {
			return err
		}
		if bytes.Equal(an, bn) {
			return s.Errorf(c[1], "players %q and %q: need two different names", an, bn)
		}
		add(an, bn, v, seat)
	}
	return s.Err()
}

// digits reads b when it is a count written in 1 to 15 decimal digits.
func digits(b []byte) (float64, bool) {
	if len(b) == 0 || len(b) > 15 {
		return 0, false
	}
	var m uint64
	for _, c := range b {
		d := c - '0'
		if d > 9 {
			return 0, false
		}
		m = m*10 + uint64(d)
	}
	return float64(m), true
}

// count parses field k as a count of games or points: a number in
// [0, MaxCount] (empty is 0).
func count(s *csvdata.Scanner, k int, what string) (float64, error) {
	v, err := s.Float(k, what, 0)
	if err == nil && v > MaxCount {
		return 0, s.Errorf(k, "%s %v is too large (above 2^53 = %.4g, float64 no longer counts games exactly)", what, v, float64(MaxCount))
	}
	return v, err
}

// readMatrix reads a square table like paper 003 Table VI: a header of
// player names (after one label cell), then one row per player, in the
// header's order, whose cell in column j holds the points it scored
// against player j; the diagonal is empty, "-" or 0. An empty header cell
// ends the players: columns after it (such as "% won") are ignored.
func readMatrix(s *csvdata.Scanner, res *Results) error {
	head, _, err := s.Header("label,player names...")
	if err != nil {
		return err
	}
	headLine := s.Line()
	var players []string
	seen := map[string]int{}
	for k := 1; k < len(head) && len(s.Trimmed(k)) != 0; k++ {
		b, err := name(s, k, "player")
		if err != nil {
			return err
		}
		p := string(b)
		if j, dup := seen[p]; dup {
			return s.Errorf(k, "player %q names columns %d and %d: each player needs one column", p, j, k)
		}
		seen[p] = k
		players = append(players, p)
	}
	n := len(players)
	if n < 2 {
		return &DataError{File: s.Name(), Line: headLine, Msg: fmt.Sprintf("header names %d players after its label cell: a matrix needs two or more", n)}
	}
	for _, p := range players {
		res.Player(p)
	}
	P := square(n)
	rows := 0
	for s.Scan() {
		if err := s.Want(len(head)); err != nil {
			return err
		}
		i := rows
		if i == n {
			return s.Errorf(0, "row %d: the header names only %d players (one row each); columns after an empty header cell are not players", i+1, n)
		}
		rows++
		rowName, err := name(s, 0, "row name")
		if err != nil {
			return err
		}
		if string(rowName) != players[i] {
			return s.Errorf(0, "row %d is %q but column %d is %q: rows and columns must list the players in the same order", i+1, rowName, i+1, players[i])
		}
		for j := 0; j < n; j++ {
			if i == j {
				if d := s.Trimmed(j + 1); len(d) != 0 && string(d) != "-" && string(d) != "0" {
					return s.Errorf(j+1, "%s against itself: %q (the diagonal must be empty, - or 0)", rowName, d)
				}
				continue
			}
			if P[i][j], err = count(s, j+1, "points against "+players[j]); err != nil {
				return err
			}
		}
	}
	if err := s.Err(); err != nil {
		return err
	}
	if rows < n {
		return &DataError{File: s.Name(), Line: headLine, Msg: fmt.Sprintf("header names %d players but there are %d rows: no row for %s (their points would be lost; put columns that are not players after an empty header cell)",
			n, rows, strings.Join(quoted(players[rows:]), ", "))}
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if err := res.Add(players[i], players[j], P[i][j], P[j][i], 0, NoSeat); err != nil {
				return err
			}
		}
	}
	return nil
}

func quoted(s []string) []string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = strconv.Quote(x)
	}
	return q
}

// outcomes of the games format's result column, lower case: a result
// string, or the first player's score.
var gameResults = map[string]int{"1-0": firstWins, "1": firstWins, "0-1": secondWins, "0": secondWins,
	"1/2-1/2": drawn, "0.5": drawn, "draw": drawn, "½-½": drawn, "½": drawn,
	"1.0": firstWins, "0.0": secondWins, ".5": drawn, "0.50": drawn, "1.00": firstWins, "0.00": secondWins,
	"win": firstWins, "loss": secondWins, "w": firstWins, "l": secondWins, "d": drawn, "=": drawn}

// GameResults lists the results the games format and FromGames read, for
// messages: the first player's score or the game's result.
const GameResults = "1, 0, 0.5 (the first player's score), 1-0, 0-1, 1/2-1/2, win, loss, draw (or w, l, d)"

// gameResult reads a result, in any case.
func gameResult(b []byte) (int, bool) {
	if o, ok := gameResults[string(b)]; ok {
		return o, true
	}
	if len(b) > 8 {
		return 0, false
	}
	var low [8]byte
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		low[i] = c
	}
	o, ok := gameResults[string(low[:len(b)])]
	return o, ok
}

// The names the games format knows its columns by, in order of
// preference (lower case): who moved first (seated) or player a (not
// seated), the other player, and the result or the first player's score.
var (
	seatedFirst  = []string{"first", "white", "home"}
	seatedSecond = []string{"second", "black", "away"}
	gameFirst    = []string{"player_a", "a", "player1", "player_1", "p1", "player"}
	gameSecond   = []string{"player_b", "b", "player2", "player_2", "p2", "opponent"}
	gameResult_  = []string{"result", "score_a", "score", "outcome", "score1", "score_1", "points_a", "points"}
)

// GameHeaders describes the games format's header, for messages.
const GameHeaders = "first,second,result (or white,black,result; or player_a,player_b,score_a; or a,b,score)"

// gameColumns finds the games format's columns in a header: the first
// player's, the second's, the result's, and whether the header names who
// moved first (first/second, white/black, home/away). ok is false when
// some column is missing.
func gameColumns(col map[string]int) (a, b, result int, seated, ok bool) {
	find := func(names []string) int {
		for _, n := range names {
			if i, ok := col[n]; ok {
				return i
			}
		}
		return -1
	}
	result = find(gameResult_)
	if a, b = find(seatedFirst), find(seatedSecond); a >= 0 && b >= 0 {
		return a, b, result, true, result >= 0
	}
	a, b = find(gameFirst), find(gameSecond)
	return a, b, result, false, a >= 0 && b >= 0 && result >= 0
}

// readGames reads one game per line: the two players and the result (in
// any order; other columns ignored), where the result is the first
// player's: 1-0, 0-1, 1/2-1/2 (or draw), or its score 1, 0, 0.5. Columns
// named first/second (white/black, home/away) record who moved first;
// player_a/player_b (a/b, ...) do not.
func readGames(s *csvdata.Scanner, rd *reading) error {
	head, col, err := s.Header(GameHeaders)
	if err != nil {
		return err
	}
	ca, cb, cr, seated, ok := gameColumns(col)
	if !ok {
		return &DataError{File: s.Name(), Line: s.Line(), Msg: fmt.Sprintf("header %s: want %s", excerpt([]byte(strings.Join(head, ","))), GameHeaders)}
	}
	c := []int{ca, cb, cr}
	rd.log.unseated = !seated
	names := rd.names
	cols := columnsOf(len(head), map[int]int8{c[0]: colA, c[1]: colB, c[2]: colResult})
	var r row
	for {
		if line := s.Plain(); fastRows && line != nil && plainRow(line, cols, &r) && !bytes.Equal(r.a, r.b) {
			rd.log.add(names.index(r.a), names.index(r.b), r.result)
			s.Skip()
			continue
		}
		if !s.Scan() {
			break
		}
		if s.NumFields() != len(head) {
			return s.Want(len(head))
		}
		an, err := nameAt(s, c[0], "first player")
		if err != nil {
			return err
		}
		bn, err := nameAt(s, c[1], "second player")
		if err != nil {
			return err
		}
		if bytes.Equal(an, bn) {
			return s.Errorf(c[1], "players %q and %q: need two different names", an, bn)
		}
		o, ok := gameResult(s.Trimmed(c[2]))
		if !ok {
			return s.Errorf(c[2], "result %q: want %s", s.Field(c[2]), GameResults)
		}
		rd.log.add(names.index(an), names.index(bn), o)
	}
	return s.Err()
}

// FromGames reads results from a DataFrame with one game a row: the
// columns a and b name the players, and score holds a's score (1, 0 or
// 0.5, as numbers or strings) or the game's result (1-0, 0-1, 1/2-1/2,
// draw, ...: GameResults). No seat is recorded. For per-pair counts, see
// FromDataFrame.
func FromGames(df dataframe.DataFrame, a, b, score string) (*Results, error) {
	if df.Err != nil {
		return nil, df.Err
	}
	has := map[string]bool{}
	for _, c := range df.Names() {
		has[c] = true
	}
	for _, need := range []string{a, b, score} {
		if !has[need] {
			return nil, fmt.Errorf("DataFrame lacks column %q (has %s)", need, strings.Join(df.Names(), ", "))
		}
	}
	an, bn := df.Col(a).Records(), df.Col(b).Records()
	sc := df.Col(score)
	var nums []float64
	var strs []string
	if t := sc.Type(); t == series.Float || t == series.Int || t == series.Bool {
		nums = sc.Float()
	} else {
		strs = sc.Records()
	}
	res := NewResults()
	for i := range an {
		o := -1
		if nums != nil {
			switch nums[i] {
			case 1:
				o = firstWins
			case 0:
				o = secondWins
			case 0.5:
				o = drawn
			}
		} else if r, ok := gameResult(bytes.TrimSpace([]byte(strs[i]))); ok {
			o = r
		}
		val := func() string {
			if nums != nil {
				return fmt.Sprint(nums[i])
			}
			return strconv.Quote(strs[i])
		}
		switch {
		case o < 0:
			return nil, fmt.Errorf("DataFrame row %d: %s %s: want %s", i+1, score, val(), GameResults)
		case strings.TrimSpace(an[i]) == "" || strings.TrimSpace(bn[i]) == "":
			return nil, fmt.Errorf("DataFrame row %d: empty player name", i+1)
		}
		w := [3]float64{}
		w[o] = 1
		if err := res.Add(strings.TrimSpace(an[i]), strings.TrimSpace(bn[i]), w[firstWins], w[secondWins], w[drawn], NoSeat); err != nil {
			return nil, fmt.Errorf("DataFrame row %d: %w", i+1, err)
		}
	}
	return res, nil
}

// FromDataFrame reads results from a DataFrame with the columns of the
// pairs format: a, b, wins_a, wins_b and optionally draws and first (one
// row a pair, with counts). For one game a row, see FromGames.
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
