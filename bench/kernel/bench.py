"""Kernel latency against ipykernel (and GoNB, when built), measured in one
run with one jupyter_client program:

- start: from starting a kernel to its first idle status (kernel_info
  answered), median of 5;
- trivial cell: the round trip of a trivial cell, median of 200 (30 for
  GoNB, which compiles a program per cell);
- worker restart: a cell that kills coevo's worker (a panic in a goroutine)
  in a session of 20 cells, from the request to the reply, which comes
  once a new worker has replayed the 20 cells; median of 5. Against it,
  restarting ipykernel (jupyter_client's restart_kernel, state lost).

    JUPYTER_PATH=build/jupyter/share/jupyter /usr/bin/python3 bench/kernel/bench.py

GoNB is not part of coevo: build it outside the repository (its v0.11.1 and
goimports, with go build in a small module of your own) and set GONB to the
directory that holds both binaries (default /work/peers/gonb/bin); without
it, GoNB is skipped with a message.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import jupyter_client

CELLS = {"coevo": "1 + 1", "python3": "1 + 1", "gonb": "%%\nfmt.Println(1 + 1)"}
TRIPS = {"coevo": 200, "python3": 200, "gonb": 30}


def gonb_spec():
    """Install a kernelspec for GoNB in a temporary JUPYTER_PATH entry."""
    bindir = os.environ.get("GONB", "/work/peers/gonb/bin")
    binary = os.path.join(bindir, "gonb")
    if not os.access(binary, os.X_OK) or not os.access(os.path.join(bindir, "goimports"), os.X_OK):
        print(f"GoNB skipped: no gonb and goimports in {bindir} (set GONB to their directory)")
        return False
    root = tempfile.mkdtemp(prefix="coevo-bench-")
    spec = os.path.join(root, "kernels", "gonb")
    os.makedirs(spec)
    with open(os.path.join(spec, "kernel.json"), "w") as f:
        json.dump({"argv": [binary, "--kernel", "{connection_file}", "--logtostderr"],
                   "display_name": "Go (gonb)", "language": "go",
                   "env": {"PATH": bindir + os.pathsep + os.environ.get("PATH", "")}}, f)
    os.environ["JUPYTER_PATH"] = root + os.pathsep + os.environ.get("JUPYTER_PATH", "")
    return True


def start(name):
    """Start a kernel, its log (stderr) discarded."""
    return jupyter_client.manager.start_new_kernel(kernel_name=name, startup_timeout=120, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def run(kc, code):
    reply = kc.execute_interactive(code, timeout=120, output_hook=lambda m: None)
    return reply["content"]


def measure(name, starts=5):
    start_times, trips = [], []
    for i in range(starts):
        t0 = time.perf_counter()
        km, kc = start(name)
        start_times.append(time.perf_counter() - t0)
        try:
            if i == 0:
                run(kc, CELLS[name])  # warm up
                for _ in range(TRIPS[name]):
                    t0 = time.perf_counter()
                    content = run(kc, CELLS[name])
                    trips.append(time.perf_counter() - t0)
                    assert content["status"] == "ok", content
        finally:
            km.shutdown_kernel(now=True)
    return statistics.median(start_times), statistics.median(trips)


def session_cells(n):
    """n cells of a small session: variables, functions, an engine call."""
    cells = ['import "github.com/coevolab/coevo/engine/heap"\nseq, _ := heap.Kayles().Sequence(2000)']
    for i in range(1, n):
        cells.append(f"v{i} := {i} * 2\nfunc f{i}(x int) int {{ return x + v{i} }}\nf{i}(int(seq[{i}]))")
    return cells


def worker_restart(cells=20, kills=5):
    km, kc = start("coevo")
    try:
        for c in session_cells(cells):
            assert run(kc, c)["status"] == "ok"
        times = []
        for _ in range(kills):
            t0 = time.perf_counter()
            content = run(kc, 'go func() { panic("bench") }()\nselect {}')
            times.append(time.perf_counter() - t0)
            assert content.get("ename") == "worker died", content
        last = run(kc, f"f{cells - 1}(0)")
        assert last["status"] == "ok", last
        return statistics.median(times)
    finally:
        km.shutdown_kernel(now=True)


def ipykernel_restart(restarts=5):
    km, kc = start("python3")
    try:
        times = []
        for _ in range(restarts):
            t0 = time.perf_counter()
            km.restart_kernel(now=True)
            kc.wait_for_ready(timeout=120)
            times.append(time.perf_counter() - t0)
        return statistics.median(times)
    finally:
        km.shutdown_kernel(now=True)


def main():
    kernels = ["coevo", "python3"] + (["gonb"] if gonb_spec() else [])
    results = {k: measure(k) for k in kernels}
    print(f"load average (1 min) at the end: {os.getloadavg()[0]:.2f}, on {os.cpu_count()} cores")
    print("kernel      start to idle (median of 5)   trivial cell round trip (median)")
    for k, (s, r) in results.items():
        print(f"{k:10s}  {1000 * s:10.1f} ms                  {1000 * r:8.2f} ms  (of {TRIPS[k]})")
    (cs, cr), (ps, pr) = results["coevo"], results["python3"]
    print(f"ratios coevo/ipykernel: start {cs / ps:.2f}x, round trip {cr / pr:.2f}x")
    if "gonb" in results:
        gs, gr = results["gonb"]
        print(f"ratios coevo/GoNB: start {cs / gs:.2f}x, round trip {cr / gr:.3f}x")
    wr, ir = worker_restart(), ipykernel_restart()
    print(f"coevo worker restart, 20-cell session replayed: {1000 * wr:.1f} ms (median of 5, request to reply)")
    print(f"ipykernel restart, state lost:                  {1000 * ir:.1f} ms (median of 5)")
    print(f"ratio coevo restart with state / ipykernel restart without: {wr / ir:.2f}x")


if __name__ == "__main__":
    sys.exit(main())
