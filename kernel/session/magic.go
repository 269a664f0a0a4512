package session

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"math"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
	"unicode"

	"github.com/goplus/ixgo"
)

// Magic describes one of the IPython-like magics a cell may use: a line
// magic "%name args" on a line of its own, or a cell magic "%%name" on
// the first line, which applies to the rest of the cell.
type Magic struct {
	Name  string
	Usage string
	Help  string
	Cell  bool // a cell magic (%%name)
}

var magics = []Magic{
	{Name: "bash", Usage: "%%bash [--no-raise-error]", Help: "run the rest of the cell with bash, its output streamed; a status other than 0 is the cell's error (unless --no-raise-error); Ctrl-C reaches it", Cell: true},
	{Name: "compile", Usage: "%%compile", Help: "build the cell's declarations (func, type, var, const) natively; later cells call them at compiled speed", Cell: true},
	{Name: "env", Usage: "%env [NAME | NAME=VALUE | NAME VALUE]", Help: "list the environment, read a variable, or set one for the cells (and the programs they start)"},
	{Name: "go", Usage: "%go get MODULE@VERSION...", Help: "add modules (exact versions) to the session's Go module: their packages can then be imported, compiled"},
	{Name: "load", Usage: "%load FILE", Help: "replace the cell with the file's text, under a comment naming it; run the cell again to run it"},
	{Name: "lsmagic", Usage: "%lsmagic", Help: "list the magics"},
	{Name: "reset", Usage: "%reset", Help: "forget every variable, function, type and import of the session"},
	{Name: "sh", Usage: "%%sh [--no-raise-error]", Help: "as %%bash, with /bin/sh", Cell: true},
	{Name: "time", Usage: "%time STATEMENT", Help: "run a statement once and print its wall and CPU time; what it declares stays"},
	{Name: "time", Usage: "%%time", Help: "run the rest of the cell and print its wall and CPU time", Cell: true},
	{Name: "timeit", Usage: "%timeit [-n LOOPS] [-r RUNS] STATEMENT", Help: "time a statement repeated: mean ± std. dev. of RUNS runs (7) of LOOPS loops (enough for 0.2 s)"},
	{Name: "who", Usage: "%who", Help: "list the session's variables and functions with their types"},
	{Name: "writefile", Usage: "%%writefile [-a] FILE", Help: "write the rest of the cell to FILE (-a: append to it)", Cell: true},
}

// Magics lists the magics, as %lsmagic shows them.
func Magics() []Magic { return append([]Magic(nil), magics...) }

// magicLine splits "%name args" (or "%%name args") into the name and the
// offset in code where the arguments start.
func magicLine(code string, g item) (name string, argOff int) {
	text := code[g.off:g.end]
	n := strings.TrimLeft(text, "%")
	lead := len(text) - len(n)
	end := strings.IndexFunc(n, unicode.IsSpace)
	if end < 0 {
		end = len(n)
	}
	rest := n[end:]
	args := strings.TrimLeftFunc(rest, unicode.IsSpace)
	return n[:end], g.off + lead + end + len(rest) - len(args)
}

// lineMagic runs a line magic that is not %time or %timeit (which the
// runner compiles with the cell's Go).
func (s *Session) lineMagic(ctx context.Context, c Cell, g item) (Result, error) {
	if strings.HasPrefix(c.Code[g.off:g.end], "!") {
		return s.shellLine(ctx, c, g)
	}
	name, argOff := magicLine(c.Code, g)
	args := c.Code[argOff:g.end]
	switch name {
	case "env":
		return Result{}, s.env(c, g, args)
	case "go":
		return Result{}, s.goMagic(ctx, c, g, args)
	case "who":
		if !c.Replay {
			s.who()
		}
		return Result{}, nil
	case "reset":
		if args != "" && args != "-f" {
			return Result{}, s.magicError(c, g, "%reset takes no arguments")
		}
		s.reset()
		return Result{Reset: true}, nil
	case "lsmagic":
		if !c.Replay {
			s.lsmagic()
		}
		return Result{}, nil
	case "load":
		return s.load(c, g, args)
	}
	return Result{}, s.magicError(c, g, fmt.Sprintf("unknown magic %%%s (%%lsmagic lists them)", name))
}

