// Package readme runs the snippets of the repository's README.md as a
// reader pastes them, and checks that they print what the README shows.
package readme

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A snippet is a fenced block of README.md: its language (sh, go, text)
// and its text.
type snippet struct {
	lang, text string
	line       int
}

var fence = regexp.MustCompile("(?m)^```([a-z]*)\n")

// snippets returns README.md's fenced blocks, in order.
func snippets(t *testing.T, readme string) []snippet {
	var out []snippet
	rest, offset := readme, 0
	for {
		m := fence.FindStringSubmatchIndex(rest)
		if m == nil {
			return out
		}
		body := rest[m[1]:]
		end := strings.Index(body, "\n```\n")
		if end < 0 {
			t.Fatalf("README.md: a block opened at line %d is not closed", 1+strings.Count(readme[:offset+m[0]], "\n"))
		}
		out = append(out, snippet{lang: rest[m[2]:m[3]], text: body[:end+1], line: 1 + strings.Count(readme[:offset+m[0]], "\n")})
		adv := m[1] + end + len("\n```\n")
		rest, offset = rest[adv:], offset+adv
	}
}

// The README's tour runs as pasted, in order, in one folder: every sh
// block's commands ($ lines, run by bash with bin/coevo as make build
// makes it) print what follows them; every go block is a program that go
// builds and runs and that prints the text block after it, or a notebook
// cell (no package clause), run as the kernel runs it, its last value
// rendered as the kernel shows it. The folder holds the repository's
// datasets/ and docs/ (the notebook cell runs in notebooks/, as the
// kernel's cells do), so that the snippets' files are found and what they
// write goes nowhere else.
func TestReadmeSnippets(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	if n := strings.Count(readme, "\n"); n > 250 {
		t.Errorf("README.md has %d lines: a front door has at most 250; move the details to docs/", n)
	}
	for _, bad := range []string{"/root/", "/home/", "/work/", "../shared"} {
		if strings.Contains(readme, bad) {
			t.Errorf("README.md names a machine path (%q): the reader's machine has none of them", bad)
		}
	}
	work := t.TempDir()
	bin := filepath.Join(work, "bin")
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "coevo"), "./cmd/coevo")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/coevo: %v\n%s", err, out)
	}
	for _, d := range []string{"datasets", "docs"} {
		if err := os.Symlink(filepath.Join(root, d), filepath.Join(work, d)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(work, "notebooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Programs are built inside the module (a folder go's ./... skips),
	// then run in the tour's folder.
	progs, err := os.MkdirTemp(root, ".readme-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(progs)

	blocks := snippets(t, readme)
	ran := map[string]int{}
	for k, b := range blocks {
		switch b.lang {
		case "sh":
			runShell(t, work, b)
		case "go":
			want := ""
			if k+1 < len(blocks) && blocks[k+1].lang == "text" {
				want = blocks[k+1].text
			}
			runGo(t, root, progs, work, b, want, k)
		default:
			continue
		}
		ran[b.lang]++
	}
	if ran["sh"] < 2 || ran["go"] < 2 {
		t.Errorf("ran %d sh and %d go blocks: the tour has commands, a notebook cell and a program", ran["sh"], ran["go"])
	}
	if st, err := os.Stat(filepath.Join(work, "ratings.png")); err != nil || st.Size() == 0 {
		t.Errorf("the tour's ratings.png: %v", err)
	}
}

// runShell runs the $ lines of a sh block and compares what each prints
// on its standard output with the lines that follow it.
func runShell(t *testing.T, dir string, b snippet) {
	t.Helper()
	type command struct {
		cmd, want string
		line      int
	}
	var cmds []command
	for i, l := range strings.SplitAfter(b.text, "\n") {
		if cmd, ok := strings.CutPrefix(l, "$ "); ok {
			cmds = append(cmds, command{cmd: strings.TrimSpace(cmd), line: b.line + 1 + i})
			continue
		}
		if len(cmds) == 0 {
			if strings.TrimSpace(l) != "" {
				t.Errorf("README.md:%d: a sh block starts with %q, not a $ command", b.line, l)
			}
			continue
		}
		cmds[len(cmds)-1].want += l
	}
	for _, c := range cmds {
		if !strings.HasPrefix(c.cmd, "bin/coevo ") {
			t.Errorf("README.md:%d: %q: the tour's commands are coevo's (bin/coevo ...)", c.line, c.cmd)
			continue
		}
		cmd := exec.Command("bash", "-c", c.cmd)
		cmd.Dir = dir
		var out, errs bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errs
		if err := cmd.Run(); err != nil {
			t.Errorf("README.md:%d: %s: %v\n%s", c.line, c.cmd, err, errs.String())
			continue
		}
		if got := trimLines(out.String()); got != trimLines(c.want) {
			t.Errorf("README.md:%d: %s prints\n%s\nthe README shows\n%s", c.line, c.cmd, got, trimLines(c.want))
		}
	}
}

// runGo builds a go block and runs it in dir: a program as it is, a
// notebook cell as a program whose imports are the cell's and whose main
// runs its statements and shows its last value as the kernel does
// (kernel/display), in dir/notebooks.
func runGo(t *testing.T, root, progs, dir string, b snippet, want string, k int) {
	t.Helper()
	src := b.text
	cell := !strings.HasPrefix(strings.TrimSpace(src), "package ")
	if cell {
		src = program(t, b)
		dir = filepath.Join(dir, "notebooks")
	}
	pkg := filepath.Join(progs, "snippet"+string(rune('a'+k%26)))
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(pkg, "snippet")
	build := exec.Command("go", "build", "-o", exe, "./"+filepath.Base(progs)+"/"+filepath.Base(pkg))
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Errorf("README.md:%d: the go block does not build as pasted: %v\n%s", b.line, err, out)
		return
	}
	cmd := exec.Command(exe)
	cmd.Dir = dir
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Run(); err != nil {
		t.Errorf("README.md:%d: the go block fails: %v\n%s", b.line, err, errs.String())
		return
	}
	got := out.String()
	switch {
	case cell && !strings.HasPrefix(got, "shown as image/png\n"):
		t.Errorf("README.md:%d: the cell's last value is shown as\n%s", b.line, got)
	case !cell && want != "" && trimLines(got) != trimLines(want):
		t.Errorf("README.md:%d: the program prints\n%s\nthe README shows\n%s", b.line, got, want)
	}
}

var importLine = regexp.MustCompile(`^import\s+(\(|"[^"]+"|[A-Za-z_]\w*\s+"[^"]+")`)

// program makes a notebook cell a program: its imports at the top, its
// statements in main, its last line (a value, as a cell's last line
// shows) rendered by kernel/display and its MIME types printed.
func program(t *testing.T, b snippet) string {
	lines := strings.Split(strings.TrimRight(b.text, "\n"), "\n")
	var imports, body []string
	inBlock := false
	for _, l := range lines {
		switch {
		case inBlock:
			imports = append(imports, l)
			inBlock = strings.TrimSpace(l) != ")"
		case importLine.MatchString(l):
			imports = append(imports, l)
			inBlock = strings.HasSuffix(strings.TrimSpace(l), "(")
		default:
			body = append(body, l)
		}
	}
	for len(body) > 0 && strings.TrimSpace(body[len(body)-1]) == "" {
		body = body[:len(body)-1]
	}
	if len(body) == 0 {
		t.Fatalf("README.md:%d: an empty cell", b.line)
	}
	last := strings.TrimSpace(body[len(body)-1])
	if !regexp.MustCompile(`^[A-Za-z_][\w.]*(\(.*\))?$`).MatchString(last) {
		t.Fatalf("README.md:%d: the cell ends with %q, not a value to show", b.line, last)
	}
	body[len(body)-1] = "\tshow(" + last + ")"
	own := ""
	for _, p := range []string{"fmt", "sort", "strings", "github.com/coevolab/coevo/kernel/display"} {
		if !strings.Contains(strings.Join(imports, "\n"), `"`+p+`"`) {
			own += "import \"" + p + "\"\n"
		}
	}
	return "package main\n\n" + strings.Join(imports, "\n") + "\n" + own + `

// show prints how the kernel shows v: its MIME types, and its text.
func show(v any) {
	data, _ := display.Split(display.Of(v))
	var kinds []string
	for k := range data {
		if k != "text/plain" {
			kinds = append(kinds, k)
		}
	}
	sort.Strings(kinds)
	fmt.Println("shown as", strings.Join(kinds, ", "))
	fmt.Println(data["text/plain"])
}

func main() {
` + strings.Join(body, "\n") + "\n}\n"
}

// trimLines drops trailing blanks from every line and blank lines at the end.
func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}
