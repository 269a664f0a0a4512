package slurm

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func testArray() Array {
	return Array{
		Name:    "coevo-umda-sweep",
		Tasks:   8,
		Command: []string{"/opt/coevo/bin/coevo", "umda", "sweep", "/home/ada/my sweep.json", "--out", "/home/ada/results.csv", "--shard", Shard, "--workers", "2"},
		CPUs:    2,
		Output:  "/home/ada/results.slurm-%A_%a.out",
		Error:   "/home/ada/results.slurm-%A_%a.err",
		Comment: []string{"coevo umda sweep as a job array.", "", "Merge: coevo ... --merge"},
	}
}

// The script text, as sbatch reads it: one array task per shard, indices
// 0 to N-1, and each task's command with its own --shard.
func TestScript(t *testing.T) {
	a := testArray()
	want := `#!/bin/bash
# coevo umda sweep as a job array.
#
# Merge: coevo ... --merge
#SBATCH --job-name=coevo-umda-sweep
#SBATCH --array=0-7
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=2
#SBATCH --output=/home/ada/results.slurm-%A_%a.out
#SBATCH --error=/home/ada/results.slurm-%A_%a.err
set -eu
exec /opt/coevo/bin/coevo umda sweep '/home/ada/my sweep.json' --out /home/ada/results.csv --shard "$SLURM_ARRAY_TASK_ID/8" --workers 2
`
	if got := a.Script(); got != want {
		t.Fatalf("script:\n%s\nwant:\n%s", got, want)
	}
	a.Partition, a.Time, a.Tasks = "short,long", "1-12:00:00", 1
	s := a.Script()
	for _, line := range []string{"#SBATCH --array=0-0\n", "#SBATCH --partition=short,long\n", "#SBATCH --time=1-12:00:00\n", `--shard "$SLURM_ARRAY_TASK_ID/1"`} {
		if !strings.Contains(s, line) {
			t.Errorf("script lacks %q:\n%s", line, s)
		}
	}
	if err := a.Check(); err != nil {
		t.Fatal(err)
	}
}

// bash runs the task command with the shard of its array index: the
// quoting holds for any path.
func TestScriptCommandInBash(t *testing.T) {
	dir := t.TempDir()
	a := testArray()
	a.Command = []string{"printf", "[%s]", "it's a \"path\" $HOME `x`", "--shard", Shard}
	script := filepath.Join(dir, "s.sh")
	os.WriteFile(script, []byte(a.Script()), 0o755)
	cmd := exec.Command("bash", script)
	cmd.Env = append(os.Environ(), "SLURM_ARRAY_TASK_ID=5")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if want := "[it's a \"path\" $HOME `x`][--shard][5/8]"; string(out) != want {
		t.Fatalf("got %s, want %s", out, want)
	}
}

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		spoil func(*Array)
		want  string
	}{
		{func(a *Array) { a.Tasks = 0 }, "0 tasks"},
		{func(a *Array) { a.CPUs = 0 }, "0 CPUs"},
		{func(a *Array) { a.Time = "2 hours" }, `time "2 hours"`},
		{func(a *Array) { a.Time = "1:2:3:4" }, "time"},
		{func(a *Array) { a.Partition = "a b" }, "partition"},
		{func(a *Array) { a.Partition = "x\n#SBATCH --mem=1" }, "partition"},
		{func(a *Array) { a.Output = "/my dir/o-%a.out" }, "output path"},
		{func(a *Array) { a.Name = "a;b" }, "job name"},
	} {
		a := testArray()
		c.spoil(&a)
		if err := a.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
	for _, ok := range []string{"30", "30:00", "2:00:00", "1-0", "1-12:00", "1-12:00:00", "UNLIMITED"} {
		a := testArray()
		a.Time = ok
		if err := a.Check(); err != nil {
			t.Errorf("time %q: %v", ok, err)
		}
	}
}

// Without sbatch on the PATH, Submit says so.
func TestSubmitWithoutSbatch(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if _, err := Submit(context.Background(), "x.sbatch"); err == nil || !strings.Contains(err.Error(), "sbatch not found") {
		t.Fatalf("got %v", err)
	}
}

// Submit reads the job id that sbatch --parsable prints ("id" or
// "id;cluster") and reports sbatch's error message.
func TestSubmitParsesJobID(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "sbatch")
	os.WriteFile(fake, []byte("#!/bin/sh\n[ \"$1\" = --parsable ] || exit 3\ncase \"$2\" in bad) echo 'sbatch: error: Batch job submission failed: Invalid partition name specified' >&2; exit 1;; esac\necho \"4242;cluster\"\n"), 0o755)
	t.Setenv("PATH", dir)
	if id, err := Submit(context.Background(), "x.sbatch"); err != nil || id != "4242" {
		t.Fatalf("id %q, %v", id, err)
	}
	if _, err := Submit(context.Background(), "bad"); err == nil || !strings.Contains(err.Error(), "Invalid partition name") {
		t.Fatalf("got %v", err)
	}
}
