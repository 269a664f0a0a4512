package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/heap"
	"github.com/coevolab/coevo/internal/atomicfile"
	"github.com/coevolab/coevo/internal/input"
	"github.com/coevolab/coevo/internal/shard"
)

func sgHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo sg GAME --upto N [flags]

Prints the nim-sequence g(0), g(1), ..., g(N) of a heap game: the
Sprague-Grundy value of a single heap of every size up to N. GAME is one of
  octal --code C      any octal game, e.g. 0.77 (Kayles), 0.07, 0.137
  kayles              octal 0.77
  grundy              Grundy's game (split a heap into two unequal heaps)
  subtraction --set S subtraction game with set S, e.g. 1,2,3
  nim                 Nim (g(n) = n)

Games that split heaps use the rare/common (sparse space) method. Its time
per value grows with the number of rare values, kept as small as any mask
allows: when they stay few the time is about linear (Grundy's game, 1,273
rare values: 10^6 values in about 2 s, 2^22 in about 10 s, 2^25 in about
2 minutes of one core; .376, about 500: 2^20 in about 3 s); when they keep
growing it is quadratic (.04: 10^5 values in about 3 s, 10^6 in minutes).
Octal games stop computing as soon as the Guy-Smith criterion proves a
period, and repeat it for the later values: Kayles, .07 or .137 to 10^7
take well under a second. The values are written as they become final,
and kept in 1 byte each while they fit, else 2 (or 4): proving the period
of .1777 needs 443 million values, 0.8 GB and about 2.5 minutes. Progress
shows on a terminal; Ctrl-C stops within a second, the values computed so
far having been printed.

With --period, the report gives the period, the pre-period (the first n
from which the values repeat), the last exception, the number of values
the proof needed and the number of rare values; in CSV output it is a
last line starting with "#". With --summary only the report is printed
and the run ends at the proof. --checkpoint saves the values computed so
far every minute and on Ctrl-C (SIGTERM, SIGHUP); --resume continues from
that file, --force starts again and replaces it (a file that is there is
otherwise refused); one run writes a checkpoint at a time.

Examples:
  coevo sg octal --code 0.77 --upto 200 --period
  coevo sg grundy --upto 1000000 --format csv > grundy.csv
  coevo sg octal --code 0.56 --upto 100000000 --summary
  coevo sg grundy --upto 100000000 --summary --checkpoint g.ckpt --resume
  coevo sg subtraction --set 1,3,4 --upto 30 --format json

