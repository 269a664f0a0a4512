package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coevolab/coevo/engine/coevolve"
	"github.com/coevolab/coevo/engine/connect4"
	"github.com/coevolab/coevo/engine/othello"
	"github.com/coevolab/coevo/engine/tournament"
	"github.com/coevolab/coevo/internal/shard"
	"github.com/coevolab/coevo/stats/ciao"
)

// The contract: coevo coevolve matching-sides --json prints Table IV as
// {"strategies":[...],"payoff":[[...]],"total":[...]}, the table printed in
// paper 003 (engine/coevolve/testdata/table4.txt).
func TestMatchingSidesJSON(t *testing.T) {
	out, errs, st := coevo("coevolve", "matching-sides", "--json")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	var got struct {
		Strategies []string `json:"strategies"`
		Payoff     [][]int  `json:"payoff"`
		Total      []int    `json:"total"`
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("%q: %v", out, err)
	}
	f, err := os.Open("../../engine/coevolve/testdata/table4.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var names []string
	var payoff [][]int
	var total []int
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		switch {
		case strings.HasPrefix(sc.Text(), "#"):
		case names == nil:
			names = fields[:8]
		default:
			var row []int
			for _, s := range fields[1:] {
				v, _ := strconv.Atoi(s)
				row = append(row, v)
			}
			payoff, total = append(payoff, row[:8]), append(total, row[8])
		}
	}
	if !reflect.DeepEqual(got.Strategies, names) || !reflect.DeepEqual(got.Payoff, payoff) || !reflect.DeepEqual(got.Total, total) {
		t.Errorf("got %+v\nwant Table IV %v %v %v", got, names, payoff, total)
	}
	text, _, _ := coevo("coevolve", "matching-sides")
	if !strings.Contains(text, "L:LL > L:RR > R:RR > R:LL > L:LL") || !strings.Contains(text, "[L:LR R:LR]") {
		t.Errorf("text output:\n%s", text)
	}
}

var nashArgs = []string{"coevolve", "nashsolve", "--archive", "2", "--generations", "12", "--population", "12", "--snapshot", "2", "--seed", "5"}

func runFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, n := range []string{coevolve.RunFile, coevolve.ArchiveFile, coevolve.AdmittedFile, coevolve.HistoryFile} {
		if b, err := os.ReadFile(filepath.Join(dir, n)); err == nil {
			out[n] = string(b)
		}
	}
	if len(out) < 3 {
		t.Fatalf("%s holds %d of the run's files", dir, len(out))
	}
	return out
}

