package runtime

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/coevolab/coevo/internal/csvdata"
)

// Read never panics and every error it returns locates the bad input
// (a *csvdata.Error, which the command line reports as bad usage); the
// points it accepts are fit for log-log fits, and Fit on them never
// panics. Run on the committed corpus by go test; make fuzz runs it longer.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"n,T\n10,100\n20,800\n",
		"n,rep,T,censored\n10,1,100,false\n10,2,120,true\n20,1,900,0\n40,1,7000,yes\n",
		"\ufeffn,T\n2,3\n",
		"# comment\nN,t\n 4 , 5\n",
		"n,T\n1,5\n",
		"n,T\n10,NaN\n",
		"n,T\n10,1e400\n",
		"n,T\n10\n",
		"n,T,censored\n10,3,maybe\n",
		"n,T\n\"10\n\",3\n",
		",,\n,,0\n,,0",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		pts, err := Read(strings.NewReader(data), "f.csv", "n", "T", "censored")
		if err != nil {
			var ce *csvdata.Error
			if !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), "f.csv:") {
				t.Fatalf("error %T does not locate the input: %v", err, err)
			}
			return
		}
		for _, p := range pts {
			if !(p.N > 1) || !(p.T > 0) || math.IsInf(p.N, 0) || math.IsInf(p.T, 0) {
				t.Fatalf("point %+v accepted", p)
			}
		}
		if r, err := Fit(pts, Options{Bootstrap: 20, Seed: 1}); err == nil && r.Used == 0 {
			t.Fatalf("a fit of no points: %+v", r)
		}
	})
}