Flags:
`)
	fs, _ := sgFlags()
	flagDefaults(w, fs)
}

type sgOpts struct {
	upto       int
	format     string
	period     bool
	summary    bool
	code       string
	set        string
	checkpoint string
	resume     bool
	force      bool
}

func sgFlags() (*flag.FlagSet, *sgOpts) {
	o := &sgOpts{}
	fs := flag.NewFlagSet("sg", flag.ContinueOnError)
	fs.IntVar(&o.upto, "upto", 100, "largest heap size `N`")
	fs.StringVar(&o.format, "format", "text", "output format: text, csv (n,sg rows) or json")
	fs.BoolVar(&o.period, "period", false, "report the period and pre-period when the Guy-Smith criterion proves one")
	fs.BoolVar(&o.summary, "summary", false, "print the report only, no values; stop as soon as a period is proved")
	fs.StringVar(&o.code, "code", "", "octal code, for octal")
	fs.StringVar(&o.set, "set", "", "subtraction set, comma separated, for subtraction")
	fs.StringVar(&o.checkpoint, "checkpoint", "", "save the values computed so far to `FILE` every minute and on Ctrl-C")
	fs.BoolVar(&o.resume, "resume", false, "continue from the --checkpoint file")
	fs.BoolVar(&o.force, "force", false, "start again, replacing the --checkpoint file that is there")
	return fs, o
}

func cmdSG(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			sgHelp(stdout)
			return errHelp
		}
		return usagef("no game given (octal, kayles, grundy, subtraction or nim; see coevo sg --help)")
	}
	name := args[0]
	fs, o := sgFlags()
	if err := parseFlags(fs, args[1:], stdout, sgHelp); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if o.format != "text" && o.format != "csv" && o.format != "json" {
		return usagef("--format %q: want text, csv or json", o.format)
	}
	if o.upto < 0 || o.upto >= heap.MaxSequence {
		return usagef("--upto %d: want 0 <= N < %d", o.upto, heap.MaxSequence)
	}
	switch {
	case (o.resume || o.force) && o.checkpoint == "":
		return usagef("--resume and --force go with --checkpoint FILE")
	case o.resume && o.force:
		return usagef("--resume continues the --checkpoint file, --force replaces it: give one")
	}
	rule, err := games.HeapRule(name, games.Args{"code": o.code, "set": o.set})
	if err != nil {
		return usagef("%v", err)
	}
	if o.checkpoint != "" {
		if err := checkCheckpoint(o.checkpoint, o.resume, o.force); err != nil {
			return err
		}
	}
	if !o.summary && rule.Splits() {
		// The values of a run to N are held 1, 2 or 4 bytes each, in
		// room for 4 taken at once (its pages used as they fill).
		if err := checkMemory(fmt.Sprintf("--upto %d", o.upto), "the values", 4*float64(o.upto+1), "lower --upto, or give --summary (which stops at a proved period)"); err != nil {
			return err
		}
	}
	opt := heap.AnalyzeOptions{StopAtPeriod: o.summary, SummaryOnly: o.summary}
	// What the last save did: "saved" is said only of a file that is on
	// disk under its name.
	var saveErr error
	saved := false
	if o.checkpoint != "" {
		// One run writes a checkpoint at a time: a second one (a second
		// --resume of it) would overwrite the first's saves with its own.
		release, err := shard.LockFile(resolved(o.checkpoint))
		if err != nil {
			if errors.Is(err, shard.ErrLocked) {
				return usagef("--checkpoint %v", err)
			}
			return usagef("--checkpoint %s: %v", o.checkpoint, err)
		}
		defer release()
		if o.resume {
			f, err := openCheckpoint(ctx, o.checkpoint)
			if err != nil {
				return err
			}
			defer f.Close()
			opt.ResumeFrom = f
		}
		if removed, _ := atomicfile.RemoveStale(o.checkpoint); len(removed) > 0 {
			fmt.Fprintf(stderr, "coevo sg: removed %d temporary files of %s left by an interrupted run\n", len(removed), o.checkpoint)
		}
		opt.Checkpoint = func(save func(io.Writer) error) error {
			// Not WriteContext: the save on Ctrl-C runs after the
			// context is done, and a checkpoint is a regular file.
			saveErr = atomicfile.Write(o.checkpoint, save)
			saved = saveErr == nil
			if saveErr != nil {
				return fmt.Errorf("--checkpoint %s: %w", o.checkpoint, saveErr)
			}
			return nil
		}
	}
	// The values go out as they become final, so that the run keeps them
	// only in the bytes the method needs.
	out := newSGWriter(stdout, rule, o)
	if !o.summary {
		opt.Emit = out.values
	}
	var progressDone func()
	opt.Progress, progressDone = progressTo(stderr, "values computed")
	a, err := rule.Analyze(ctx, o.upto, opt)
	progressDone()
	var ce *heap.CheckpointError
	if errors.As(err, &ce) {
		return usagef("--checkpoint %s: %v", o.checkpoint, err)
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	interrupted := err != nil
	if interrupted {
		if o.checkpoint != "" && saved {
			fmt.Fprintf(stderr, "coevo sg: %d values saved to %s; add --resume to continue\n", a.Computed, o.checkpoint)
		}
		if !o.summary {
			fmt.Fprintf(stderr, "coevo sg: interrupted after %d values computed, %d printed\n", a.Computed, out.n)
		}
	}
	if err := out.finish(a); err != nil {
		return err
	}
	if interrupted && o.checkpoint != "" && !saved {
		why := "no save was made"
		if saveErr != nil {
			why = saveErr.Error()
		}
		return fmt.Errorf("interrupted, and the %d values computed were not saved: --checkpoint %s: %s", a.Computed, o.checkpoint, why)
	}
	if interrupted {
		return context.Canceled
	}
	return nil
}

// checkCheckpoint checks --checkpoint before the run: a regular file (or
// a link to one) or a new name in an existing folder. A device or FIFO
// would take the values and keep nothing, while the run said they were
// saved. A file that is there is continued (resume), replaced (force), or
// else left alone: a rerun without --resume must not replace the values a
// long run saved by the few of a new start.
func checkCheckpoint(path string, resume, force bool) error {
	if err := checkOutput("checkpoint", path); err != nil {
		return err
	}
	st, err := os.Stat(path)
	switch {
	case err == nil && !st.Mode().IsRegular():
		return usagef("--checkpoint %s: not a regular file (%s): a checkpoint is saved to a file", path, describeMode(st.Mode()))
	case err != nil && resume:
		return usagef("--checkpoint %s: no such file to resume from (leave out --resume to start a new run)", path)
	case err != nil || resume || force || st.Size() == 0:
		return nil
	}
	what := "a file that is not a checkpoint of coevo sg"
	if f, err := os.Open(path); err == nil {
		head := make([]byte, 256)
		n, _ := io.ReadFull(f, head)
		f.Close()
		lines := strings.SplitN(string(head[:n]), "\n", 4)
		if len(lines) >= 3 && strings.HasPrefix(lines[0], "coevo nim-sequence checkpoint") {
			what = fmt.Sprintf("the checkpoint of a run (%s, %s)", lines[1], lines[2])
		}
	}
	return usagef("--checkpoint %s holds %s: add --resume to continue it, --force to start again and replace it, or give another file", path, what)
}

// resolved is path with its symbolic links followed, as the checkpoint is
// written (the lock goes beside the file written).
func resolved(path string) string {
	if p, err := atomicfile.Resolve(path); err == nil {
		return p
	}
	return path
}

// openCheckpoint opens a --checkpoint file for --resume, with ctx; the
// reader tells its size, so that a header that claims more values than the
// file holds is refused before anything is allocated.
func openCheckpoint(ctx context.Context, path string) (io.ReadCloser, error) {
	f, err := input.Open(ctx, path, input.Limits{Bytes: 1<<20 + 4*heap.MaxSequence})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, usagef("--checkpoint %v", err)
	}
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, usagef("--checkpoint %s: not a regular file: a checkpoint is a file coevo sg saved", path)
	}
	return sizedCloser{f, st.Size()}, nil
}

// sizedCloser is a file that says how long it is.
type sizedCloser struct {
	io.ReadCloser
	n int64
}

func (s sizedCloser) Size() int64 { return s.n }

// sgReport is the report of --period and --summary.
type sgReport struct {
	Game          string `json:"game"`
	Values        int    `json:"values"`
	Method        string `json:"method"`
	Period        int    `json:"period,omitempty"`
	PrePeriod     int    `json:"pre_period"`
	LastException int    `json:"last_exception"`
	ProvedFrom    int    `json:"proved_from,omitempty"`
	Rare          int    `json:"rare"`
	Mask          string `json:"mask,omitempty"`
}

func newReport(rule *heap.Rule, a *heap.Analysis) sgReport {
	r := sgReport{Game: rule.Name(), Values: a.Computed, Method: a.Method, Rare: a.Rare, LastException: -1}
	if p := a.Period; p.Found {
		r.Period, r.PrePeriod, r.LastException, r.ProvedFrom = p.Period, p.PrePeriod, p.PrePeriod-1, p.Checked
	}
	if a.Method == "sparse space" {
		r.Mask = fmt.Sprintf("%#x", a.ValueMask)
		if a.HeapParity {
			r.Mask += " with the heap-parity bit"
		}
	}
	return r
}

func (r sgReport) String() string {
	var b strings.Builder
	if r.Period > 0 {
		fmt.Fprintf(&b, "period %d, pre-period %d", r.Period, r.PrePeriod)
		if r.LastException >= 0 {
			fmt.Fprintf(&b, " (last exception at n = %d)", r.LastException)
		}
		fmt.Fprintf(&b, ", proved from %d values", r.ProvedFrom)
	} else {
		fmt.Fprintf(&b, "no period proved from %d values", r.Values)
	}
	if r.Method == "sparse space" {
		fmt.Fprintf(&b, "; %d rare values (mask %s)", r.Rare, r.Mask)
	}
	return b.String()
}

// sgWriter writes the values of sg as the run gives them (the Emit
// option), then the report.
type sgWriter struct {
	w    *bufio.Writer
	rule *heap.Rule
	o    *sgOpts
	n    int    // values written
	buf  []byte // one row at a time
}

func newSGWriter(stdout io.Writer, rule *heap.Rule, o *sgOpts) *sgWriter {
	return &sgWriter{w: bufio.NewWriterSize(stdout, 64<<10), rule: rule, o: o}
}

// values writes g(from), g(from+1), ...; the first call writes the head.
func (s *sgWriter) values(from int, g []int32) error {
	if s.n == 0 {
		switch s.o.format {
		case "csv":
			s.w.WriteString("n,sg\n")
		case "json":
			name, _ := json.Marshal(s.rule.Name())
			fmt.Fprintf(s.w, `{"game":%s,"values":[`, name)
		default:
			fmt.Fprintf(s.w, "%s: g(0..%d)\n", s.rule.Name(), s.o.upto)
		}
	}
	b := s.buf[:0]
	for k, v := range g {
		n := from + k
		switch s.o.format {
		case "csv":
			b = strconv.AppendInt(b, int64(n), 10)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(v), 10)
			b = append(b, '\n')
		case "json":
			if n > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(v), 10)
		default:
			if n%12 == 0 {
				if n > 0 {
					b = append(b, '\n')
				}
				b = appendPadded(b, int64(n), 6) // "%6d:"
				b = append(b, ':')
			}
			b = append(b, ' ')
			b = appendPadded(b, int64(v), 3) // " %3d"
		}
		if len(b) >= 32<<10 {
			s.w.Write(b)
			b = b[:0]
		}
	}
	s.n = from + len(g)
	s.buf = b[:0]
	_, err := s.w.Write(b)
	return err
}

// finish writes the end: the report of --period or --summary, and closes
// the JSON document.
func (s *sgWriter) finish(a *heap.Analysis) error {
	rep := newReport(s.rule, a)
	w := s.w
	switch {
	case s.o.summary && s.o.format == "json":
		json.NewEncoder(w).Encode(rep)
	case s.o.summary:
		fmt.Fprintf(w, "%s: %d values\n%s\n", s.rule.Name(), rep.Values, rep)
	case s.o.format == "csv":
		if s.n == 0 {
			w.WriteString("n,sg\n")
		}
		if s.o.period {
			fmt.Fprintf(w, "# %s\n", rep)
		}
	case s.o.format == "json":
		if s.n == 0 {
			name, _ := json.Marshal(s.rule.Name())
			fmt.Fprintf(w, `{"game":%s,"values":[`, name)
		}
		w.WriteString("]")
		if s.o.period {
			r, _ := json.Marshal(rep)
			fmt.Fprintf(w, `,"period":%s`, r)
		}
		w.WriteString("}\n")
	default:
		if s.n > 0 {
			w.WriteByte('\n')
		}
		if s.o.period {
			fmt.Fprintln(w, rep)
		}
	}
	return w.Flush()
}

// appendPadded appends x right-aligned in width bytes, as fmt's %*d does
// (wider when x needs it), without fmt's cost per value: the text format
// writes millions of them.
func appendPadded(b []byte, x int64, width int) []byte {
	var d [20]byte
	k := len(d)
	neg := x < 0
	u := uint64(x)
	if neg {
		u = uint64(-x)
	}
	for {
		k--
		d[k] = byte('0' + u%10)
		u /= 10
		if u == 0 {
			break
		}
	}
	if neg {
		k--
		d[k] = '-'
	}
	for pad := width - (len(d) - k); pad > 0; pad-- {
		b = append(b, ' ')
	}
	return append(b, d[k:]...)
}
