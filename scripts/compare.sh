#!/bin/bash
# The methods of paper 003 and those it compares itself with, on Othello
# and Connect Four, at equal budgets of games (notebook 07,
# docs/coevolve.md "Comparing the methods"):
#
#   scripts/compare.sh runs RUNS      # the runs into RUNS/ (resumable: run it again)
#   scripts/compare.sh analyse RUNS   # leagues and fig. 5 data into datasets/compare/
#
# datasets/compare keeps, per run, RUN-run.json (settings, generations,
# games), RUN-ciao.csv (the CIAO matrix of its archive's league, 40 games a
# pair at epsilon 0.1), RUN-ciao.json (tau, D_KL, league-best) and
# RUN-performance.csv (fig. 5: every archived player against random:1-10
# and the reference players, 40 games each); cpu.csv and summary.csv. The
# runs themselves (archives, histories, checkpoints) stay in RUNS.
#
# COEVO (default bin/coevo) is the coevo binary; BUDGET (default 2,000,000)
# the games of every run. Runs take about 20 minutes of CPU in all; run
# them under nice, e.g.
#   nohup nice -n 10 scripts/compare.sh runs runs/compare > compare.log 2>&1 &
set -euo pipefail
COEVO=${COEVO:-bin/coevo}
COEVO=$(realpath "$COEVO")
cmd=${1:-}
RUNS=$(realpath -m "${2:-runs/compare}")
OUT=$(realpath -m "${OUT:-datasets/compare}")
BUDGET=${BUDGET:-2000000}
WORKERS=${WORKERS:-2}

timed() { echo "== $(date -u +%FT%TZ) $*" >&2; /usr/bin/time -f "   %e s wall, %U s user, %S s sys, %M KB" "$@"; }

# cputime RUN COMMAND...: run a coevolve command, appending RUN's CPU seconds
# (user, sys) to RUNS/cpu.csv.
cputime() {
	local run=$1
	shift
	[ -f "$RUNS/cpu.csv" ] || echo "run,user_s,sys_s" > "$RUNS/cpu.csv"
	echo "== $(date -u +%FT%TZ) $*" >&2
	/usr/bin/time -a -o "$RUNS/cpu.csv" -f "$run,%U,%S" "$@"
}

# name:seeds:method and flags (a snapshot every K generations, about 100
# players from the games a generation costs).
SPECS=(
	"nash4:1 2 3:nashsolve --archive 4 --snapshot 25"
	"nash1:1 2 3:nashsolve --archive 1 --snapshot 100"
	"heuristic:1:heuristic --games 250 --snapshot 1"
	"icl50:1:icl --opponents 50 --games 1 --epsilon 0 --snapshot 2"
	"lr:1:roundrobin --snapshot 36"
	"maxsolve:1:maxsolve --archive 10 --snapshot 5"
	"ipca:1:ipca --snapshot 1"
	"nashmemory:1:nashmemory --archive 10 --snapshot 50"
)

runs() {
	mkdir -p "$RUNS"
	for game in othello connect4; do
		for spec in "${SPECS[@]}"; do
			IFS=: read -r name seeds flags <<< "$spec"
			for s in $seeds; do
				[ -f "$RUNS/$game-$name-s$s/run.json" ] && grep -q '"complete": true' "$RUNS/$game-$name-s$s/run.json" && continue
				# shellcheck disable=SC2086
				cputime "$game-$name-s$s" "$COEVO" coevolve $flags --game "$game" --generations 1000000 --budget "$BUDGET" --seed "$s" \
					--workers "$WORKERS" --out "$RUNS/$game-$name-s$s"
			done
		done
	done
}

analyse() {
	mkdir -p "$OUT"
	for game in othello connect4; do
		for spec in "${SPECS[@]}"; do
			IFS=: read -r name seeds _ <<< "$spec"
			for s in $seeds; do
				local run="$game-$name-s$s" dir="$RUNS/$game-$name-s$s"
				[ -f "$dir/archive.csv" ] || { echo "skip $run: no $dir/archive.csv"; continue; }
				if [ ! "$OUT/$run-ciao.json" -nt "$dir/archive.csv" ]; then
					timed "$COEVO" ciao "$dir" --games 40 --epsilon 0.1 --seed 1 --csv "$OUT/$run-ciao.csv" \
						--performance "$OUT/$run-performance.csv" --performance-games 40 --workers "$WORKERS" --json > "$OUT/$run-ciao.json.tmp"
					mv "$OUT/$run-ciao.json.tmp" "$OUT/$run-ciao.json"
				fi
				cp "$dir/run.json" "$OUT/$run-run.json"
			done
		done
	done
	[ -f "$RUNS/cpu.csv" ] && cp "$RUNS/cpu.csv" "$OUT/cpu.csv"
	# summary.csv: a line per run, its cost and its archive's measures.
	python3 - "$OUT" <<'PY'
import csv, json, os, sys
out = sys.argv[1]
cpu = {}
if os.path.exists(os.path.join(out, "cpu.csv")):
    for r in csv.DictReader(open(os.path.join(out, "cpu.csv"))):
        cpu[r["run"]] = float(r["user_s"]) + float(r["sys_s"])
rows = []
for name in sorted(os.listdir(out)):
    if not name.endswith("-run.json"):
        continue
    run = name[:-len("-run.json")]
    game, method, seed = run.split("-")
    r = json.load(open(os.path.join(out, name)))
    c = json.load(open(os.path.join(out, run + "-ciao.json")))
    perf = list(csv.DictReader(l for l in open(os.path.join(out, run + "-performance.csv")) if not l.startswith("#")))
    last = perf[-10:]
    mean = lambda col: sum(float(p[col]) for p in last) / len(last) if col in last[0] else ""
    gens = r["generations_done"]
    rows.append({"run": run, "game": game, "method": method, "seed": seed[1:], "generations": gens, "games": r["games"],
                 "cpu_s": round(cpu[run], 2) if run in cpu else "", "cpu_ms_per_generation": round(1000 * cpu[run] / gens, 3) if run in cpu else "",
                 "players": c["players"], "tau": c["tau"], "dkl": c["dkl"], "league_best": c["best"],
                 "last10_vs_random": mean("vs_random"), "last10_vs_heuristic": mean("vs_heuristic"), "last10_vs_alphabeta": mean("vs_alphabeta")})
with open(os.path.join(out, "summary.csv"), "w", newline="") as f:
    f.write("# scripts/compare.sh analyse: a line per run (settings in RUN-run.json); cpu_s is the run's user+sys CPU seconds;\n")
    f.write("# last10_vs_*: the mean score of its last ten archived players against the random players and the reference players (40 games each, epsilon 0.1).\n")
    w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
    w.writeheader()
    w.writerows(rows)
PY
}

case $cmd in
runs) runs ;;
analyse) analyse ;;
*) echo "usage: $0 runs|analyse [RUNS]" >&2; exit 2 ;;
esac
