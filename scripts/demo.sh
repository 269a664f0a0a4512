#!/usr/bin/env bash
# The demonstration run by "make run": what coevo computes so far, each
# command shown before its output.
set -euo pipefail
BIN=${BIN:-bin/coevo}
step() { echo; echo "\$ coevo $*"; "$BIN" "$@"; }

echo "coevo demonstration ($("$BIN" version))"
step solve nim --heaps 1,3,5,7
step solve nim --heaps 3,4,5,1 --no-line
step solve subtraction --n 30 --k 3 --no-line
step solve chomp --rows 4 --cols 5 --no-line
step solve crossover-mutation --bits 0000 --bits2 1111 --json --no-line
step solve --rules docs/rules/divisor.rules --no-line
step sg octal --code 0.77 --upto 200 --period
step sg grundy --upto 48

step bt fit datasets/003_table6.csv --format matrix --plot out/table6-ratings.pdf
step regress docs/example-runs.csv --x n --y T --bound-exponent 5 --plot out/runtime-fit.pdf
step theory --game subtraction --n 30 --k 3
step umda --game subtraction --n 30 --k 3 --mu 200 --seed 1
step othello perft --depth 9
# A new league each time (the results file is also its checkpoint: one of
# an earlier coevo, or of other players, would be refused).
rm -f out/othello-league.csv
step othello league --players heuristic,random-mover,random:1,random:2 --games 100 --out out/othello-league.csv
step bt fit out/othello-league.csv --format games
step othello show --black heuristic --white random:1 --seed 1 --svg out/othello-game.svg
step gp --game ga2 --heaps 1 --seed 1
step solve luckynim --heaps 7,13 --m 2 --n 4
step games