// A run writes its files; run again it says it is complete and changes
// nothing; coevo ciao reads its archive and writes the CIAO plot and
// matrix.
func TestCoevolveAndCIAO(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nash2")
	out, errs, st := coevo(append(nashArgs, "--out", dir)...)
	if st != 0 || !strings.Contains(out, "NashSolve |A|=2, seed 5: 12 of 12 generations") || !strings.Contains(out, "coevo ciao "+dir) {
		t.Fatalf("status %d: %s %s", st, out, errs)
	}
	files := runFiles(t, dir)
	again, errs, st := coevo(append(nashArgs, "--out", dir, "--workers", "1")...)
	if st != 0 || !strings.Contains(again, "12 of 12") || !reflect.DeepEqual(runFiles(t, dir), files) {
		t.Fatalf("rerun: status %d: %s %s", st, again, errs)
	}
	arch, err := coevolve.ReadArchive(filepath.Join(dir, coevolve.ArchiveFile))
	if err != nil || arch.Len() != 6 {
		t.Fatalf("archive: %v, %v", arch, err)
	}

	plot, csvPath := filepath.Join(t.TempDir(), "ciao.png"), filepath.Join(t.TempDir(), "ciao.csv")
	js, errs, st := coevo("ciao", dir, "--games", "10", "--epsilon", "0.1", "--plot", plot, "--csv", csvPath, "--json")
	if st != 0 {
		t.Fatalf("ciao: status %d: %s", st, errs)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(js), &r); err != nil || len(r) != 8 || r["players"] != 6.0 || r["games"] != 150.0 {
		t.Fatalf("ciao --json: %s (%v)", js, err)
	}
	lines := strings.Split(strings.TrimSpace(readFile(t, csvPath)), "\n")
	if len(lines) != 7 || lines[0] != "player,generation,g2,g4,g6,g8,g10,g12" || !strings.HasPrefix(lines[1], "g2,2,,,") {
		t.Errorf("ciao.csv:\n%s", strings.Join(lines, "\n"))
	}
	if png := readFile(t, plot); !strings.HasPrefix(png, "\x89PNG") {
		t.Error("the plot is not a PNG")
	}
	svg := filepath.Join(t.TempDir(), "ciao.svg")
	if _, errs, st := coevo("ciao", dir, "--games", "10", "--plot", svg, "--palette", "diverging"); st != 0 || !strings.Contains(readFile(t, svg), "score of current vs ancestor") {
		t.Errorf("ciao --palette diverging: status %d: %s", st, errs)
	}
	text, errs, st := coevo("ciao", filepath.Join(dir, coevolve.ArchiveFile), "--games", "10")
	if st != 0 || !strings.Contains(text, "tau = ") || !strings.Contains(text, "dominance tournament:") {
		t.Errorf("ciao on the archive file: status %d: %s %s", st, text, errs)
	}

	// --best writes the league-best player, which file:PATH reads back
	// exactly; --performance scores every player against random:1-10 and
	// the heuristic, as ciao.Performance does.
	best, perf := filepath.Join(t.TempDir(), "best.wpc"), filepath.Join(t.TempDir(), "perf.csv")
	if _, errs, st := coevo("ciao", dir, "--games", "10", "--best", best, "--performance", perf, "--performance-games", "4"); st != 0 {
		t.Fatalf("ciao --best --performance: status %d: %s", st, errs)
	}
	name, _ := r["best"].(string)
	var member *coevolve.Member
	for i := range arch.Members {
		if arch.Members[i].Name == name {
			member = &arch.Members[i]
		}
	}
	w, err := othello.ReadWPC(best)
	if err != nil || member == nil || !slices.Equal(w[:], member.X) {
		t.Errorf("--best wrote %v, the league-best %s is %v (%v)", w, name, member, err)
	}
	rows := strings.Split(strings.TrimSpace(readFile(t, perf)), "\n")
	if len(rows) != 7 || rows[0] != "player,generation,games,vs_random,vs_heuristic" {
		t.Fatalf("perf.csv:\n%s", strings.Join(rows, "\n"))
	}
	names := arch.Names()
	var players []othello.Player
	for _, m := range arch.Members {
		w, err := othello.NewWPC(m.X)
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, w)
	}
	for k := 1; k <= 10; k++ {
		names, players = append(names, fmt.Sprintf("random:%d", k)), append(players, othello.RandomWPC(uint64(k)))
	}
	names, players = append(names, "heuristic"), append(players, othello.Heuristic())
	vh, err := ciao.Performance(context.Background(), &othello.Match{Players: players, Epsilon: 0.1}, names, []int{2}, []int{16}, 4, tournament.Options{Seed: 1})
	f := strings.Split(rows[3], ",")
	if err != nil || len(f) != 5 || f[0] != "g6" || f[1] != "6" || f[2] != strconv.FormatInt(arch.Members[2].Games, 10) || f[4] != strconv.FormatFloat(vh[0], 'g', -1, 64) {
		t.Errorf("perf.csv row %q, heuristic share %v (%v)", rows[3], vh, err)
	}
}

// --optimizer gonum runs gonum's CmaEsChol: a different run, named so, and
// a directory of one optimizer refuses the other.
func TestCoevolveOptimizer(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "g")
	out, errs, st := coevo(append(nashArgs, "--out", dir, "--optimizer", "gonum")...)
	if st != 0 || !strings.Contains(out, "(gonum CMA-ES)") {
		t.Fatalf("status %d: %s %s", st, out, errs)
	}
	_, errs, st = coevo(append(nashArgs, "--out", dir)...)
	if st != 2 || !strings.Contains(errs, "optimizer gonum, and this run has optimizer cma") {
		t.Errorf("textbook on a gonum run: status %d: %s", st, errs)
	}
	if _, errs, st = coevo(append(nashArgs, "--out", dir, "--optimizer", "Gonum")...); st != 2 || !strings.Contains(errs, `--optimizer "Gonum"`) {
		t.Errorf("--optimizer Gonum: status %d: %s", st, errs)
	}
}

