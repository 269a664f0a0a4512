package bt

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/coevolab/coevo/internal/csvdata"
)

// DetectSize is how many bytes Detect is given by the readers: enough for
// a header and a row of any reasonable file.
const DetectSize = 64 << 10

// Detect tells the format of results from the first bytes of a file (up
// to DetectSize): "pgn" when its first line that is not blank, a comment
// or a % escape starts a tag ([White "..."]); of CSV, "pairs" when the
// header names wins_a and wins_b, "games" when it names two players and a
// result (GameHeaders), "matrix" when the first row's name is the header's
// second cell (paper 003 Table VI's layout). When none fits, the error
// says what the header was and what each format wants; text that is not
// UTF-8 (a file saved as UTF-16) is named as such.
func Detect(head []byte) (string, error) {
	if msg := csvdata.EncodingError(head); msg != "" {
		return "", errors.New(msg)
	}
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	rest := head
	for len(rest) > 0 {
		line := rest
		if k := bytes.IndexByte(rest, '\n'); k >= 0 {
			line, rest = rest[:k], rest[k+1:]
		} else {
			rest = nil
		}
		t := bytes.TrimSpace(line)
		switch {
		case len(t) == 0 || t[0] == '%' || t[0] == ';':
			continue
		case t[0] == '[':
			return "pgn", nil
		case t[0] == '#':
			continue
		}
		break
	}
	r := csv.NewReader(bytes.NewReader(head))
	r.Comment = '#'
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	hdr, err := r.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return "", errors.New("empty: no header and no games (want a CSV header or PGN)")
		}
		return "", fmt.Errorf("cannot read a header: %v", err)
	}
	col := map[string]int{}
	for i, h := range hdr {
		col[strings.ToLower(strings.TrimSpace(h))] = i
	}
	if _, ok := col["wins_a"]; ok {
		if _, ok := col["wins_b"]; ok {
			return "pairs", nil
		}
	}
	if _, _, _, _, ok := gameColumns(col); ok {
		return "games", nil
	}
	if len(hdr) >= 3 {
		if row, err := r.Read(); err == nil && len(row) > 0 && strings.TrimSpace(row[0]) != "" &&
			strings.TrimSpace(row[0]) == strings.TrimSpace(hdr[1]) {
			return "matrix", nil
		}
	}
	shown := strings.Join(hdr, ",")
	if len(shown) > 80 {
		shown = shown[:80] + "..."
	}
	return "", fmt.Errorf("header %q is none of the formats: pairs wants a,b,wins_a,wins_b[,draws]; games wants %s; matrix a label then the players, each row starting with a player in the header's order; PGN starts with tags such as [White \"A\"]", shown, GameHeaders)
}

// detect reads the format of r from its first bytes, and returns a reader
// that still gives them.
func detect(r io.Reader) (string, io.Reader, error) {
	br := bufio.NewReaderSize(r, DetectSize)
	head, err := br.Peek(DetectSize)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return "", nil, err
	}
	format, err := Detect(head)
	return format, br, err
}
