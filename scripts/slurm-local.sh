#!/usr/bin/env bash
# A one-node SLURM cluster on this machine, for testing coevo's job arrays
# (docs/cluster.md). It uses Debian's slurm-wlm and munge packages, keeps
# everything (keys, sockets, state, logs) in one directory, needs root, and
# stops exactly the processes it started, by pid.
#
#   scripts/slurm-local.sh run [--dir DIR] -- COMMAND...
#       start a cluster, run COMMAND with SLURM_CONF exported, stop the
#       cluster (also when COMMAND fails or the script is interrupted), and
#       exit with COMMAND's status
#   scripts/slurm-local.sh start DIR    start a cluster in DIR (must not exist)
#   scripts/slurm-local.sh stop DIR     cancel its jobs, stop its daemons
#
# After "start", clients need the environment in DIR/env:
#   . DIR/env; sinfo; sbatch ...
#
# Choices, each for a reason found on this kind of machine (Slurm 22.05):
#   proctrack/linuxproc, task/none  the cgroup plugins fail without a freezer
#                                   mount, and the job is then recorded as
#                                   completed without having run;
#   select/cons_tres with CR_Core   select/linear runs array tasks one at a time;
#   batch_sched_delay=0             the default waits 3 s before each launch;
#   AuthInfo=socket=...             our munged has its own socket;
#   slurmd -N localhost             the node is named localhost, not the host;
#   ReturnToService=2               a node that was down comes back by itself.
# There is no accounting database, so sacct does not work: read results
# from the jobs' output files or "scontrol show job".
set -euo pipefail
umask 022

die() { echo "slurm-local: $*" >&2; exit 1; }

