#!/bin/bash
# Paper 003 (Samothrakis et al.) section VI at full scale: the runs, then
# the tables and figures made from their players (docs/coevolve.md).
#
#   scripts/paper003.sh runs RUNS       # the runs into RUNS/ (resumable: run it again)
#   scripts/paper003.sh analyse RUNS    # Tables V and VI, fig. 4 and 5 data into datasets/paper003/
#
# COEVO (default bin/coevo) is the coevo binary. Runs take hours of CPU
# (ICL-50,000 plays 10^9 games); run them under nice, e.g.
#   nohup nice -n 10 scripts/paper003.sh runs runs/paper003 > runs.log 2>&1 &
set -euo pipefail
COEVO=${COEVO:-bin/coevo}
COEVO=$(realpath "$COEVO")
cmd=${1:-}
RUNS=$(realpath -m "${2:-runs/paper003}")
OUT=${OUT:-datasets/paper003}
FIG=${FIG:-docs/figures}
WORKERS=${WORKERS:-2}

timed() { echo "== $(date -u +%FT%TZ) $*" >&2; /usr/bin/time -f "   %e s wall, %U s user, %S s sys, %M KB" "$@"; }

runs() {
	mkdir -p "$RUNS"
	cd "$RUNS"
	for s in 1 2 3; do timed "$COEVO" coevolve nashsolve --archive 4 --seed $s --workers "$WORKERS" --out nash4/seed-$s; done
	timed "$COEVO" coevolve heuristic --seed 1 --workers "$WORKERS" --out heuristic/seed-1
	timed "$COEVO" coevolve nashsolve --archive 1 --seed 1 --workers "$WORKERS" --out nash1/seed-1
	timed "$COEVO" coevolve icl --opponents 500 --seed 1 --workers "$WORKERS" --out icl500/seed-1
	timed "$COEVO" coevolve icl --opponents 50000 --seed 1 --workers "$WORKERS" --checkpoint-every 1 --checkpoint-interval 0 --out icl50k/seed-1
}

# share FILE_A: the share of the points file:FILE_A scores against the
# heuristic over 10,000 games at epsilon 0.1, half in each seat.
share() {
	"$COEVO" othello league --players "file:$1,heuristic" --games 10000 --epsilon 0.1 --seed 1 2>/dev/null |
		awk 'NR == 2 { printf "%s,%s,%.4f\n", $(NF-2), $(NF-1), $(NF-2) / $(NF-1) }'
}

# lastWPC ARCHIVE FILE: the archive's last player as a WPC file.
lastWPC() {
	tail -n 1 "$1" | awk -F, '{ print "# " $1 " (generation " $2 "), the last player of '"$1"'"; for (i = 5; i <= 68; i++) printf "%s%s", $i, ((i - 4) % 8 ? " " : "\n") }' > "$2"
}

