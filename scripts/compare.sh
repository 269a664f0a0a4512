#!/bin/bash
# The methods of paper 003 and those it compares itself with, on Othello
# and Connect Four, at equal budgets of games (notebook 07,
# docs/coevolve.md "Comparing the methods"):
#
#   scripts/compare.sh runs RUNS      # the runs into RUNS/ (resumable: run it again)
#   scripts/compare.sh analyse RUNS   # leagues and fig. 5 data into datasets/compare/
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
				# shellcheck disable=SC2086
				timed "$COEVO" coevolve $flags --game "$game" --generations 1000000 --budget "$BUDGET" --seed "$s" \
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
				cp "$dir/history.csv" "$OUT/$run-history.csv"
				cp "$dir/archive.csv" "$OUT/$run-archive.csv"
			done
		done
	done
}

case $cmd in
runs) runs ;;
analyse) analyse ;;
*) echo "usage: $0 runs|analyse [RUNS]" >&2; exit 2 ;;
esac
