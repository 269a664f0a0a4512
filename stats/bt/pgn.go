package bt

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/coevolab/coevo/internal/csvdata"
)

// readPGN reads games in Portable Game Notation, the format chess engines,
// Ordo and BayesElo use: each game's White, Black and Result tags give a
// game between White (who moves first, seat AFirst) and Black. A game
// whose Result is "*" (unfinished) is skipped, as Ordo and BayesElo do;
// without a Result tag the result that ends the movetext is used. Moves,
// comments ({...}, ;...), variations and other tags are skipped, so the
// reader runs at the speed of scanning lines. Names are UTF-8, or, where
// a name is not valid UTF-8, ISO 8859-1 (Latin-1), the character set of
// the PGN standard (section 4.1), converted to UTF-8.
func readPGN(r io.Reader, name string) (*Results, *gameLog, error) {
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
			key, val, ok := parseTag(t)
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
		if t, inComment, ok = stripComments(t); !ok {
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

const unfinished = 3

// latin1 returns v as a string: itself when valid UTF-8, else decoded from
// ISO 8859-1, where every byte is the code point of its value.
func latin1(v []byte) string {
	if utf8.Valid(v) {
		return string(v)
	}
	r := make([]rune, len(v))
	for i, c := range v {
		r[i] = rune(c)
	}
	return string(r)
}

// outcome reads a PGN result: first (White) wins, second wins, drawn,
// unfinished, or -1.
func outcome(v []byte) int {
	switch string(v) {
	case "1-0":
		return firstWins
	case "0-1":
		return secondWins
	case "1/2-1/2", "½-½":
		return drawn
	case "*":
		return unfinished
	}
	return -1
}

// parseTag splits [Name "value"] (with \" and \\ escapes in the value).
func parseTag(t []byte) (key, val []byte, ok bool) {
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

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func trimLeft(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	return b
}

func trimRight(b []byte) []byte {
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// stripComments removes {...} comments and a ; comment from a movetext
// line; open reports a { left open at the end of the line.
func stripComments(t []byte) (out []byte, open, ok bool) {
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
