package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/coevolab/coevo/internal/shard"
	"github.com/coevolab/coevo/internal/slurm"
)

// clusterOpts are the flags of every command whose work splits into shards
// (docs/cluster.md): run one shard, merge the shards, or write (and
// submit) a SLURM job array that runs them. A command adopts them with
// addClusterFlags, then calls check, and for --slurm and --merge hands its
// shard.Job to runSLURM or runMerge.
type clusterOpts struct {
	fs        *flag.FlagSet
	shard     string
	merge     bool
	shards    int
	slurm     bool
	partition string
	time      string
	cpus      int
	submit    bool
	dryRun    bool
	follow    bool
}

func addClusterFlags(fs *flag.FlagSet) *clusterOpts {
	o := &clusterOpts{fs: fs}
	fs.StringVar(&o.shard, "shard", "", "run only shard `I/N` of the work (0 <= I < N), into its own file (results.csv: results.shard-I-of-N.csv)")
	fs.BoolVar(&o.merge, "merge", false, "merge the shard files into the --out file, byte for byte what one machine writes")
	fs.IntVar(&o.shards, "shards", 0, "`N` shards: the array tasks of --slurm (default: one per work item, at most 100), or the split --merge expects (default: the one the shard files show)")
	fs.BoolVar(&o.slurm, "slurm", false, "write a SLURM job array script (results.csv: results.sbatch) running one shard per task")
	fs.StringVar(&o.partition, "partition", "", "with --slurm: the SLURM `PARTITION` (default: the cluster's)")
	fs.StringVar(&o.time, "time", "", "with --slurm: each task's time `LIMIT`, e.g. 2:00:00 or 1-12:00:00 (default: the partition's)")
	fs.IntVar(&o.cpus, "cpus", 1, "with --slurm: CPUs per task (the task's --workers)")
	fs.BoolVar(&o.submit, "submit", false, "with --slurm: submit the script with sbatch and print the job id")
	fs.BoolVar(&o.dryRun, "dry-run", false, "with --slurm: print the script, write and submit nothing")
	fs.BoolVar(&o.follow, "follow-symlink", false, "append to the results file a symbolic link --out names (refused otherwise)")
	return o
}

// check validates the combination of cluster flags and returns the split
// of the work to run here (shard.Whole without --shard).
func (o *clusterOpts) check() (shard.Split, error) {
	set := map[string]bool{}
	o.fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, name := range []string{"partition", "time", "cpus", "submit", "dry-run"} {
		if set[name] && !o.slurm {
			return shard.Split{}, usagef("--%s goes with --slurm", name)
		}
	}
	switch {
	case o.shard != "" && (o.merge || o.slurm):
		return shard.Split{}, usagef("--shard runs one shard here; it does not go with --merge or --slurm")
	case o.merge && o.slurm:
		return shard.Split{}, usagef("--merge and --slurm: one at a time (merge when the array's tasks have finished)")
	case set["shards"] && !o.merge && !o.slurm:
		return shard.Split{}, usagef("--shards goes with --slurm or --merge (one shard here is --shard I/N)")
	case o.shards < 0 || set["shards"] && o.shards == 0:
		return shard.Split{}, usagef("--shards %d: want at least 1", o.shards)
	case o.cpus < 1 || o.cpus > maxWorkers:
		return shard.Split{}, usagef("--cpus %d: want 1 to %d (each task runs with --workers CPUS)", o.cpus, maxWorkers)
	case o.submit && o.dryRun:
		return shard.Split{}, usagef("--submit and --dry-run: one or the other")
	}
	if o.shard == "" {
		return shard.Whole, nil
	}
	s, err := shard.ParseSplit(o.shard)
	if err != nil {
		return shard.Split{}, usagef("--shard %v", err)
	}
	return s, nil
}

// fits checks the split of the work against the job, once the job is
// known: no more shards than work items (a shard without work is a SLURM
// task that does nothing, or a merge that waits for files never written).
// It sets how the job treats a results file that is a link.
func (o *clusterOpts) fits(job *shard.Job, split shard.Split) error {
	job.FollowLinks = o.follow
	n := job.Len()
	switch {
	case split.Count > max(n, 1):
		return usagef("--shard %s: %d shards of %d work items; want at most one shard per item", split, split.Count, n)
	case o.shards > max(n, 1):
		return usagef("--shards %d: more shards than the %d work items; want at most %d", o.shards, n, max(n, 1))
	}
	return nil
}

