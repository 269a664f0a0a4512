package session

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/coevolab/coevo/kernel/symbols"
)

// knownFailures are corpus programs whose cells do not print what go run
// prints, and why. docs/kernel.md lists them too. One that starts passing
// fails the test, so that the list stays true.
var knownFailures = map[string]string{}

// TestModernGo runs the corpus in testdata/modern — Go programs, one per
// feature of the language and library since Go 1.18 plus programs in the
// style of Go by Example — as notebook cells in a session, and compares
// what they print with what the same programs print compiled by the Go
// toolchain. At least 95% must match; the pass rate is printed.
//
// A program becomes cells as a notebook user would write it: its imports
// and declarations, then the statements of main at the top level of a
// cell; a line "//cell" starts a new cell. A program marked
// "//corpus:keep-main" keeps its main, called by a last cell.
func TestModernGo(t *testing.T) {
	files, _ := filepath.Glob("testdata/modern/*.go")
	sort.Strings(files)
	if len(files) < 100 {
		t.Fatalf("the corpus has %d programs; it should have at least 100", len(files))
	}
	want := goRun(t, files)

	results := make([]outcome, len(files))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i] = runIsolated(f)
		}()
	}
	wg.Wait()

	pass := 0
	var failed []string
	for i, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".go")
		r := results[i]
		ok := r.err == nil && r.got == want[name]
		_, known := knownFailures[name]
		switch {
		case ok && known:
			t.Errorf("%s now prints what go run prints: remove it from knownFailures (and docs/kernel.md)", name)
			pass++
		case ok:
			pass++
		case known:
			failed = append(failed, name)
		default:
			failed = append(failed, name)
			t.Errorf("%s: cells printed\n%s\nerror: %v\ngo run printed\n%s", name, r.got, r.err, want[name])
		}
	}
	rate := 100 * float64(pass) / float64(len(files))
	fmt.Printf("modern Go corpus: %d of %d programs print what go run prints (%.1f%%); known failures: %s\n",
		pass, len(files), rate, strings.Join(failed, ", "))
	if rate < 95 {
		t.Errorf("pass rate %.1f%% is below 95%%", rate)
	}
}

// goRun builds the corpus as Go programs, in one go build, and returns
// what each prints, by name.
func goRun(t *testing.T, files []string) map[string]string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module corpus\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".go")
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, "src", name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "src", name, "main.go"), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "bin") + string(filepath.Separator)
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", bin, "./src/...")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build of the corpus: %v\n%s", err, out)
	}
	out := map[string]string{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".go")
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, filepath.Join(bin, name))
			var stdout bytes.Buffer
			cmd.Stdout = &stdout
			cmd.Run() // a program may exit non-zero on purpose: its output is what counts
			mu.Lock()
			out[name] = stdout.String()
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out
}

type outcome struct {
	got string
	err error
}

// corpusEnv names the program a child test process runs (runIsolated).
const corpusEnv = "COEVO_CORPUS_PROGRAM"

// runIsolated runs a corpus program's cells in a process of its own (this
// test binary, TestModernGoProgram): a program that deadlocks the
// interpreter is killed after a minute, one whose goroutine panics ends
// only its process, as in the kernel's worker.
func runIsolated(file string) outcome {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestModernGoProgram$", "-test.count=1")
	cmd.Env = append(os.Environ(), corpusEnv+"="+file)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	out := stdout.String()
	got, status, ok := strings.Cut(out, corpusMark)
	if !ok {
		if ctx.Err() != nil {
			return outcome{got, fmt.Errorf("no end after 90 s (killed)")}
		}
		return outcome{got, fmt.Errorf("the program's process ended: %v\n%s", err, lastLines(stderr.String(), 8))}
	}
	status = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(status), "PASS"))
	if status != "" {
		return outcome{got, fmt.Errorf("%s", status)}
	}
	return outcome{got, nil}
}

// corpusMark ends what a child's cells printed; its error follows.
const corpusMark = "\x00coevo-corpus-end\x00"

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// TestModernGoProgram is the child process of runIsolated: it runs the
// program named by COEVO_CORPUS_PROGRAM and prints what its cells printed,
// the mark, and its error, if any.
func TestModernGoProgram(t *testing.T) {
	file := os.Getenv(corpusEnv)
	if file == "" {
		t.Skip("run by TestModernGo")
	}
	got, err := runCells(file)
	fmt.Print(got, corpusMark)
	if err != nil {
		fmt.Println(err)
	}
	os.Stdout.Sync()
	os.Exit(0)
}

// runCells runs a corpus program as cells of a new session and returns
// what they print.
func runCells(file string) (string, error) {
	cells, err := corpusCells(file)
	if err != nil {
		return "", err
	}
	s, err := New()
	if err != nil {
		return "", err
	}
	var out, errOut bytes.Buffer
	s.Output(&out, &errOut, strings.NewReader(""))
	for i, code := range cells {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		_, err := s.Run(ctx, Cell{Code: code, Name: fmt.Sprintf("In[%d]", i+1)})
		cancel()
		if err != nil {
			if e, ok := err.(*Error); ok {
				return out.String(), fmt.Errorf("%s\n%s", e.Error(), strings.Join(e.Trace, "\n"))
			}
			return out.String(), err
		}
	}
	return out.String(), nil
}

// corpusCells cuts a program into cells.
func corpusCells(file string) ([]string, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	text := string(src)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	offset := func(p token.Pos) int { return fset.Position(p).Offset }
	afterPkg := offset(f.Name.End())
	if strings.Contains(text, "//corpus:keep-main") {
		return append(splitCells(text[afterPkg:]), "main()"), nil
	}
	var main *ast.FuncDecl
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "main" && fd.Recv == nil {
			main = fd
		}
	}
	if main == nil {
		return nil, fmt.Errorf("%s has no func main", file)
	}
	decls := text[afterPkg:offset(main.Pos())] + text[offset(main.End()):]
	body := text[offset(main.Body.Lbrace)+1 : offset(main.Body.Rbrace)]
	var lines []string
	for _, l := range strings.Split(body, "\n") {
		lines = append(lines, strings.TrimPrefix(l, "\t"))
	}
	return append(splitCells(decls), splitCells(strings.Join(lines, "\n"))...), nil
}

// splitCells cuts text at lines "//cell", dropping empty cells.
func splitCells(text string) []string {
	var out []string
	for _, c := range regexp.MustCompile(`(?m)^[ \t]*//cell[ \t]*$`).Split(text, -1) {
		if strings.TrimSpace(c) != "" {
			out = append(out, c)
		}
	}
	return out
}
