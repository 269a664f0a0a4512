package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/coevolab/coevo/internal/input"
	"github.com/coevolab/coevo/stats/bt"
)

// parseFilesFlags parses "FILE... [flags]" with flags before, between or
// after the files; everything after "--" is a file (as ordo -- a.pgn
// b.pgn). usage names the command line for the error when no file is
// given.
func parseFilesFlags(fs *flag.FlagSet, args []string, stdout io.Writer, help func(io.Writer), usage string) ([]string, error) {
	var rest []string
	if k := slices.Index(args, "--"); k >= 0 {
		args, rest = args[:k], args[k+1:]
	}
	var files []string
	for {
		if err := parseFlags(fs, args, stdout, help); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	files = append(files, rest...)
	if len(files) == 0 {
		return nil, usagef("missing FILE (%s)", usage)
	}
	stdin := 0
	for _, f := range files {
		if f == "-" {
			stdin++
		}
	}
	if stdin > 1 {
		return nil, usagef("- (stdin) is named %d times: it can be read once", stdin)
	}
	return files, nil
}

// filesLabel names the files in messages: the file, or the first few.
func filesLabel(files []string) string {
	name := func(f string) string {
		if f == "-" {
			return "stdin"
		}
		return f
	}
	switch {
	case len(files) == 1:
		return name(files[0])
	case len(files) <= 3:
		var n []string
		for _, f := range files {
			n = append(n, name(f))
		}
		return strings.Join(n, ", ")
	}
	return fmt.Sprintf("%d files (%s, %s, ...)", len(files), name(files[0]), name(files[1]))
}

// readNameList reads a list of players (Ordo's -i and -x files): one name
// a line, quoted or not; of a CSV file, the first column; empty lines and
// lines starting with # are skipped.
func readNameList(ctx context.Context, flagName, path string) ([]string, error) {
	var names []string
	err := readCSVFile(ctx, flagName, path, func(line int, rec []string) error {
		if n := strings.TrimSpace(rec[0]); n != "" {
			names = append(names, n)
		}
		return nil
	})
	return names, err
}

// readSynonyms reads Ordo's synonyms file: a line main,syn1,syn2,... (names
// quoted or not) says that each syn is the player main. It returns the
// map from each synonym to its main name.
func readSynonyms(ctx context.Context, path string) (map[string]string, error) {
	alias := map[string]string{}
	mains := map[string]int{}
	err := readCSVFile(ctx, "synonyms", path, func(line int, rec []string) error {
		main := strings.TrimSpace(rec[0])
		if main == "" {
			return fmt.Errorf("line %d: empty main name", line)
		}
		if _, ok := alias[main]; ok {
			return fmt.Errorf("line %d: %q is the main name here and a synonym of %q before: give each player one main name", line, main, alias[main])
		}
		mains[main] = line
		for _, f := range rec[1:] {
			syn := strings.TrimSpace(f)
			switch old, seen := alias[syn]; {
			case syn == "" || syn == main:
			case seen && old != main:
				return fmt.Errorf("line %d: %q is a synonym of %q and of %q", line, syn, old, main)
			case mains[syn] > 0:
				return fmt.Errorf("line %d: %q is a main name (line %d) and a synonym of %q", line, syn, mains[syn], main)
			default:
				alias[syn] = main
			}
		}
		return nil
	})
	return alias, err
}

// readCSVFile reads a small CSV file given to a flag, record by record
// (fields may vary in number; # starts a comment). Every problem is bad
// input naming the flag.
func readCSVFile(ctx context.Context, flagName, path string, rec func(line int, fields []string) error) error {
	f, err := openInput(ctx, path, input.Limits{})
	if err != nil {
		return usagef("--%s: %v", flagName, err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	r.Comment = '#'
	r.TrimLeadingSpace = true
	for {
		fields, err := r.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return usagef("--%s %s: %v", flagName, path, err)
		}
		line, _ := r.FieldPos(0)
		if err := rec(line, fields); err != nil {
			return usagef("--%s %s: %v", flagName, path, err)
		}
	}
}

// readPriors reads --loose-anchors (Ordo's -y: "Player",Elo,SD lines)
// and --relations (Ordo's -r: "A","B",Diff,SD lines) into opt.
func readPriors(ctx context.Context, o *btOpts, opt *bt.Options) error {
	num := func(flagName string, line int, what, v string) (float64, error) {
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, fmt.Errorf("line %d: %s %q is not a finite number", line, what, v)
		}
		return x, nil
	}
	if o.looseFile != "" {
		err := readCSVFile(ctx, "loose-anchors", o.looseFile, func(line int, f []string) error {
			if len(f) != 3 {
				return fmt.Errorf("line %d: %d fields, want \"Player\",Elo,SD", line, len(f))
			}
			elo, err := num("loose-anchors", line, "Elo", f[1])
			if err != nil {
				return err
			}
			sd, err := num("loose-anchors", line, "SD", f[2])
			if err != nil {
				return err
			}
			if !(sd > 0) {
				return fmt.Errorf("line %d: SD %v: must be positive (a player held exactly is --anchor NAME=ELO)", line, sd)
			}
			opt.LooseAnchors = append(opt.LooseAnchors, bt.LooseAnchor{Name: strings.TrimSpace(f[0]), Elo: elo, SD: sd})
			return nil
		})
		if err != nil {
			return err
		}
		if len(opt.LooseAnchors) == 0 {
			return usagef("--loose-anchors %s: no loose anchor in the file", o.looseFile)
		}
	}
	if o.relFile != "" {
		err := readCSVFile(ctx, "relations", o.relFile, func(line int, f []string) error {
			if len(f) != 4 {
				return fmt.Errorf("line %d: %d fields, want \"A\",\"B\",Diff,SD", line, len(f))
			}
			diff, err := num("relations", line, "Diff", f[2])
			if err != nil {
				return err
			}
			sd, err := num("relations", line, "SD", f[3])
			if err != nil {
				return err
			}
			if !(sd > 0) {
				return fmt.Errorf("line %d: SD %v: must be positive", line, sd)
			}
			opt.Relations = append(opt.Relations, bt.Relation{A: strings.TrimSpace(f[0]), B: strings.TrimSpace(f[1]), Diff: diff, SD: sd})
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
