package coevolve

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// A Config prints its name for %v and %s, and every setting for %+v (the
// name alone hid them: fmt.Printf("%+v", cfg) showed "NashSolve |A|=2,
// seed 1"); %#v is Go syntax naming the type. The settings are the
// paper's for NashSolve |A| = 2 (PaperConfig: 30,000/|A| generations, a
// snapshot every 300/|A|, population 100).
func TestConfigFormat(t *testing.T) {
	c := PaperConfig(NashSolve, 2, 1)
	for verb, want := range map[string]string{
		"%v":   "NashSolve |A|=2, seed 1",
		"%s":   "NashSolve |A|=2, seed 1",
		"%q":   `"NashSolve |A|=2, seed 1"`,
		"%30v": "       NashSolve |A|=2, seed 1",
	} {
		if got := fmt.Sprintf(verb, c); got != want {
			t.Errorf("%s: %s, want %s", verb, got, want)
		}
	}
	plus := fmt.Sprintf("%+v", c)
	for _, want := range []string{"{Method:nashsolve ", " Archive:2 ", " Generations:15000 ", " Population:100 ", " Snapshot:150 ", " Seed:1"} {
		if !strings.Contains(plus, want) {
			t.Errorf("%%+v: %s, lacks %q", plus, want)
		}
	}
	for _, f := range reflect.VisibleFields(reflect.TypeOf(c)) {
		if !strings.Contains(plus, f.Name+":") {
			t.Errorf("%%+v: %s, lacks the setting %s", plus, f.Name)
		}
	}
	if got := fmt.Sprintf("%#v", c); !strings.HasPrefix(got, `coevolve.Config{Method:"nashsolve", Archive:2,`) {
		t.Errorf("%%#v: %s", got)
	}
	if got := fmt.Sprintf("%+v", []Config{c}); !strings.HasPrefix(got, "[{Method:nashsolve") {
		t.Errorf("in a slice: %s", got)
	}
}
