package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Long outputs are written as they are produced, a row or a step at a
// time, and stop with ctx's error as soon as ctx is done (Ctrl-C): a
// table of millions of cells is never built whole in memory (as
// text/tabwriter and encoding/json do) before its first byte goes out.
// The bytes are those the buffered writers would have written.

// printLong prints the line text returns, which takes seconds to make
// without looking at ctx (the points table of a league of a thousand
// players): Ctrl-C does not wait for it.
func printLong(ctx context.Context, w io.Writer, text func() (string, error)) error {
	var s string
	if err := interruptible(ctx, func() (err error) { s, err = text(); return err }); err != nil {
		return err
	}
	_, err := fmt.Fprintln(ctxWriter{ctx, w}, s)
	return err
}

// jsonObject streams a JSON object: the fields of a struct encoded at once,
// then fields written one by one (a long one row by row), as
// json.Encoder with SetEscapeHTML(false) writes the whole struct.
type jsonObject struct {
	w      *bufio.Writer
	fields bool // a field has been written
}

// newJSONObject writes the fields of head, a struct, as the start of an
// object (without its closing brace).
func newJSONObject(w *bufio.Writer, head any) (*jsonObject, error) {
	b, err := marshalNoEscape(head)
	if err != nil {
		return nil, err
	}
	if len(b) < 2 || b[0] != '{' || b[len(b)-1] != '}' {
		return nil, &json.UnsupportedValueError{Str: "not an object: " + string(b)}
	}
	w.Write(b[:len(b)-1])
	return &jsonObject{w: w, fields: len(b) > 2}, nil
}

// field starts the field name: its value must follow.
func (o *jsonObject) field(name string) {
	if o.fields {
		o.w.WriteByte(',')
	}
	o.fields = true
	k, _ := marshalNoEscape(name)
	o.w.Write(k)
	o.w.WriteByte(':')
}

// value writes v, encoded at once, as a field's value.
func (o *jsonObject) value(v any) error {
	b, err := marshalNoEscape(v)
	if err == nil {
		_, err = o.w.Write(b)
	}
	return err
}

// close ends the object and the line, and flushes.
func (o *jsonObject) close() error {
	o.w.WriteString("}\n")
	return o.w.Flush()
}

// marshalNoEscape is json.Marshal without the escaping of <, > and &.
func marshalNoEscape(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// appendNum appends x as num's MarshalJSON writes it: null for NaN and
// the infinities, else as encoding/json writes a float64 (the shortest
// decimal that reads back the same, in exponent form below 1e-6 and from
// 1e21 on, with a two-digit exponent at least).
func appendNum(b []byte, x float64) []byte {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return append(b, "null"...)
	}
	f := byte('f')
	if a := math.Abs(x); a != 0 && (a < 1e-6 || a >= 1e21) {
		f = 'e'
	}
	b = strconv.AppendFloat(b, x, f, -1, 64)
	if f == 'e' {
		// e-07 to e-7, as encoding/json does.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// writeJSON writes the matrix as its JSON encoding ({"players":[...],
// "p":[[...],...]}), a row at a time, stopping when ctx is done.
func (t *losTable) writeJSON(ctx context.Context, w *bufio.Writer) error {
	o, err := newJSONObject(w, struct {
		Players []string `json:"players"`
	}{t.Players})
	if err != nil {
		return err
	}
	o.field("p")
	if t.P == nil {
		w.WriteString("null")
	} else {
		w.WriteByte('[')
		var row []byte
		for a, r := range t.P {
			if err := ctx.Err(); err != nil {
				return err
			}
			row = row[:0]
			if a > 0 {
				row = append(row, ',')
			}
			row = append(row, '[')
			for b, x := range r {
				if b > 0 {
					row = append(row, ',')
				}
				row = appendNum(row, float64(x))
			}
			row = append(row, ']')
			if _, err := w.Write(row); err != nil {
				return err
			}
		}
		w.WriteByte(']')
	}
	_, err = w.WriteString("}")
	return err
}

// encodeLOS writes out, a struct whose last field is the matrix "los"
// (omitted when nil), with los streamed in that field: the bytes of
// json.Encoder with SetEscapeHTML(false) encoding the whole, a line.
func encodeLOS(ctx context.Context, stdout io.Writer, out any, los *losTable) error {
	w := bufio.NewWriterSize(stdout, 64<<10)
	o, err := newJSONObject(w, out)
	if err != nil {
		return err
	}
	if los != nil {
		o.field("los")
		if err := los.writeJSON(ctx, w); err != nil {
			w.Flush()
			return err
		}
	}
	return o.close()
}

// print writes the matrix in percent, players by Elo, columns numbered as
// the rows, right-aligned as text/tabwriter aligns them (padding 1), a row
// at a time, stopping when ctx is done.
func (t *losTable) print(ctx context.Context, stdout io.Writer) error {
	n := len(t.Players)
	cell := func(a, b int) string {
		if a == b {
			return "-"
		}
		return strconv.FormatFloat(100*float64(t.P[a][b]), 'f', 0, 64)
	}
	// Column widths: the row numbers, the names, then one per player.
	width := make([]int, n+2)
	width[0] = len(strconv.Itoa(n))
	for a, p := range t.Players {
		if err := ctx.Err(); err != nil {
			return err
		}
		width[1] = max(width[1], utf8.RuneCountInString(p))
		for b := range t.Players {
			width[b+2] = max(width[b+2], len(cell(a, b)))
		}
	}
	for b := range t.Players {
		width[b+2] = max(width[b+2], len(strconv.Itoa(b+1)))
	}
	w := bufio.NewWriterSize(stdout, 64<<10)
	w.WriteString("likelihood of superiority, % (row stronger than column):\n")
	var line []byte
	put := func(col int, s string) {
		line = append(line, strings.Repeat(" ", width[col]+1-utf8.RuneCountInString(s))...)
		line = append(line, s...)
	}
	put(0, "")
	put(1, "")
	for b := range t.Players {
		put(b+2, strconv.Itoa(b+1))
	}
	line = append(line, '\n')
	w.Write(line)
	for a, p := range t.Players {
		if err := ctx.Err(); err != nil {
			w.Flush()
			return err
		}
		line = line[:0]
		put(0, strconv.Itoa(a+1))
		put(1, p)
		for b := range t.Players {
			put(b+2, cell(a, b))
		}
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return w.Flush()
}
