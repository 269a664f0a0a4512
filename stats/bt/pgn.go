package bt

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/coevolab/coevo/internal/csvdata"
)

// readPGN reads games in Portable Game Notation, the format chess engines,
// Ordo and BayesElo use: each game's White, Black and Result tags give a
// game between White (who moves first, seat AFirst) and Black. A game
// whose Result is "*" (unfinished) is skipped, as Ordo and BayesElo do;
// without a Result tag the result that ends the movetext is used. Moves,
// comments ({...}, ;...), variations and other tags are skipped, so the
// reader runs at the speed of scanning lines. Tags may share a line
// ([White "A"] [Black "B"]). Names are UTF-8, or, where a name is not
// valid UTF-8, ISO 8859-1 (Latin-1), the character set of the PGN
// standard (section 4.1), converted to UTF-8. A line is at most
// csvdata.MaxLine bytes: a longer one (a binary file, /dev/zero) is an
// error before more of it is held. size is the stream's size, -1 if
// unknown.
func readPGN(r io.Reader, name string, size int64) (*reading, error) {
	ln := csvdata.NewLines(r, name, "a PGN file", 0)
	defer ln.Close()
	res := NewResults()
	// A game takes 40 bytes of PGN at the very least.
	log := newGameLog(size / 40)
	var (
		line                int // current line number
		start               int // line where the current game started
		white, black, score = -1, -1, -1
		tags, moves         bool // the current game has tags / movetext
		inComment           bool // inside a {...} comment spanning lines
		scratch             []byte
	)
	errorf := func(l int, format string, a ...any) error {
		return &DataError{File: name, Line: l, Msg: fmt.Sprintf(format, a...)}
	}
	names := newNameIndex()
	player := func(v []byte) int {
		if i := names.find(v); i >= 0 {
			return i
		}
		return names.index([]byte(latin1(v)))
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
			return errorf(start, "%q cannot play itself", names.names[white])
		case score == unfinished:
			res.Unfinished++
			return nil
		case score < 0:
			return errorf(start, "game has no Result tag and no result at the end of its moves")
		}
		log.add(white, black, score)
		return nil
	}
	for {
		b, _, err := ln.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		line = ln.Line()
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
		// Tags, one or more, at the start of the line.
		for len(t) > 0 && t[0] == '[' {
			var key, val []byte
			var ok bool
			if key, val, t, ok = nextTag(t, &scratch); !ok {
				return nil, errorf(line, "malformed tag %s (want [Name \"value\"])", excerpt(t))
			}
			t = trimLeft(t)
			// A tag after movetext, or a second White or Black tag, starts
			// the next game.
			if moves || string(key) == "White" && white >= 0 || string(key) == "Black" && black >= 0 {
				if err := finish(); err != nil {
					return nil, err
				}
			}
			if !tags {
				start = line
			}
			tags = true
			switch string(key) {
			case "White", "Black":
				if len(val) == 0 {
					return nil, errorf(line, "empty %s tag: a player needs a name", key)
				}
				if string(key) == "White" {
					white = player(val)
				} else {
					black = player(val)
				}
			case "Result":
				if score = outcome(val); score < 0 {
					return nil, errorf(line, "result %s: want 1-0, 0-1, 1/2-1/2 or *", excerpt(val))
				}
			}
		}
		// Movetext: strip comments, then look for a result at the end.
		var ok bool
		if t, inComment, ok = stripComments(t, &scratch); !ok {
			return nil, errorf(line, "unbalanced }")
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
		return nil, err
	}
	return (&reading{res: res, names: names, log: log}).done(), nil
}

// excerpt quotes b for an error message, cut to 60 bytes.
func excerpt(b []byte) string {
	if len(b) > 60 {
		return strconv.Quote(string(b[:60])) + "..."
	}
	return strconv.Quote(string(b))
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

// nextTag reads the tag [Name "value"] that begins t (with \" and \\
// escapes in the value; a quote not followed by ] belongs to the value,
// as careless writers leave them unescaped) and returns the rest of t.
// An unescaped value is written to scratch.
func nextTag(t []byte, scratch *[]byte) (key, val, rest []byte, ok bool) {
	u := trimLeft(t[1:])
	k := 0
	for k < len(u) && !endsKey[u[k]] {
		k++
	}
	if k == 0 {
		return nil, nil, t, false
	}
	key, u = u[:k], trimLeft(u[k:])
	if len(u) == 0 || u[0] != '"' {
		return nil, nil, t, false
	}
	u = u[1:]
	escaped := false
	for i := 0; i < len(u); i++ {
		q := bytes.IndexByte(u[i:], '"')
		if q < 0 {
			break
		}
		if b := bytes.IndexByte(u[i:i+q], '\\'); b >= 0 {
			// An escape before the next quote: step over it.
			escaped = true
			i += b + 1
			continue
		}
		i += q
		after := u[i+1:]
		if len(after) > 0 && after[0] != ']' {
			after = trimLeft(after)
		}
		if len(after) == 0 || after[0] != ']' {
			continue
		}
		val, rest = u[:i], after[1:]
		if escaped {
			s := (*scratch)[:0]
			for i := 0; i < len(val); i++ {
				if val[i] == '\\' && i+1 < len(val) {
					i++
				}
				s = append(s, val[i])
			}
			*scratch, val = s, s
		}
		if len(val) > 0 && (isSpace(val[0]) || isSpace(val[len(val)-1])) {
			val = trimRight(trimLeft(val))
		}
		return key, val, rest, true
	}
	return nil, nil, t, false
}

// endsKey marks the bytes that end a tag's name.
var endsKey = [256]bool{' ': true, '\t': true, '"': true, ']': true}

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
// line (writing to scratch when there are some); open reports a { left
// open at the end of the line.
func stripComments(t []byte, scratch *[]byte) (out []byte, open, ok bool) {
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
	b := (*scratch)[:0]
	defer func() { *scratch = b[:0] }()
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
