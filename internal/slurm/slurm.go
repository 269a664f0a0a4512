// Package slurm writes and submits SLURM job arrays that run the shards of
// a coevo job (package internal/shard), one shard per array task. It runs
// nothing itself: SLURM schedules, sbatch submits; there is no daemon and
// no ssh.
package slurm

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"strings"
)

// Shard stands, in Array.Command, for the shard of the running task: it is
// written as "$SLURM_ARRAY_TASK_ID/N", the --shard value of task i.
const Shard = "{shard}"

// An Array is a job array of Tasks tasks, numbered 0 to Tasks-1, each
// running Command for its own shard.
type Array struct {
	Name      string   // --job-name
	Tasks     int      // shards, one task each
	Command   []string // one task's command line; the argument Shard is replaced
	CPUs      int      // --cpus-per-task (at least 1)
	Partition string   // --partition, if not empty
	Time      string   // --time, if not empty (e.g. "2:00:00", "1-12:00:00")
	Output    string   // --output and --error: paths of each task's standard
	Error     string   // output and error, with %A (job id) and %a (task)
	Comment   []string // the script's opening comment, a line each
}

var (
	timeRe      = regexp.MustCompile(`^([0-9]+(:[0-9]+){0,2}|[0-9]+-[0-9]+(:[0-9]+){0,2}|UNLIMITED|INFINITE|unlimited|infinite)$`)
	partitionRe = regexp.MustCompile(`^[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*$`)
	nameRe      = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)
)

// Check reports the first field that sbatch would not read as meant.
func (a Array) Check() error {
	switch {
	case a.Tasks < 1:
		return fmt.Errorf("%d tasks: want at least 1", a.Tasks)
	case a.CPUs < 1:
		return fmt.Errorf("%d CPUs per task: want at least 1", a.CPUs)
	case !nameRe.MatchString(a.Name):
		return fmt.Errorf("job name %q: want letters, digits, '_', '.' or '-'", a.Name)
	case a.Partition != "" && !partitionRe.MatchString(a.Partition):
		return fmt.Errorf("partition %q: want a name, or names separated by commas", a.Partition)
	case a.Time != "" && !timeRe.MatchString(a.Time):
		return fmt.Errorf("time %q: want minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS", a.Time)
	case len(a.Command) == 0:
		return errors.New("no command")
	}
	for _, p := range []string{a.Output, a.Error} {
		if p == "" || strings.ContainsAny(p, " \t\n\r\"'\\") {
			return fmt.Errorf("output path %q: sbatch needs a path without spaces or quotes", p)
		}
	}
	return nil
}

// Script is the batch script of the array.
func (a Array) Script() string {
	var b strings.Builder
	b.WriteString("#!/bin/bash\n")
	for _, c := range a.Comment {
		b.WriteString(strings.TrimRight("# "+c, " ") + "\n")
	}
	fmt.Fprintf(&b, "#SBATCH --job-name=%s\n", a.Name)
	fmt.Fprintf(&b, "#SBATCH --array=0-%d\n", a.Tasks-1)
	b.WriteString("#SBATCH --ntasks=1\n")
	fmt.Fprintf(&b, "#SBATCH --cpus-per-task=%d\n", a.CPUs)
	fmt.Fprintf(&b, "#SBATCH --output=%s\n", a.Output)
	fmt.Fprintf(&b, "#SBATCH --error=%s\n", a.Error)
	if a.Partition != "" {
		fmt.Fprintf(&b, "#SBATCH --partition=%s\n", a.Partition)
	}
	if a.Time != "" {
		fmt.Fprintf(&b, "#SBATCH --time=%s\n", a.Time)
	}
	b.WriteString("set -eu\n")
	words := make([]string, len(a.Command))
	for i, w := range a.Command {
		if w == Shard {
			words[i] = fmt.Sprintf(`"$SLURM_ARRAY_TASK_ID/%d"`, a.Tasks)
		} else {
			words[i] = Quote(w)
		}
	}
	b.WriteString("exec " + strings.Join(words, " ") + "\n")
	return b.String()
}

// Join writes a command line for a POSIX shell, quoting words that need it.
func Join(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = Quote(w)
	}
	return strings.Join(q, " ")
}

var plainRe = regexp.MustCompile(`^[A-Za-z0-9_@%+=:,./-]+$`)

// Quote quotes s for a POSIX shell when it needs it.
func Quote(s string) string {
	if plainRe.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Submit runs "sbatch --parsable [args] script" and returns the job id.
func Submit(ctx context.Context, script string, args ...string) (string, error) {
	sbatch, err := exec.LookPath("sbatch")
	if err != nil {
		return "", errors.New("sbatch not found: submit from a SLURM login node (the script is written; --dry-run prints it)")
	}
	var out, errb bytes.Buffer
	cmd := exec.CommandContext(ctx, sbatch, append(append([]string{"--parsable"}, args...), script)...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = err.Error()
		}
		return "", fmt.Errorf("sbatch %s: %s", script, msg)
	}
	id, _, _ := strings.Cut(strings.TrimSpace(out.String()), ";")
	if id == "" {
		return "", fmt.Errorf("sbatch %s printed no job id", script)
	}
	return id, nil
}
