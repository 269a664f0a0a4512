package docs

import (
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"testing"
)

func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The embedded documentation is the source's: a doc comment changed
// without go generate fails here.
func TestEmbeddedIsCurrent(t *testing.T) {
	fresh, err := Generate("../..")
	if err != nil {
		t.Fatal(err)
	}
	if gunzip(t, fresh) != gunzip(t, embedded) {
		t.Fatal("kernel/docs/coevo.json.gz is out of date: run go generate ./kernel/docs (or ./kernel/symbols)")
	}
}

// Lookup finds what go doc prints: a function with its comment, a type
// with its methods' signatures, a method, a package's doc.
func TestLookup(t *testing.T) {
	for _, c := range []struct{ path, name, want string }{
		{Module + "/stats/bt", "Fit", "func Fit(r *Results) (*Ratings, error)\n    Fit "},
		{Module + "/stats/bt", "Ratings", "func (f *Ratings) Elo() []float64\n"},
		{Module + "/stats/bt", "Ratings.Elo", "func (f *Ratings) Elo() []float64\n    Elo returns the ratings on the Elo scale"},
		{Module + "/engine/grundy", "", "package grundy // import \"github.com/coevolab/coevo/engine/grundy\"\n\nPackage grundy computes"},
		{Module + "/kernel/widget", "IntSlider.SetValue", "func (s *IntSlider) SetValue(v int)"},
	} {
		got, ok := Lookup(c.path, c.name)
		if !ok || !strings.Contains(got, c.want) {
			t.Errorf("%s.%s: %v\n%s\nwant it to hold %q", c.path, c.name, ok, got, c.want)
		}
	}
	if _, ok := Lookup(Module+"/stats/bt", "ratings"); ok {
		t.Error("an unexported name is documented")
	}
	if _, ok := Lookup("strings", "Repeat"); ok {
		t.Error("the standard library is not embedded")
	}
}