// cellMagic runs a cell whose first line is a cell magic (other than the
// raw ones: rawCellMagic).
func (r *runner) cellMagic(g item, rest []item) (Result, error) {
	s, c := r.s, r.c
	name, argOff := magicLine(c.Code, g)
	if name == "compile" {
		return s.compileCell(r.ctx, c, g, argOff, rest)
	}
	if name != "time" {
		return Result{}, s.magicError(c, g, fmt.Sprintf("unknown cell magic %%%%%s (%%lsmagic lists them)", name))
	}
	if argOff < g.end {
		return Result{}, s.magicError(c, g, "%%time takes no arguments: the rest of the cell is what it times")
	}
	u0, s0 := cpu()
	t0 := time.Now()
	res, err := r.run(rest)
	wall := time.Since(t0)
	u1, s1 := cpu()
	if err == nil && !c.Replay {
		user, sys := u1-u0, s1-s0
		fmt.Fprintf(os.Stdout, "CPU times: user %s, sys: %s, total: %s\nWall time: %s\n",
			formatTime(user.Seconds()), formatTime(sys.Seconds()), formatTime((user + sys).Seconds()), formatTime(wall.Seconds()))
	}
	return res, err
}

func (s *Session) magicError(c Cell, g item, msg string) *Error {
	e := s.located("magic", c.Name, g.line, g.col, msg)
	e.Name = "magic"
	return e
}

// subItems splits code[off:end], the statements a magic runs, into items
// placed in the cell.
func (s *Session) subItems(c Cell, off, end int) ([]item, error) {
	items, incomplete, err := split(c.Code[off:end])
	if err != nil {
		if se, ok := err.(*scanError); ok {
			line, col := position(c.Code, off+se.off)
			return nil, s.located("syntax error", c.Name, line, col, se.msg)
		}
		return nil, err
	}
	if incomplete {
		line, col := position(c.Code, off)
		return nil, s.located("syntax error", c.Name, line, col, "the statement is incomplete")
	}
	for i := range items {
		if items[i].kind == magic || items[i].kind == cellMagic {
			line, col := position(c.Code, off+items[i].off)
			return nil, s.located("magic", c.Name, line, col, "a magic cannot apply to a magic")
		}
		items[i].off += off
		items[i].end += off
		items[i].line, items[i].col = position(c.Code, items[i].off)
	}
	return items, nil
}

// cpu returns the process's user and system CPU time so far.
func cpu() (user, sys time.Duration) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, 0
	}
	return time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano())
}

// formatTime writes seconds with three significant digits in s, ms, µs
// or ns, as IPython does.
func formatTime(t float64) string {
	if t >= 60 {
		return time.Duration(t * float64(time.Second)).Round(time.Second).String()
	}
	units := []string{"s", "ms", "µs", "ns"}
	order := 3
	if t > 0 {
		order = min(int(-math.Floor(math.Log10(t))+2)/3, 3)
		order = max(order, 0)
	}
	return strconv.FormatFloat(t*math.Pow(1000, float64(order)), 'g', 3, 64) + " " + units[order]
}

// timeitArgs is a %timeit line read: its options and its statement.
type timeitArgs struct {
	loops, runs int
	chunk       chunk
}