// A run killed (SIGKILL) after a checkpoint and resumed with the same
// command ends with the files of an uninterrupted run; SIGTERM stops a run
// with status 143 (128 + 15), keeping its checkpoint.
func TestCoevolveKillResume(t *testing.T) {
	args := []string{"coevolve", "nashsolve", "--archive", "3", "--generations", "120", "--population", "20", "--snapshot", "4", "--seed", "2",
		"--checkpoint-every", "2", "--checkpoint-interval", "0"}
	whole := filepath.Join(t.TempDir(), "whole")
	if _, errs, st := coevo(append(args, "--out", whole)...); st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	want := runFiles(t, whole)

	dir := filepath.Join(t.TempDir(), "killed")
	cmd, _ := coevoProcess(t, append(args, "--out", dir)...)
	waitFor(t, func() bool { return doneIn(dir) >= 6 })
	cmd.Process.Kill()
	cmd.Wait()
	done := doneIn(dir)
	if done >= 120 {
		t.Skip("the run ended before it was killed")
	}
	cmd, stderr := coevoProcess(t, append(args, "--out", dir)...)
	waitFor(t, func() bool { return doneIn(dir) > done })
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	var ee *exec.ExitError
	if (err != nil || doneIn(dir) < 120) && (!errors.As(err, &ee) || ee.ExitCode() != 143 || !strings.Contains(stderr.String(), "interrupted")) {
		t.Fatalf("after SIGTERM: %v: %s", err, stderr)
	}
	if _, errs, st := coevo(append(args, "--out", dir)...); st != 0 {
		t.Fatalf("resume: status %d: %s", st, errs)
	}
	if got := runFiles(t, dir); !reflect.DeepEqual(got, want) {
		for k := range want {
			if got[k] != want[k] {
				t.Errorf("%s differs from the uninterrupted run's:\n%s\nwant:\n%s", k, got[k], want[k])
			}
		}
	}
}

