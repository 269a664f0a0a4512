package runtime

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/coevolab/coevo/internal/csvdata"
)

// ReadFile reads points from a CSV file; see Read.
func ReadFile(path, x, y, censored string) ([]Point, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path, x, y, censored)
}

// Read reads points from CSV with a header: column x is the size, column y
// the runtime, and column censored (if present; true/false, 1/0, yes/no)
// marks runs that hit their budget. Other columns (such as a repetition
// number) are ignored. name is used in errors.
func Read(r io.Reader, name, x, y, censored string) ([]Point, error) {
	t := csvdata.NewReader(r, name)
	head, col, err := t.UniqueHeader(x + "," + y)
	if err != nil {
		return nil, err
	}
	xi, okx := col[strings.ToLower(x)]
	yi, oky := col[strings.ToLower(y)]
	if !okx || !oky {
		return nil, &csvdata.Error{File: name, Line: 1, Msg: fmt.Sprintf("header %q lacks column %q or %q (choose them with --x and --y)", strings.Join(head, ","), x, y)}
	}
	ci, okc := col[strings.ToLower(censored)]
	var pts []Point
	for {
		rec, err := t.Row(len(head))
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		n, err := t.Float(rec, xi, x, 0)
		if err != nil {
			return nil, err
		}
		v, err := t.Float(rec, yi, y, 0)
		if err != nil {
			return nil, err
		}
		if n <= 1 || v <= 0 {
			return nil, t.Errorf(xi, "size %v must exceed 1 and runtime %v be positive for log-log fits", n, v)
		}
		p := Point{N: n, T: v}
		if okc {
			switch strings.ToLower(strings.TrimSpace(rec[ci])) {
			case "1", "true", "yes", "t":
				p.Censored = true
			case "0", "false", "no", "f", "":
			default:
				return nil, t.Errorf(ci, "%s %q: want true/false, 1/0 or yes/no", censored, rec[ci])
			}
		}
		pts = append(pts, p)
	}
	if len(pts) == 0 {
		return nil, &csvdata.Error{File: name, Line: 1, Msg: "no data rows"}
	}
	return pts, nil
}