// timeitStep reads a %timeit line: -n LOOPS, -r RUNS, the statement.
func (s *Session) timeitStep(c Cell, g item, argOff int) (timeitArgs, error) {
	loops, runs := 0, 7
	off := argOff
	for {
		args := c.Code[off:g.end]
		flag, ok := "", false
		for _, f := range []string{"-n", "-r"} {
			if strings.HasPrefix(args, f+" ") || strings.HasPrefix(args, f+"\t") {
				flag, ok = f, true
			}
		}
		if !ok {
			break
		}
		rest := strings.TrimLeftFunc(args[2:], unicode.IsSpace)
		word := rest
		if k := strings.IndexFunc(rest, unicode.IsSpace); k >= 0 {
			word = rest[:k]
		}
		n, err := strconv.Atoi(word)
		if err != nil || n < 1 {
			return timeitArgs{}, s.magicError(c, g, fmt.Sprintf("%%timeit %s %q: want a positive whole number", flag, word))
		}
		if flag == "-n" {
			loops = n
		} else {
			runs = n
		}
		after := rest[len(word):]
		off = g.end - len(strings.TrimLeftFunc(after, unicode.IsSpace))
	}
	text := strings.TrimSpace(c.Code[off:g.end])
	if text == "" {
		return timeitArgs{}, s.magicError(c, g, "%timeit needs a statement: %timeit f(100)")
	}
	off += strings.Index(c.Code[off:g.end], text)
	if e, err := parser.ParseExpr(text); err == nil {
		if _, call := e.(*ast.CallExpr); !call {
			// a value: evaluated, and thrown away
			line, col := position(c.Code, off)
			return timeitArgs{loops: loops, runs: runs, chunk: chunk{text: "_ = " + lineDirective(c.Name, line, col) + text, off: off, line: line, col: col}}, nil
		}
	}
	line, col := position(c.Code, off)
	return timeitArgs{loops: loops, runs: runs, chunk: chunk{text: text, off: off, line: line, col: col}}, nil
}

// timeit runs a %timeit segment as IPython's %timeit does: the loop count
// is the first of 1, 2, 5, 10, 20, 50... that takes 0.2 s, unless -n
// gives it, and the loop is run -r times (7).
func (r *runner) timeit(b *build, it *ixgo.Interp, fn string, st step) error {
	run := func(n int) (time.Duration, error) {
		t0 := time.Now()
		_, err := r.s.call(r.ctx, b, it, fn, n)
		return time.Since(t0), err
	}
	loops := st.loops
	if loops == 0 {
	find:
		for k := 1; ; k *= 10 {
			for _, m := range []int{1, 2, 5} {
				d, err := run(m * k)
				if err != nil {
					return err
				}
				if d >= 200*time.Millisecond {
					loops = m * k
					break find
				}
			}
		}
	}
	per := make([]float64, st.runs)
	for i := range per {
		d, err := run(loops)
		if err != nil {
			return err
		}
		per[i] = d.Seconds() / float64(loops)
	}
	mean, sd := meanSD(per)
	plural := func(n int) string {
		if n == 1 {
			return ""
		}
		return "s"
	}
	fmt.Fprintf(os.Stdout, "%s ± %s per loop (mean ± std. dev. of %d run%s, %s loop%s each)\n",
		formatTime(mean), formatTime(sd), st.runs, plural(st.runs), thousands(loops), plural(loops))
	return nil
}

func meanSD(x []float64) (mean, sd float64) {
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	for _, v := range x {
		sd += (v - mean) * (v - mean)
	}
	return mean, math.Sqrt(sd / float64(len(x)))
}

// thousands writes n with commas: 10,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// env lists, reads or sets environment variables.
func (s *Session) env(c Cell, g item, args string) error {
	if args == "" {
		if c.Replay {
			return nil
		}
		vars := os.Environ()
		sort.Strings(vars)
		for _, kv := range vars {
			k, v, _ := strings.Cut(kv, "=")
			if secret(k) {
				v = "<hidden>"
			}
			fmt.Fprintf(s.out, "%s=%s\n", k, v)
		}
		return nil
	}
	name, value, set := strings.Cut(args, "=")
	if !set {
		name, value, set = strings.Cut(args, " ")
		value = strings.TrimSpace(value)
	}
	name = strings.TrimSpace(name)
	if name == "" || strings.ContainsAny(name, " \t") {
		return s.magicError(c, g, fmt.Sprintf("%%env %s: want NAME, NAME=VALUE or NAME VALUE", args))
	}
	if !set {
		v, ok := os.LookupEnv(name)
		if !ok {
			return s.magicError(c, g, fmt.Sprintf("%%env: %s is not set", name))
		}
		if !c.Replay {
			fmt.Fprintln(s.out, v)
		}
		return nil
	}
	if err := os.Setenv(name, value); err != nil {
		return s.magicError(c, g, fmt.Sprintf("%%env: cannot set %s: %v", name, err))
	}
	if !c.Replay {
		fmt.Fprintf(s.out, "env: %s=%s\n", name, value)
	}
	return nil
}

