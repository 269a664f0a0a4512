package bt

// The readers as they were before the streaming scanner (encoding/csv,
// one string per field, results held as matchups, and bufio lines for
// PGN), kept as the baseline of BenchmarkRead.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/coevolab/coevo/internal/csvdata"
)

// oldReadPairsOf reads a file as ReadPairs did.
func oldReadPairsOf(r io.Reader, name, format string) ([]string, *Pairs, error) {
	if format == "pgn" {
		res, log, err := oldReadPGN(r, name)
		if err != nil {
			return nil, nil, err
		}
		return res.Players, log.pairs(len(res.Players)), nil
	}
	t := csvdata.NewReader(r, name)
	if format == "games" {
		res, log, err := oldReadGames(t)
		if err != nil {
			return nil, nil, err
		}
		return res.Players, log.pairs(len(res.Players)), nil
	}
	res, err := oldReadPairs(t)
	if err != nil {
		return nil, nil, err
	}
	return res.Players, res.Pairs(), nil
}

// name returns field k of rec as a player name: trimmed, non-empty and
// valid UTF-8 (a name in another encoding would be garbled in every
// report), or a located error.
func oldName(t *csvdata.Reader, rec []string, k int, what string) (string, error) {
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
func oldColumns(t *csvdata.Reader, col map[string]int, want string, need ...string) ([]int, error) {
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
func oldReadPairs(t *csvdata.Reader) (*Results, error) {
	const want = "a,b,wins_a,wins_b,draws[,first]"
	head, col, err := t.Header(want)
	if err != nil {
		return nil, err
	}
	c, err := oldColumns(t, col, want, "a", "b", "wins_a", "wins_b")
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
			if v[k], err = oldCount(t, rec, i, field); err != nil {
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
		a, err := oldName(t, rec, c[0], "player a")
		if err != nil {
			return nil, err
		}
		b, err := oldName(t, rec, c[1], "player b")
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
func oldCount(t *csvdata.Reader, rec []string, k int, what string) (float64, error) {
	v, err := t.Float(rec, k, what, 0)
	if err == nil && v > MaxCount {
		return 0, t.Errorf(k, "%s %v is too large (above 2^53 = %.4g, float64 no longer counts games exactly)", what, v, float64(MaxCount))
	}
	return v, err
}

// readGames reads one game per line, columns first, second and result (in
// any order; other columns ignored), where result is the first player's
// score: 1-0, 0-1, 1/2-1/2 (or draw), or 1, 0, 0.5.
func oldReadGames(t *csvdata.Reader) (*Results, *gameLog, error) {
	const want = "first,second,result"
	head, col, err := t.Header(want)
	if err != nil {
		return nil, nil, err
	}
	c, err := oldColumns(t, col, want, "first", "second", "result")
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
		a, err := oldName(t, rec, c[0], "first player")
		if err != nil {
			return nil, nil, err
		}
		b, err := oldName(t, rec, c[1], "second player")
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

// readPGN reads games in Portable Game Notation, the format chess engines,
// Ordo and BayesElo use: each game's White, Black and Result tags give a
// game between White (who moves first, seat AFirst) and Black. A game
// whose Result is "*" (unfinished) is skipped, as Ordo and BayesElo do;
// without a Result tag the result that ends the movetext is used. Moves,
// comments ({...}, ;...), variations and other tags are skipped, so the
// reader runs at the speed of scanning lines. Names are UTF-8, or, where
// a name is not valid UTF-8, ISO 8859-1 (Latin-1), the character set of
// the PGN standard (section 4.1), converted to UTF-8.
func oldReadPGN(r io.Reader, name string) (*Results, *gameLog, error) {
	br := bufio.NewReaderSize(csvdata.SkipBOM(r), 1<<20)
	res := NewResults()
	log := &gameLog{}
	var (
		line                int // current line number
		start               int // line where the current game started
		white, black, score = -1, -1, -1
		tags, moves         bool // the current game has tags / movetext
		inComment           bool // inside a {...} comment spanning lines
		long                []byte
	)
	errorf := func(l int, format string, a ...any) error {
		return &DataError{File: name, Line: l, Msg: fmt.Sprintf(format, a...)}
	}
	player := func(v []byte) int {
		if i, ok := res.index[string(v)]; ok {
			return i
		}
		return res.Player(latin1(v))
	}
	finish := func() error {
		defer func() { white, black, score, tags, moves = -1, -1, -1, false, false }()
		if !tags && !moves {
			return nil
		}
		switch {
		case white < 0:
			return errorf(start, "game has no White tag")
		case black < 0:
			return errorf(start, "game has no Black tag")
		case white == black:
			return errorf(start, "%q cannot play itself", res.Players[white])
		case score == unfinished:
			return nil
		case score < 0:
			return errorf(start, "game has no Result tag and no result at the end of its moves")
		}
		log.add(white, black, score)
		return nil
	}
	for {
		b, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			long = append(long[:0], b...)
			for errors.Is(err, bufio.ErrBufferFull) {
				b, err = br.ReadSlice('\n')
				long = append(long, b...)
			}
			b = long
		}
		if len(b) == 0 && err != nil {
			if err != io.EOF {
				return nil, nil, err
			}
			break
		}
		line++
		b = trimRight(b)
		if inComment {
			k := bytes.IndexByte(b, '}')
			if k < 0 {
				continue
			}
			inComment = false
			b = b[k+1:]
		} else if len(b) > 0 && b[0] == '%' {
			continue
		}
		t := trimLeft(b)
		if len(t) > 0 && t[0] == '[' {
			key, val, ok := oldParseTag(t)
			if !ok {
				return nil, nil, errorf(line, "malformed tag %q (want [Name \"value\"])", t)
			}
			// A tag after movetext, or a second White or Black tag, starts
			// the next game.
			if moves || string(key) == "White" && white >= 0 || string(key) == "Black" && black >= 0 {
				if err := finish(); err != nil {
					return nil, nil, err
				}
			}
			if !tags {
				start = line
			}
			tags = true
			switch string(key) {
			case "White", "Black":
				if len(val) == 0 {
					return nil, nil, errorf(line, "empty %s tag: a player needs a name", key)
				}
				if string(key) == "White" {
					white = player(val)
				} else {
					black = player(val)
				}
			case "Result":
				if score = outcome(val); score < 0 {
					return nil, nil, errorf(line, "result %q: want 1-0, 0-1, 1/2-1/2 or *", val)
				}
			}
			continue
		}
		// Movetext: strip comments, then look for a result at the end.
		var ok bool
		if t, inComment, ok = oldStripComments(t); !ok {
			return nil, nil, errorf(line, "unbalanced }")
		}
		t = trimRight(t)
		if len(t) == 0 {
			continue
		}
		if !tags && !moves {
			start = line
		}
		moves = true
		if score < 0 {
			if k := bytes.LastIndexAny(t, " \t."); k >= 0 {
				t = t[k+1:]
			}
			score = outcome(t)
		}
	}
	if err := finish(); err != nil {
		return nil, nil, err
	}
	return res, log, nil
}

// parseTag splits [Name "value"] (with \" and \\ escapes in the value).
func oldParseTag(t []byte) (key, val []byte, ok bool) {
	t = trimRight(t)
	if len(t) < 2 || t[len(t)-1] != ']' {
		return nil, nil, false
	}
	t = trimRight(trimLeft(t[1 : len(t)-1]))
	k := 0
	for k < len(t) && t[k] != ' ' && t[k] != '\t' {
		k++
	}
	if k == 0 || k == len(t) {
		return nil, nil, false
	}
	key, t = t[:k], trimLeft(t[k:])
	if len(t) < 2 || t[0] != '"' || t[len(t)-1] != '"' {
		return nil, nil, false
	}
	val = t[1 : len(t)-1]
	if bytes.IndexByte(val, '\\') >= 0 {
		var u []byte
		for i := 0; i < len(val); i++ {
			if val[i] == '\\' && i+1 < len(val) {
				i++
			}
			u = append(u, val[i])
		}
		val = u
	}
	return key, trimRight(trimLeft(val)), true
}

// stripComments removes {...} comments and a ; comment from a movetext
// line; open reports a { left open at the end of the line.
func oldStripComments(t []byte) (out []byte, open, ok bool) {
	plain := true
	for _, c := range t {
		if c == '{' || c == ';' || c == '}' {
			plain = false
			break
		}
	}
	if plain {
		return t, false, true
	}
	var b []byte
	for len(t) > 0 {
		k := bytes.IndexAny(t, "{;}")
		if k < 0 {
			b = append(b, t...)
			break
		}
		b = append(b, t[:k]...)
		switch t[k] {
		case ';':
			return b, false, true
		case '}':
			return nil, false, false
		}
		e := bytes.IndexByte(t[k+1:], '}')
		if e < 0 {
			return b, true, true
		}
		b = append(b, ' ')
		t = t[k+1+e+1:]
	}
	return b, false, true
}
