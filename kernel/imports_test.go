package kernel_test

import (
	"math/rand"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coevolab/coevo/kernel"
)

// An import binds its path (issue 23): importing a name again from another
// path rebinds it, a module package named like a standard one (go-cmp's
// cmp) is the module's, and the standard one can be had back; a generic
// function of a module's package is instantiated from the module's source
// and runs interpreted. The modules come from the Go module proxy.
func TestImportsBindTheirPath(t *testing.T) {
	cache := t.TempDir()
	c := startWith(t, kernel.Options{WorkerEnv: []string{"COEVO_KERNEL_CACHE=" + cache}, InterruptGrace: time.Minute})

	// math/rand, then crypto/rand under the same name, then math/rand again.
	want := strconv.Itoa(rand.New(rand.NewSource(1)).Intn(1000))
	if r := c.ok("import \"math/rand\"\nrand.New(rand.NewSource(1)).Intn(1000)"); r.data("execute_result", "text/plain") != want {
		t.Fatalf("math/rand: %v, want %s", r.reply, want)
	}
	if r := c.ok("import \"crypto/rand\"\nb := make([]byte, 8)\nn, err := rand.Read(b)\nn == 8 && err == nil && rand.Reader != nil"); r.data("execute_result", "text/plain") != "true" {
		t.Fatalf("crypto/rand: %v", r.reply)
	}
	if r := c.execute("rand.Intn(5)"); r.reply["ename"] != "compile error" || !strings.Contains(r.reply["evalue"].(string), "Intn") {
		t.Fatalf("rand is crypto/rand now: %v", r.reply)
	}
	if r := c.ok("import \"math/rand\"\nrand.New(rand.NewSource(1)).Intn(1000)"); r.data("execute_result", "text/plain") != want {
		t.Fatalf("math/rand again: %v", r.reply)
	}

	// go-cmp's cmp is not the standard library's cmp.
	if r := c.execute("%go get github.com/google/go-cmp@v0.6.0"); r.reply["status"] != "ok" {
		t.Fatalf("%%go get go-cmp: %v", r.reply)
	}
	r := c.ok("import \"github.com/google/go-cmp/cmp\"\ncmp.Equal([]int{1, 2}, []int{1, 2}) && !cmp.Equal(map[string]int{\"a\": 1}, map[string]int{\"a\": 2})")
	if r.data("execute_result", "text/plain") != "true" {
		t.Fatalf("go-cmp's Equal: %v", r.reply)
	}
	// go-cmp's Diff marks a removed line with -, an added one with +
	// (and varies its spaces on purpose).
	diff := c.ok("cmp.Diff([]string{\"x\", \"y\"}, []string{\"x\", \"z\"})").data("execute_result", "text/plain")
	if !regexp.MustCompile(`(?m)^-.*"y"`).MatchString(unquote(diff)) || !regexp.MustCompile(`(?m)^\+.*"z"`).MatchString(unquote(diff)) {
		t.Fatalf("go-cmp's Diff: %q", diff)
	}
	if r := c.ok("import \"cmp\"\ncmp.Compare(1, 2)"); r.data("execute_result", "text/plain") != "-1" {
		t.Fatalf("the standard cmp back: %v", r.reply)
	}
	if r := c.execute("cmp.Diff(1, 2)"); r.reply["ename"] != "compile error" {
		t.Fatalf("cmp is the standard one again: %v", r.reply)
	}

	// A generic function of a module's package: the median of 1, 2, 3, 10
	// is 2.5; the mean of 2, 4, 4, 4, 5, 5, 7, 9 is 5.
	if r := c.execute("%go get " + expModule); r.reply["status"] != "ok" {
		t.Fatalf("%%go get x/exp: %v", r.reply)
	}
	r = c.ok("import \"golang.org/x/exp/stats\"\nstats.Median([]float64{3, 1, 10, 2})")
	if got := r.data("execute_result", "text/plain"); got != "2.5" {
		t.Fatalf("stats.Median: %q, %v", got, r.reply)
	}
	r = c.ok("mean, _ := stats.MeanAndStdDev([]float64{2, 4, 4, 4, 5, 5, 7, 9})\nmean")
	if got := r.data("execute_result", "text/plain"); got != "5" {
		t.Fatalf("stats.MeanAndStdDev: %q, %v", got, r.reply)
	}
}

// unquote reads a string shown as its Go literal ("\"a\\n\"").
func unquote(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s
}