// doneIn reads the generations done from a run directory's run.json.
func doneIn(dir string) int {
	b, err := os.ReadFile(filepath.Join(dir, coevolve.RunFile))
	if err != nil {
		return 0
	}
	var r struct {
		Done int `json:"generations_done"`
	}
	json.Unmarshal(b, &r)
	return r.Done
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(120 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Many seeds as shards (one of them killed part way and resumed) merge
// into the runs.csv of the single-machine run, byte for byte, and each
// seed's directory holds the same files.
func TestCoevolveSeedsShardsMerge(t *testing.T) {
	args := []string{"coevolve", "heuristic", "--generations", "3", "--population", "8", "--games", "2", "--seeds", "1-5"}
	single := filepath.Join(t.TempDir(), "single")
	out, errs, st := coevo(append(args, "--out", single)...)
	if st != 0 || !strings.Contains(out, "5 runs in") {
		t.Fatalf("status %d: %s %s", st, out, errs)
	}
	want := readFile(t, filepath.Join(single, "runs.csv"))
	if n := strings.Count(want, "\n"); n != 6 || !strings.HasPrefix(want, "method,archive,opponents,population,games,epsilon,snapshot,optimizer,step_size,generations,seed,dir,") {
		t.Fatalf("runs.csv:\n%s", want)
	}
	dir := filepath.Join(t.TempDir(), "sharded")
	for i := range 2 {
		if _, errs, st := coevo(append(args, "--out", dir, "--shard", fmt.Sprintf("%d/2", i))...); st != 0 {
			t.Fatalf("shard %d/2: status %d: %s", i, st, errs)
		}
	}
	// Cut shard 0 to its first row and one seed's run to an old
	// checkpoint, as a kill would; resume it.
	path := shard.Split{Index: 0, Count: 2}.Path(filepath.Join(dir, "runs.csv"))
	lines := strings.SplitAfter(readFile(t, path), "\n")
	writeFile(t, path, strings.Join(lines[:2], ""))
	if _, errs, st := coevo(append(args, "--out", dir, "--shard", "0/2")...); st != 0 || !strings.Contains(errs, "2 seeds to run, 1 already") {
		t.Fatalf("resumed shard: status %d: %s", st, errs)
	}
	if _, errs, st := coevo(append(args, "--out", dir, "--merge")...); st != 0 {
		t.Fatalf("merge: status %d: %s", st, errs)
	}
	if got := readFile(t, filepath.Join(dir, "runs.csv")); got != want {
		t.Fatalf("merged:\n%s\nwant:\n%s", got, want)
	}
	for s := 1; s <= 5; s++ {
		a, b := filepath.Join(single, fmt.Sprintf("seed-%d", s)), filepath.Join(dir, fmt.Sprintf("seed-%d", s))
		if !reflect.DeepEqual(runFiles(t, a), runFiles(t, b)) {
			t.Errorf("seed %d: the sharded run's files differ", s)
		}
	}
	script, errs, st := coevo(append(args, "--out", dir, "--slurm", "--shards", "2", "--dry-run")...)
	if st != 0 || !strings.Contains(script, "#SBATCH --array=0-1") || !strings.Contains(script, "coevolve heuristic --games 2 --generations 3 --population 8 --seeds 1-5 --out "+dir+` --shard "$SLURM_ARRAY_TASK_ID/2"`) {
		t.Errorf("script: status %d: %s %s", st, script, errs)
	}
}

// A league's games split into shards merge into the single machine's
// results file byte for byte; a league resumes from its file.
func TestLeagueShardsMerge(t *testing.T) {
	dir := t.TempDir()
	args := []string{"othello", "league", "--players", "heuristic,random:1,random:2,random-mover", "--games", "10", "--seed", "3"}
	single := filepath.Join(dir, "single.csv")
	table, errs, st := coevo(append(args, "--out", single)...)
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	plain, _, _ := coevo(args...)
	if !strings.HasPrefix(table, plain) {
		t.Errorf("the table with --out differs from the one without:\n%s\n%s", table, plain)
	}
	want := readFile(t, single)
	out := filepath.Join(dir, "r.csv")
	for i := range 3 {
		if _, errs, st := coevo(append(args, "--out", out, "--shard", fmt.Sprintf("%d/3", i))...); st != 0 {
			t.Fatalf("shard %d: status %d: %s", i, st, errs)
		}
	}
	if _, errs, st := coevo(append(args, "--out", out, "--merge")...); st != 0 {
		t.Fatalf("merge: status %d: %s", st, errs)
	}
	if got := readFile(t, out); got != want {
		t.Fatalf("merged:\n%s\nwant:\n%s", got, want)
	}
	// Resume: keep 7 games, as a kill would, and run again.
	lines := strings.SplitAfter(want, "\n")
	writeFile(t, out, strings.Join(lines[:8], ""))
	if _, errs, st := coevo(append(args, "--out", out)...); st != 0 || !strings.Contains(errs, "53 games to play, 7 already") {
		t.Fatalf("resume: status %d: %s", st, errs)
	}
	if got := readFile(t, out); got != want {
		t.Fatal("resumed league differs")
	}
	// Other settings are refused, naming the field.
	if _, errs, st := coevo("othello", "league", "--players", "heuristic,random:1,random:2,random-mover", "--games", "10", "--seed", "4", "--out", out); st != 2 || !strings.Contains(errs, `seed "3"`) {
		t.Errorf("other seed: status %d: %s", st, errs)
	}
}

// Every method paper 003 compares itself with runs from the command line,
// says what it wrote, and resumes to the files of an uninterrupted run;
// --seeds shards merge as for the paper's methods.
func TestCoevolveNewMethods(t *testing.T) {
	for _, m := range []string{"roundrobin", "maxsolve", "ipca", "nashmemory"} {
		args := []string{"coevolve", m, "--generations", "6", "--snapshot", "2", "--seed", "3", "--checkpoint-every", "1", "--checkpoint-interval", "0"}
		if m != "roundrobin" {
			args = append(args, "--population", "10", "--offered", "2")
		} else {
			args = append(args, "--games", "1")
		}
		whole := filepath.Join(t.TempDir(), m)
		out, errs, st := coevo(append(args, "--out", whole)...)
		if st != 0 || !strings.Contains(out, "6 of 6 generations") {
			t.Fatalf("%s: status %d: %s %s", m, st, out, errs)
		}
		if m != "roundrobin" && !strings.Contains(out, "archives.csv") {
			t.Errorf("%s: %s", m, out)
		}
		want := runFiles(t, whole)
		// Stop after 3 generations (a shorter run is the start of the
		// longer one) and go on.
		part := filepath.Join(t.TempDir(), m)
		short := append([]string(nil), args...)
		short[3] = "3"
		if _, errs, st := coevo(append(short, "--out", part)...); st != 0 {
			t.Fatalf("%s: status %d: %s", m, st, errs)
		}
		if _, errs, st := coevo(append(args, "--out", part)...); st != 0 {
			t.Fatalf("%s: status %d: %s", m, st, errs)
		}
		if !reflect.DeepEqual(runFiles(t, part), want) {
			t.Errorf("%s: the continued run's files differ", m)
		}
		var js struct {
			Config coevolve.Config `json:"config"`
		}
		if err := json.Unmarshal([]byte(want[coevolve.RunFile]), &js); err != nil || string(js.Config.Method) != m {
			t.Errorf("%s: run.json %s (%v)", m, want[coevolve.RunFile], err)
		}
	}
	// A budget of games ends a run early, complete, saying why.
	out, errs, st := coevo("coevolve", "nashsolve", "--archive", "2", "--population", "8", "--generations", "1000", "--budget", "100", "--out", filepath.Join(t.TempDir(), "b"))
	if st != 0 || !strings.Contains(out, "the budget of 100 games is spent") {
		t.Errorf("--budget: status %d: %s %s", st, out, errs)
	}
	args := []string{"coevolve", "maxsolve", "--generations", "2", "--population", "6", "--offered", "2", "--seeds", "1-3"}
	single, sharded := filepath.Join(t.TempDir(), "single"), filepath.Join(t.TempDir(), "sharded")
	if _, errs, st := coevo(append(args, "--out", single)...); st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	for i := range 2 {
		if _, errs, st := coevo(append(args, "--out", sharded, "--shard", fmt.Sprintf("%d/2", i))...); st != 0 {
			t.Fatalf("shard %d: status %d: %s", i, st, errs)
		}
	}
	if _, errs, st := coevo(append(args, "--out", sharded, "--merge")...); st != 0 {
		t.Fatalf("merge: status %d: %s", st, errs)
	}
	if a, b := readFile(t, filepath.Join(single, "runs.csv")), readFile(t, filepath.Join(sharded, "runs.csv")); a != b || !strings.HasPrefix(a, "method,archive,opponents,population,games,epsilon,snapshot,optimizer,step_size,offered,generations,seed,") {
		t.Errorf("runs.csv:\n%s\nsharded:\n%s", a, b)
	}
}

// --game connect4: a run of Connect Four, which coevo ciao analyses as
// such (its archive's header names the weights), scoring each player
// against random players and both reference players.
func TestCoevolveConnectFour(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "c4")
	out, errs, st := coevo("coevolve", "nashsolve", "--game", "connect4", "--archive", "2", "--generations", "6", "--population", "10", "--snapshot", "2", "--out", dir)
	if st != 0 || !strings.Contains(out, "connect4: NashSolve |A|=2, seed 1: 6 of 6 generations") {
		t.Fatalf("status %d: %s %s", st, out, errs)
	}
	perf := filepath.Join(t.TempDir(), "perf.csv")
	best := filepath.Join(t.TempDir(), "best.txt")
	text, errs, st := coevo("ciao", dir, "--games", "6", "--performance", perf, "--performance-games", "2", "--best", best)
	if st != 0 || !strings.Contains(text, "connect4: NashSolve") {
		t.Fatalf("ciao: status %d: %s %s", st, text, errs)
	}
	rows := strings.Split(strings.TrimSpace(readFile(t, perf)), "\n")
	if len(rows) != 4 || rows[0] != "player,generation,games,vs_random,vs_heuristic,vs_alphabeta" {
		t.Errorf("perf.csv:\n%s", strings.Join(rows, "\n"))
	}
	if _, err := connect4.ReadLinear(best); err != nil {
		t.Errorf("--best: %v", err)
	}
	// The archive file alone is known by its header.
	if _, errs, st := coevo("ciao", filepath.Join(dir, "archive.csv"), "--games", "4"); st != 0 {
		t.Errorf("ciao archive.csv: status %d: %s", st, errs)
	}
	// An Othello run in its directory is refused, naming the game.
	if _, errs, st := coevo("coevolve", "nashsolve", "--archive", "2", "--generations", "6", "--population", "10", "--snapshot", "2", "--out", dir); st != 2 || !strings.Contains(errs, "game connect4, and this run has game othello") {
		t.Errorf("othello into a connect4 run: status %d: %s", st, errs)
	}
}

func TestCoevolveBadUsage(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "run")
	coevo(append(nashArgs, "--out", run)...)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"coevolve"}, "missing method"},
		{[]string{"coevolve", "swim"}, `unknown method "swim"`},
		{[]string{"coevolve", "nashsolve", "--generations", "3"}, "missing --out"},
		{[]string{"coevolve", "heuristic", "--archive", "2", "--out", dir}, "--archive goes with nashsolve"},
		{[]string{"coevolve", "nashsolve", "--opponents", "2", "--out", dir}, "--opponents goes with icl"},
		{[]string{"coevolve", "nashsolve", "--archive", "0", "--out", dir}, "--archive 0"},
		{[]string{"coevolve", "icl", "--games", "0", "--out", dir}, "games 0"},
		{[]string{"coevolve", "icl", "--epsilon", "1.5", "--out", dir}, "epsilon 1.5"},
		{[]string{"coevolve", "nashsolve", "--seed", "2", "--seeds", "1-3", "--out", dir}, "--seed and --seeds"},
		{[]string{"coevolve", "nashsolve", "--seeds", "3-1", "--out", dir}, "--seeds"},
		{[]string{"coevolve", "nashsolve", "--shard", "0/2", "--out", dir}, "split the seeds of --seeds"},
		{append(append([]string(nil), nashArgs[:len(nashArgs)-1]...), "6", "--out", run), "seed 5, and this run has seed 6"},
		{[]string{"coevolve", "matching-sides", "x"}, "unexpected argument"},
		{[]string{"coevolve", "nashsolve", "--game", "chess", "--out", dir}, `--game "chess": want othello or connect4`},
		{[]string{"coevolve", "ipca", "--archive", "3", "--out", dir}, "--archive goes with nashsolve, maxsolve and nashmemory"},
		{[]string{"coevolve", "nashsolve", "--offered", "3", "--out", dir}, "--offered goes with maxsolve, ipca and nashmemory"},
		{[]string{"coevolve", "maxsolve", "--offered", "300", "--out", dir}, "offered 300"},
		{[]string{"coevolve", "nashsolve", "--beta", "0.1", "--out", dir}, "--beta goes with --optimizer es"},
		{[]string{"coevolve", "roundrobin", "--beta", "2", "--out", dir}, "beta 2"},
		{[]string{"coevolve", "roundrobin", "--optimizer", "hill", "--out", dir}, `--optimizer "hill"`},
		{[]string{"coevolve", "nashsolve", "--budget", "-5", "--out", dir}, "budget -5"},
		{[]string{"ciao"}, "missing FILE"},
		{[]string{"ciao", filepath.Join(dir, "none")}, "none"},
		{[]string{"ciao", run, "--games", "3"}, "--games 3"},
		{[]string{"ciao", run, "--plot", filepath.Join(dir, "c.gif")}, "unknown format"},
		{[]string{"ciao", run, "--palette", "jet"}, "--palette jet"},
		{[]string{"ciao", run, "--csv", filepath.Join(dir, "no", "c.csv")}, "does not exist"},
		{[]string{"ciao", run, "--best", filepath.Join(dir, "no", "b.wpc")}, "does not exist"},
		{[]string{"ciao", run, "--performance", filepath.Join(dir, "p.csv"), "--performance-games", "3"}, "--performance-games 3"},
		{[]string{"othello", "league", "--players", "heuristic,random:1", "--shard", "0/2"}, "need --out"},
		{[]string{"othello", "league", "--players", "heuristic,file:w.txt", "--out", filepath.Join(dir, "l.csv"), "--slurm"}, "absolute path"},
	}
	for _, c := range cases {
		_, errs, st := coevo(c.args...)
		if st != 2 || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: status %d, stderr %q; want 2 and one line containing %q", c.args, st, errs, c.want)
		}
	}
	for _, args := range [][]string{{"coevolve", "--help"}, {"coevolve", "nashsolve", "--help"}, {"ciao", "--help"}, {"coevolve", "matching-sides", "--help"}} {
		out, _, st := coevo(args...)
		if st != 0 || !strings.Contains(out, "Usage: coevo") {
			t.Errorf("%v: status %d: %s", args, st, out)
		}
	}
}

// Issue 17: a second coevolve into the directory a first one is running
// into is refused (exit 1, naming the directory) and changes nothing; once
// the first has ended, the same command resumes.
func TestCoevolveTwoWriters(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	args := []string{"coevolve", "icl", "--opponents", "5", "--generations", "2", "--seed", "1", "--out", dir}
	if _, errs, st := coevo(args...); st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	before := readFile(t, filepath.Join(dir, "history.csv"))
	release, err := shard.LockDir(dir) // the first writer, still running
	if err != nil {
		t.Fatal(err)
	}
	more := append(args[:len(args)-2:len(args)-2], "--out", dir, "--generations", "3")
	_, errs, st := coevo(more...)
	if st != 1 || !strings.Contains(errs, dir+": another process is running into this directory") {
		t.Fatalf("second writer: status %d: %s", st, errs)
	}
	if got := readFile(t, filepath.Join(dir, "history.csv")); got != before {
		t.Fatalf("history changed by the refused writer:\n%s", got)
	}
	release()
	if _, errs, st := coevo(more...); st != 0 {
		t.Fatalf("after the first ended: status %d: %s", st, errs)
	}
}