// secret: %env hides values of variables named like credentials.
func secret(name string) bool {
	u := strings.ToUpper(name)
	for _, w := range []string{"KEY", "TOKEN", "SECRET", "PASS"} {
		if strings.Contains(u, w) {
			return true
		}
	}
	return false
}

// who prints the session's variables, constants and functions with their
// types and (shortened) values.
func (s *Session) who() {
	type row struct{ name, kind, typ, value string }
	var rows []row
	for _, v := range sortedVars(s.vars) {
		val := ""
		if v.ptr != nil {
			val = shorten(fmt.Sprintf("%+v", reflect.ValueOf(v.ptr).Elem().Interface()), 60)
		}
		rows = append(rows, row{v.name, "var", typeString(v.typ), val})
	}
	if s.last != nil {
		scope := s.last.pkg.Scope()
		for _, d := range sortedDecls(s.decls) {
			for _, name := range d.names {
				obj := scope.Lookup(name)
				switch {
				case obj == nil:
				case d.kind == "func":
					rows = append(rows, row{name, "func", typeString(obj.Type()), ""})
				case d.kind == "const":
					c := obj.(*types.Const)
					rows = append(rows, row{name, "const", typeString(c.Type()), c.Val().String()})
				}
			}
		}
	}
	if len(rows) == 0 {
		fmt.Fprintln(s.out, "no variables or functions declared yet")
		return
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].name < rows[j].name })
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "Name\tKind\tType\tValue")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.name, r.kind, r.typ, r.value)
	}
	tw.Flush()
	for _, line := range strings.SplitAfter(b.String(), "\n") {
		if line != "" {
			fmt.Fprintln(s.out, strings.TrimRight(line, " \n"))
		}
	}
}

// typeString writes a type as a cell would: packages by name, the cells'
// own types unqualified, a function's type without its parameters' names.
func typeString(t types.Type) string {
	if sig, ok := t.(*types.Signature); ok {
		t = types.NewSignatureType(nil, nil, nil, unnamed(sig.Params()), unnamed(sig.Results()), sig.Variadic())
	}
	return types.TypeString(t, func(p *types.Package) string {
		if p.Path() == "main" {
			return ""
		}
		return p.Name()
	})
}

func shorten(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func (s *Session) lsmagic() {
	tw := tabwriter.NewWriter(s.out, 0, 4, 2, ' ', 0)
	for _, m := range magics {
		fmt.Fprintf(tw, "%s\t%s\n", m.Usage, m.Help)
	}
	fmt.Fprintln(tw, "!COMMAND\ta line of its own: run COMMAND with bash, its output streamed and a status other than 0 shown; Ctrl-C reaches it")
	fmt.Fprintln(tw, "//coevo:noreplay\ta comment line: the kernel does not replay this cell when it restores a session")
	tw.Flush()
}

// unnamed is a tuple without its variables' names.
func unnamed(t *types.Tuple) *types.Tuple {
	if t == nil {
		return nil
	}
	vars := make([]*types.Var, t.Len())
	for i := range vars {
		vars[i] = types.NewParam(t.At(i).Pos(), t.At(i).Pkg(), "", t.At(i).Type())
	}
	return types.NewTuple(vars...)
}