need() {
	local missing=()
	for c in munged mungekey slurmctld slurmd sinfo squeue scancel; do
		command -v "$c" >/dev/null || missing+=("$c")
	done
	[ ${#missing[@]} -eq 0 ] || die "missing ${missing[*]}: install Debian's slurm-wlm and munge (make slurm-deps)"
	[ "$(id -u)" = 0 ] || die "needs root (slurmd runs jobs as their users)"
}

# A TCP port nobody listens on (from /proc/net/tcp{,6}), in 20000-59999.
free_port() {
	local used p
	used=$(awk 'NR > 1 && $4 == "0A" { split($2, a, ":"); print strtonum("0x" a[2]) }' /proc/net/tcp /proc/net/tcp6 2>/dev/null | sort -u)
	for _ in $(seq 200); do
		p=$((20000 + RANDOM % 40000))
		if ! grep -qx "$p" <<<"$used" && [ "$p" != "${1:-}" ]; then
			echo "$p"
			return
		fi
	done
	die "no free TCP port found"
}

# wait_for SECONDS DESCRIPTION COMMAND...: poll until COMMAND succeeds.
wait_for() {
	local secs=$1 what=$2
	shift 2
	local deadline=$((SECONDS + secs))
	until "$@" >/dev/null 2>&1; do
		[ $SECONDS -lt $deadline ] || return 1
		sleep 0.1
	done
}

alive() { kill -0 "$1" 2>/dev/null; }

# stop_pids SECONDS PID...: SIGTERM, then SIGKILL to those alive after SECONDS.
stop_pids() {
	local secs=$1 pid left
	shift
	[ $# -gt 0 ] || return 0
	kill -TERM "$@" 2>/dev/null || true
	for _ in $(seq $((secs * 10))); do
		left=()
		for pid in "$@"; do
			if alive "$pid"; then left+=("$pid"); fi
		done
		[ ${#left[@]} -gt 0 ] || return 0
		sleep 0.1
	done
	echo "slurm-local: killing what ignored SIGTERM: ${left[*]}" >&2
	kill -KILL "${left[@]}" 2>/dev/null || true
}

node_idle() { [ "$(sinfo -h -n localhost -o %t 2>/dev/null)" = idle ]; }

start() {
	local dir=$1
	need
	[ ! -e "$dir" ] || die "$dir exists: give a new directory"
	mkdir -p "$dir"
	dir=$(cd "$dir" && pwd)
	mkdir -m 0755 "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
	local t0
	t0=$(date +%s%N)

	# munge: a key of our own and a munged on its own socket.
	mungekey --create --keyfile="$dir/munge/munge.key" >/dev/null
	chmod 0400 "$dir/munge/munge.key"
	munged --foreground --force --key-file="$dir/munge/munge.key" \
		--socket="$dir/munge/munge.socket" --pid-file="$dir/munge/munged.pid" \
		--seed-file="$dir/munge/munged.seed" --log-file="$dir/log/munged.log" \
		>>"$dir/log/munged.out" 2>&1 &
	echo "munged $!" >>"$dir/pids"
	wait_for 10 munged test -S "$dir/munge/munge.socket" || die "munged did not start: $(tail -3 "$dir/log/munged.log" 2>/dev/null)"

	# slurm.conf: one node named localhost with what slurmd -C measures.
	local hw ctld_port slurmd_port
	hw=$(slurmd -C | head -1 | tr ' ' '\n' | grep -E '^(CPUs|Boards|SocketsPerBoard|CoresPerSocket|ThreadsPerCore|RealMemory)=' | tr '\n' ' ')
	ctld_port=$(free_port)
	slurmd_port=$(free_port "$ctld_port")
	cat >"$dir/slurm.conf" <<EOF
# Written by coevo's scripts/slurm-local.sh: a one-node cluster for tests.
ClusterName=coevo-local
SlurmctldHost=localhost
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
KillWait=5
NodeName=localhost NodeAddr=127.0.0.1 $hw State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
	cat >"$dir/env" <<EOF
export SLURM_CONF=$dir/slurm.conf
EOF
	export SLURM_CONF=$dir/slurm.conf

	slurmctld -D -i -f "$SLURM_CONF" >>"$dir/log/slurmctld.out" 2>&1 &
	echo "slurmctld $!" >>"$dir/pids"
	slurmd -D -N localhost -f "$SLURM_CONF" >>"$dir/log/slurmd.out" 2>&1 &
	echo "slurmd $!" >>"$dir/pids"
	if ! wait_for 60 "node idle" node_idle; then
		echo "slurm-local: the node did not become idle; last log lines:" >&2
		tail -5 "$dir/log/slurmctld.log" "$dir/log/slurmd.log" "$dir"/log/*.out >&2 2>/dev/null || true
		return 1
	fi
	echo "slurm-local: cluster up in $dir after $((($(date +%s%N) - t0) / 1000000)) ms (node localhost: ${hw% })" >&2
}

stop() {
	local dir=$1
	[ -f "$dir/pids" ] || return 0
	if [ -f "$dir/slurm.conf" ]; then
		export SLURM_CONF=$dir/slurm.conf
		# Jobs first: slurmstepd outlives slurmd, so cancel every job of
		# this cluster and wait until none is left.
		local ctld
		ctld=$(awk '$1 == "slurmctld" { print $2 }' "$dir/pids")
		if [ -n "$ctld" ] && alive "$ctld"; then
			scancel --quiet --full $(squeue -h -o %A 2>/dev/null | sort -u) 2>/dev/null || true
			wait_for 30 "jobs drained" sh -c '[ -z "$(squeue -h -o %A 2>/dev/null)" ]' ||
				echo "slurm-local: jobs still listed after 30 s: $(squeue -h 2>&1 | head -3)" >&2
		fi
	fi
	# Then the daemons, all at once (each takes seconds to notice).
	stop_pids 10 $(awk '{ print $2 }' "$dir/pids")
	# Last, anything this cluster started that is still alive (a job step
	# whose controller died first): slurmstepd and job processes carry
	# the SLURM_CONF of this cluster in their environment.
	local left
	left=$(leftovers "$dir/slurm.conf")
	if [ -n "$left" ]; then
		echo "slurm-local: stopping leftover job processes: $(for p in $left; do printf '%s(%s) ' "$(cat /proc/"$p"/comm 2>/dev/null)" "$p"; done)" >&2
		stop_pids 3 $left
	fi
	rm -f "$dir/pids"
}

# leftovers CONF: pids of slurmstepd and job processes of the cluster CONF.
leftovers() {
	local conf=$1 p env
	for p in /proc/[0-9]*; do
		env=$(tr '\0' '\n' 2>/dev/null <"$p/environ") || continue
		grep -qxF "SLURM_CONF=$conf" <<<"$env" || continue
		if [ "$(cat "$p/comm" 2>/dev/null)" = slurmstepd ] || grep -q '^SLURM_JOB_ID=' <<<"$env"; then
			echo "${p#/proc/}"
		fi
	done
}

case "${1:-}" in
start)
	[ $# -eq 2 ] || die "usage: $0 start DIR"
	start "$2" || { stop "$2"; exit 1; }
	;;
stop)
	[ $# -eq 2 ] || die "usage: $0 stop DIR"
	stop "$2"
	;;
run)
	shift
	dir=""
	if [ "${1:-}" = --dir ]; then
		dir=$2
		shift 2
	fi
	[ "${1:-}" = -- ] || die "usage: $0 run [--dir DIR] -- COMMAND..."
	shift
	[ $# -gt 0 ] || die "usage: $0 run [--dir DIR] -- COMMAND..."
	tidy=false
	if [ -z "$dir" ]; then
		dir=$(mktemp -d /tmp/coevo-slurm.XXXXXX)
		rmdir "$dir"
		tidy=true
	fi
	status=1
	# Stop the cluster however this ends; keep its logs if something failed.
	finish() {
		stop "$dir"
		if [ "$status" = 0 ] && $tidy; then
			rm -rf "$dir"
		elif [ -d "$dir/log" ]; then
			echo "slurm-local: logs kept in $dir/log" >&2
		fi
	}
	trap finish EXIT
	trap 'exit 130' INT TERM
	start "$dir"
	export SLURM_CONF=$dir/slurm.conf
	status=0
	"$@" || status=$?
	exit $status
	;;
*)
	die "usage: $0 start DIR | stop DIR | run [--dir DIR] -- COMMAND..."
	;;
esac