analyse() {
	mkdir -p "$OUT" "$FIG"
	local vs="$OUT/vs-heuristic.csv" t5="$OUT/table5.csv"
	echo "run,player,generation,points,games,share" > "$vs"
	echo "experiment,run,players,tau,dkl,best,best_generation,best_points" > "$t5"
	for spec in "|A| = 4:nash4-s1:nash4/seed-1" "|A| = 4:nash4-s2:nash4/seed-2" "|A| = 4:nash4-s3:nash4/seed-3" \
		"|A| = 1:nash1-s1:nash1/seed-1" "Against Heuristic:heuristic-s1:heuristic/seed-1" \
		"ICL-500:icl500-s1:icl500/seed-1" "ICL-50,000:icl50k-s1:icl50k/seed-1"; do
		IFS=: read -r exp name dir <<< "$spec"
		dir="$RUNS/$dir"
		[ -f "$dir/archive.csv" ] || { echo "skip $name: no $dir/archive.csv"; continue; }
		[ "$(wc -l < "$dir/archive.csv")" -ge 3 ] || { echo "skip $name: fewer than two archived players"; continue; }
		# The league and fig. 5's games (the costly part) are done again only
		# when the run's archive is newer than their results.
		if [ ! "$OUT/$name-ciao.json" -nt "$dir/archive.csv" ]; then
			timed "$COEVO" ciao "$dir" --games 100 --epsilon 0.1 --seed 1 --csv "$OUT/$name-ciao.csv" --plot "$FIG/ciao-$name.png" \
				--best "$OUT/$name-best.wpc" --performance "$OUT/$name-performance.csv" --json > "$OUT/$name-ciao.json.tmp"
			mv "$OUT/$name-ciao.json.tmp" "$OUT/$name-ciao.json"
		fi
		cp "$dir/run.json" "$OUT/$name-run.json"
		cp "$dir/archive.csv" "$OUT/$name-archive.csv"
		python3 - "$OUT/$name-ciao.json" "$exp" "$name" >> "$t5" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
print(f'"{sys.argv[2]}",{sys.argv[3]},{j["players"]},{j["tau"]},{j["dkl"]},{j["best"]},{j["best_generation"]},{j["best_points"]}')
PY
		local gen
		gen=$(python3 -c "import json; print(json.load(open('$OUT/$name-ciao.json'))['best_generation'])")
		echo "$name,$(python3 -c "import json; print(json.load(open('$OUT/$name-ciao.json'))['best'])"),$gen,$(share "$OUT/$name-best.wpc")" >> "$vs"
	done
	# The 1,500-generation NashSolve |A| = 4 runs are the first 1,500
	# generations of the full ones: their permanent archives are the first
	# 20 players (generations 75 ... 1,500).
	for s in 1 2 3; do
		local a="$RUNS/nash4/seed-$s/archive.csv" tmp
		[ -f "$a" ] || continue
		tmp=$(mktemp -d)
		head -n 21 "$a" > "$tmp/archive.csv"
		"$COEVO" ciao "$tmp/archive.csv" --games 100 --epsilon 0.1 --seed 1 --best "$OUT/nash4-s$s-g1500-best.wpc" --json > "$tmp/ciao.json"
		echo "nash4-s$s@1500,$(python3 -c "import json; j = json.load(open('$tmp/ciao.json')); print(j['best'] + ',' + str(j['best_generation']))"),$(share "$OUT/nash4-s$s-g1500-best.wpc")" >> "$vs"
		rm -r "$tmp"
	done
	# The anti-heuristic run's last player (the best of generation 100).
	if [ -f "$RUNS/heuristic/seed-1/archive.csv" ]; then
		lastWPC "$RUNS/heuristic/seed-1/archive.csv" "$OUT/heuristic-s1-last.wpc"
		echo "heuristic-s1-last,$(tail -n 1 "$RUNS/heuristic/seed-1/archive.csv" | cut -d, -f1,2),$(share "$OUT/heuristic-s1-last.wpc")" >> "$vs"
	fi
	# Table VI: a round robin of the league-best players (and the last
	# anti-heuristic player), the heuristic and a random WPC, 20,000 games
	# a pair at epsilon 0.1.
	local players=()
	for name in nash4-s1 nash4-s2 nash4-s3 heuristic icl50k-s1 nash1-s1 icl500-s1 heuristic-s1 heuristic-s1-last random; do
		case $name in
		heuristic) players+=(heuristic) ;;
		random) players+=(random:1) ;;
		heuristic-s1-last) [ -f "$OUT/$name.wpc" ] && players+=("file:$name.wpc") ;;
		*) [ -f "$OUT/$name-best.wpc" ] && players+=("file:$name-best.wpc") ;;
		esac
	done
	(
		cd "$OUT"
		local list games
		list=$(IFS=,; echo "${players[*]}")
		# The games file is the league's checkpoint; a league of other
		# players (or players changed since) gets a file of its own.
		games="$RUNS/table6-games-$({ cat "${players[@]/#file:/}" 2>/dev/null || true; } | echo "$list $(cat)" | md5sum | cut -c1-12).csv"
		timed "$COEVO" othello league --players "$list" --games 20000 --epsilon 0.1 --seed 1 --out "$games" > table6.txt
		"$COEVO" bt fit "$games" --format games > table6-bt.txt
		"$COEVO" bt fit "$games" --format games --model bayeselo > table6-bayeselo.txt
		# table6.csv: the points table in the matrix format of datasets/003_table6.csv.
		python3 - table6.txt table6-bt.txt > table6.csv <<'PY'
import sys
names = {"nash4-s1-best": "|A|=4 s1", "nash4-s2-best": "|A|=4 s2", "nash4-s3-best": "|A|=4 s3", "heuristic": "Heuristic",
         "icl50k-s1-best": "ICL-50000", "nash1-s1-best": "|A|=1", "icl500-s1-best": "ICL-500",
         "heuristic-s1-best": "Anti-Heuristic", "heuristic-s1-last": "Anti-Heuristic last", "random:1": "Random"}
def name(p):
    p = p.removeprefix("file:").removesuffix(".wpc")
    return names.get(p, p)
lines = [l.split() for l in open(sys.argv[1]) if l.strip() and not l.startswith(tuple("0123456789"))]
players = [name(p) for p in lines[0][:-4]]  # after the names: points games % won
elo = {}
for l in open(sys.argv[2]):
    f = l.split()
    if len(f) == 7 and f[0] != "player":
        elo[name(f[0])] = f[1]
print("# Table VI from our own players (scripts/paper003.sh analyse): 20,000 games a pair at epsilon 0.1;")
print("# row = points scored against the column player; % won and Bradley-Terry Elo (mean 1600) after the empty column.")
print("player," + ",".join(players) + ",,% won,Elo")
for row in lines[1:len(players) + 1]:
    vals = ["" if v == "-" else v for v in row[1:len(players) + 1]]
    print(",".join([name(row[0])] + vals + ["", row[-1], elo.get(name(row[0]), "")]))
PY
	)
}

case $cmd in
runs) runs ;;
analyse) analyse ;;
*) echo "usage: $0 runs|analyse [RUNS]" >&2; exit 2 ;;
esac