// coevoCommand is the command line that runs this coevo with args.
func coevoCommand(args ...string) []string {
	exe, err := os.Executable()
	if err != nil {
		exe = "coevo"
	}
	return append([]string{exe}, args...)
}

// absPath makes a file name absolute, for scripts that run elsewhere.
func absPath(name string) string {
	if abs, err := filepath.Abs(name); err == nil {
		return abs
	}
	return name
}

// runSLURM writes the SLURM job array script that runs each shard of job
// with command (which carries slurm.Shard where --shard goes), and
// submits it with --submit, or prints it with --dry-run. merge is the
// command line that merges the shards when they are done.
func (o *clusterOpts) runSLURM(ctx context.Context, job *shard.Job, name, out string, command, merge []string, stdout io.Writer) error {
	tasks := o.shards
	if tasks == 0 {
		tasks = min(max(job.Len(), 1), 100)
	}
	stem := strings.TrimSuffix(out, filepath.Ext(out))
	script := stem + ".sbatch"
	merge = append(merge, "--merge", "--shards", fmt.Sprint(tasks))
	a := slurm.Array{
		Name:      "coevo-" + strings.ReplaceAll(strings.TrimPrefix(name, "coevo "), " ", "-"),
		Tasks:     tasks,
		Command:   append(command, "--shard", slurm.Shard, "--workers", fmt.Sprint(o.cpus)),
		CPUs:      o.cpus,
		Partition: o.partition,
		Time:      o.time,
		Output:    stem + ".slurm-%A_%a.out",
		Error:     stem + ".slurm-%A_%a.err",
		Comment: []string{
			fmt.Sprintf("%s as a SLURM job array, written by coevo %s (docs/cluster.md).", name, version),
			fmt.Sprintf("%d work items in %d shards: array task I runs shard I/%d and writes", job.Len(), tasks, tasks),
			fmt.Sprintf("%s.shard-I-of-%d%s; a task that is cancelled or runs out of time", filepath.Base(stem), tasks, filepath.Ext(out)),
			"resumes from that file when submitted again: sbatch --array=I " + slurm.Quote(script),
			"",
			"Submit:  sbatch " + slurm.Quote(script),
			"Merge, when every task has finished:",
			"  " + slurm.Join(merge),
		},
	}
	if err := a.Check(); err != nil {
		return usagef("--slurm: %v", err)
	}
	text := a.Script()
	if o.dryRun {
		_, err := io.WriteString(stdout, text)
		return err
	}
	if st, err := os.Stat(filepath.Dir(out)); err != nil || !st.IsDir() {
		return usagef("--out %s: no directory %s for the results and logs", out, filepath.Dir(out))
	}
	// The script's name comes from --out: it is named by that flag.
	if err := writeOutput(ctx, "out", script, func(w io.Writer) error { _, err := io.WriteString(w, text); return err }); err != nil {
		return err
	}
	mergeLine := slurm.Join(merge)
	if !o.submit {
		fmt.Fprintf(stdout, "wrote %s: %d array tasks, one shard each\nsubmit it with: sbatch %s\nwhen every task has finished, merge with: %s\n", script, tasks, slurm.Quote(script), mergeLine)
		return nil
	}
	id, err := slurm.Submit(ctx, script)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "submitted job %s: %d array tasks (%s)\nfollow it with: squeue -j %s\nwhen every task has finished, merge with: %s\n", id, tasks, script, id, mergeLine)
	return nil
}

// runMerge merges the shard files of job into out.
func (o *clusterOpts) runMerge(job *shard.Job, out string, stdout io.Writer) error {
	n, err := job.Merge(out, o.shards)
	if err != nil {
		return shardError(err)
	}
	if n == 1 {
		fmt.Fprintf(stdout, "%s holds all %d rows (one shard: nothing to merge)\n", out, job.Len())
		return nil
	}
	fmt.Fprintf(stdout, "merged %d shards into %s: %d rows\n", n, out, job.Len())
	return nil
}

// shardError makes a problem with the content of a results file, or a
// results file that cannot be opened (a directory, a missing folder), a
// usage error (exit 2): the user must act on the file or the settings. A
// file another process is writing stays an error of its own (exit 1).
func shardError(err error) error {
	var fe *shard.FileError
	var pe *fs.PathError
	if errors.As(err, &fe) || !errors.Is(err, shard.ErrLocked) && errors.As(err, &pe) {
		return usagef("%v", err)
	}
	return err
}
