"""Kernel latency against ipykernel (and GoNB, when built), measured in one
run with one jupyter_client program:

- start: from starting a kernel to its first idle status (kernel_info
  answered, as jupyter_client's start_new_kernel has it), median of 9, the
  kernels started in turn so that each meets the same load, with the CPU time
  its processes used by then;
- trivial cell: the round trip of a trivial cell, median of 200 (30 for
  GoNB, which compiles a program per cell);
- worker restart: a cell that kills coevo's worker (a panic in a goroutine)
  in a session of 20 cells, from the request to the reply, which comes
  once a new worker has replayed the 20 cells; median of 5. Against it,
  restarting ipykernel (jupyter_client's restart_kernel, state lost).
- loop speed: the sum of i*i for i < 10^7, timed inside the cell, the
  fastest of 10 runs (3 interpreted), as the load of a shared machine only
  ever slows a run down: interpreted by coevo, in a %%compile cell's
  function called from an interpreted cell, and in a GoNB cell (compiled);
- native builds: a %%compile cell and an import of a package that is not
  bound (gonum's stat/combin) in a plugin cache of the benchmark's own:
  the first time (a build) and in a second kernel (from the cache), each
  the cell's round trip;
- output at volume, in every kernel (coevo, ipykernel, GoNB, and coevo's
  earlier build where COEVO_BEFORE names its directory), each cell in a
  fresh kernel: a cell printing 51,200 lines, one Println (print) each, and
  a cell printing a 50 MiB string; for each, the stream messages it becomes,
  the time from request to reply (the client taking every message), the CPU
  time of the kernel's processes, and their peak resident memory (VmRSS
  summed over the process tree, sampled every 2 ms from /proc, and the sum
  of VmHWM of the processes alive at the end, which bounds it from above
  for them); the text received is checked byte for byte.

    JUPYTER_PATH=build/jupyter/share/jupyter build/venv/bin/python bench/kernel/bench.py
    JUPYTER_PATH=build/jupyter/share/jupyter build/venv/bin/python bench/kernel/bench.py output   # that part alone

COEVO_BEFORE, if set, is a directory holding an earlier build of coevo,
coevo-kernel and coevo-worker (git worktree add, then go build): its kernel
is measured beside this one, as "coevo-before", in every part but the
worker restart and the native builds.

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
import threading
import time

import jupyter_client

CELLS = {"coevo": "1 + 1", "coevo-before": "1 + 1", "python3": "1 + 1", "gonb": "%%\nfmt.Println(1 + 1)"}
TRIPS = {"coevo": 200, "coevo-before": 200, "python3": 200, "gonb": 30}


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


def tree_cpu(pid):
    """CPU time (user+sys, seconds) of a process and its descendants, from /proc."""
    tck = os.sysconf("SC_CLK_TCK")
    stats = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    rest = f.read().rsplit(")", 1)[1].split()
                stats[int(d)] = (int(rest[1]), (int(rest[11]) + int(rest[12])) / tck)
            except (OSError, IndexError, ValueError):
                pass
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        total += stats.get(p, (0, 0.0))[1]
        todo.extend(c for c, (ppid, _) in stats.items() if ppid == p)
    return total


def run(kc, code):
    reply = kc.execute_interactive(code, timeout=120, output_hook=lambda m: None)
    return reply["content"]


STARTS = 9


def measure(kernels, starts=STARTS):
    """Start to idle of each kernel, the kernels taken in turn (so that each
    meets the same load of a shared machine), and the trivial cell's round
    trip in each one's first session: {name: (start, round trip, start CPU)},
    medians."""
    start_times = {k: [] for k in kernels}
    start_cpu = {k: [] for k in kernels}
    trips = {k: [] for k in kernels}
    for i in range(starts):
        for name in kernels:
            t0 = time.perf_counter()
            km, kc = start(name)
            start_times[name].append(time.perf_counter() - t0)
            start_cpu[name].append(tree_cpu(km.provisioner.process.pid))
            try:
                if i == 0:
                    run(kc, CELLS[name])  # warm up
                    for _ in range(TRIPS[name]):
                        t0 = time.perf_counter()
                        content = run(kc, CELLS[name])
                        trips[name].append(time.perf_counter() - t0)
                        assert content["status"] == "ok", content
            finally:
                km.shutdown_kernel(now=True)
    return {k: (statistics.median(start_times[k]), statistics.median(trips[k]), statistics.median(start_cpu[k])) for k in kernels}


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


SUM_SQUARES = """%%compile
func sumSquares(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i * i
	}
	return s
}"""
LOOPS = {
    "interpreted": 'import "time"\nt0 := time.Now()\ns := 0\nfor i := 0; i < 10000000; i++ {\n\ts += i * i\n}\nfmt.Println(time.Since(t0).Seconds(), s)',
    "compiled": 'import "time"\nt0 := time.Now()\ns := sumSquares(10000000)\nfmt.Println(time.Since(t0).Seconds(), s)',
    "gonb": '%%\nt0 := time.Now()\ns := 0\nfor i := 0; i < 10000000; i++ {\n\ts += i * i\n}\nfmt.Println(time.Since(t0).Seconds(), s)',
}
# The sum of i*i for i < n is (n-1)n(2n-1)/6, here in Go's int64.
SUM = (9999999 * 10000000 * 19999999 // 6) % (1 << 64)
SUM = SUM - (1 << 64) if SUM >= 1 << 63 else SUM


def printed_seconds(kc, code):
    """Run a cell that prints seconds and the sum; check the sum, return the seconds."""
    out = []
    reply = kc.execute_interactive(code, timeout=600, output_hook=lambda m: out.append(m["content"].get("text", "")) if m["msg_type"] == "stream" else None)
    assert reply["content"]["status"] == "ok", reply["content"]
    secs, total = "".join(out).split()
    assert int(total) == SUM, (total, SUM)
    return float(secs)


def loop_speed(name, runs=10):
    km, kc = start(name)
    try:
        if name == "gonb":
            return {"gonb": min(printed_seconds(kc, LOOPS["gonb"]) for _ in range(runs))}
        out = {"interpreted": min(printed_seconds(kc, LOOPS["interpreted"]) for _ in range(3))}
        assert run(kc, SUM_SQUARES)["status"] == "ok"
        out["compiled"] = min(printed_seconds(kc, LOOPS["compiled"]) for _ in range(runs))
        return out
    finally:
        km.shutdown_kernel(now=True)


def native_builds():
    """First build and cached load of a %%compile cell and of an import."""
    cache = tempfile.mkdtemp(prefix="coevo-bench-cache-")
    env = dict(os.environ, COEVO_KERNEL_CACHE=cache)
    cells = {"%%compile cell": SUM_SQUARES, "import gonum/stat/combin": 'import "gonum.org/v1/gonum/stat/combin"\ncombin.Binomial(5, 2)'}
    times = {}
    for attempt in ("first (build)", "second kernel (cache)"):
        km, kc = jupyter_client.manager.start_new_kernel(kernel_name="coevo", startup_timeout=120, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        try:
            for what, code in cells.items():
                t0 = time.perf_counter()
                assert run(kc, code)["status"] == "ok"
                times[(what, attempt)] = time.perf_counter() - t0
        finally:
            km.shutdown_kernel(now=True)
    return times


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


LINES = 51200
BIG = 50 << 20  # bytes: 819,200 lines of 63 x's and a newline
OUTPUT_CELLS = {
    "lines": {
        "go": "for i := 0; i < 51200; i++ {\n\tfmt.Println(i)\n}",
        "gonb": "%%\nfor i := 0; i < 51200; i++ {\n\tfmt.Println(i)\n}",
        "python3": "for i in range(51200):\n    print(i)",
    },
    "big": {
        "go": 'import "strings"\ns := strings.Repeat(strings.Repeat("x", 63)+"\\n", 819200)\nfmt.Print(s)',
        "gonb": '%%\ns := strings.Repeat(strings.Repeat("x", 63)+"\\n", 819200)\nfmt.Print(s)',
        "python3": 's = ("x" * 63 + "\\n") * 819200\nprint(s, end="")',
    },
}
EXPECTED = {"lines": "".join(f"{i}\n" for i in range(LINES)), "big": ("x" * 63 + "\n") * 819200}
assert len(EXPECTED["big"]) == BIG


def before_spec():
    """Install a kernelspec "coevo-before" for the build in COEVO_BEFORE."""
    d = os.environ.get("COEVO_BEFORE")
    if not d:
        print("coevo-before skipped: set COEVO_BEFORE to a directory with an earlier build's coevo, coevo-kernel and coevo-worker")
        return False
    root = tempfile.mkdtemp(prefix="coevo-bench-before-")
    subprocess.run([os.path.join(d, "coevo"), "kernel", "install", "--prefix", root, "--name", "coevo-before"], check=True, stdout=subprocess.DEVNULL)
    os.environ["JUPYTER_PATH"] = os.path.join(root, "share", "jupyter") + os.pathsep + os.environ.get("JUPYTER_PATH", "")
    return True


def tree_pids(pid):
    """A process and its descendants, from /proc."""
    parent = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    parent[int(d)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(c for c, pp in parent.items() if pp == p)
    return out


class TreeMemory:
    """Samples the resident memory of a process tree, summed over its
    processes, every 2 ms (the tree itself re-read every 50 ms), until stop."""

    def __init__(self, pid):
        self.pid, self.peak, self.pids, self.done = pid, 0, tree_pids(pid), threading.Event()
        self.page = os.sysconf("SC_PAGE_SIZE")
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def rss(self):
        total = 0
        for p in self.pids:
            try:
                with open(f"/proc/{p}/statm") as f:
                    total += int(f.read().split()[1]) * self.page
            except (OSError, IndexError, ValueError):
                pass
        return total

    def run(self):
        last = time.monotonic()
        while not self.done.is_set():
            if time.monotonic() - last > 0.05:
                self.pids, last = tree_pids(self.pid), time.monotonic()
            self.peak = max(self.peak, self.rss())
            time.sleep(0.002)

    def stop(self):
        """Stop sampling; return the sampled peak and the sum of VmHWM of the live processes (bytes)."""
        self.done.set()
        self.thread.join()
        hwm = 0
        for p in tree_pids(self.pid):
            try:
                with open(f"/proc/{p}/status") as f:
                    for line in f:
                        if line.startswith("VmHWM:"):
                            hwm += int(line.split()[1]) * 1024
            except (OSError, ValueError):
                pass
        return self.peak, hwm


def streams(kc, code, timeout=600):
    """Run a cell; return its status, stdout text, count of stream messages, seconds from request to reply."""
    out, n = [], [0]

    def hook(m):
        if m["msg_type"] == "stream":
            n[0] += 1
            if m["content"]["name"] == "stdout":
                out.append(m["content"]["text"])
    t0 = time.perf_counter()
    reply = kc.execute_interactive(code, timeout=timeout, output_hook=hook)
    return reply["content"]["status"], "".join(out), n[0], time.perf_counter() - t0


def tree_cpu_all(pid):
    """CPU time (user+sys, seconds) of a process tree, with the children its
    processes have waited for (GoNB's builds and cell programs), from /proc."""
    tck = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for p in tree_pids(pid):
        try:
            with open(f"/proc/{p}/stat") as f:
                rest = f.read().rsplit(")", 1)[1].split()
            total += sum(int(x) for x in rest[11:15]) / tck
        except (OSError, IndexError, ValueError):
            pass
    return total


def output_volume(kernels):
    """The 51,200-line cell and the 50 MiB string in each kernel, each in a
    fresh kernel: {name: {what: figure}}, printed with ratios of coevo to each
    other kernel."""
    res = {}
    for name in kernels:
        lang = name if name in ("gonb", "python3") else "go"
        r = {}
        for cell in ("lines", "big"):
            km, kc = start(name)
            try:
                # Warm up: coevo's worker is up, GoNB has built a first program.
                run(kc, OUTPUT_CELLS["lines"][lang].replace("51200", "10"))
                pid = km.provisioner.process.pid
                idle = TreeMemory(pid)
                time.sleep(0.2)
                r[cell + "_idle"], _ = idle.stop()
                mem, cpu0 = TreeMemory(pid), tree_cpu_all(pid)
                status, text, n, secs = streams(kc, OUTPUT_CELLS[cell][lang])
                r[cell + "_cpu"] = tree_cpu_all(pid) - cpu0
                r[cell + "_peak"], r[cell + "_hwm"] = mem.stop()
                assert status == "ok", status
                assert text == EXPECTED[cell], f"{name}: the output of the {cell} cell arrived changed ({len(text)} bytes)"
                r[cell + "_messages"], r[cell + "_s"] = n, secs
            finally:
                km.shutdown_kernel(now=True)
        res[name] = r
    mib = 1 << 20
    print(f"output at volume, each cell in a fresh kernel (load average {os.getloadavg()[0]:.2f}):")
    print("  peak RSS: the kernel's processes' VmRSS summed, sampled every 2 ms / the sum of VmHWM of those alive at the end;")
    print("  CPU: user+sys of the kernel's processes (and the children they waited for) during the cell")
    for cell, title in (("lines", "51,200 Printlns"), ("big", "a 50 MiB string")):
        print(f"{title}:")
        print("  kernel         stream messages   request to reply        CPU    peak RSS sampled / VmHWM sum    idle RSS")
        for k, r in res.items():
            print(f"  {k:13s}  {r[cell + '_messages']:15d}   {1000 * r[cell + '_s']:10.1f} ms   {1000 * r[cell + '_cpu']:7.0f} ms   "
                  f"{r[cell + '_peak'] / mib:9.0f} MiB / {r[cell + '_hwm'] / mib:5.0f} MiB      {r[cell + '_idle'] / mib:6.0f} MiB")
    c = res["coevo"]
    for peer in res:
        if peer != "coevo":
            p = res[peer]
            print(f"ratios coevo/{peer}: 51,200 lines: messages {c['lines_messages'] / p['lines_messages']:.3g}x, "
                  f"time {c['lines_s'] / p['lines_s']:.2f}x, CPU {c['lines_cpu'] / max(p['lines_cpu'], 0.01):.2f}x; "
                  f"50 MiB string: peak RSS {c['big_peak'] / p['big_peak']:.2f}x, time {c['big_s'] / p['big_s']:.2f}x")
    return res


def main():
    before = before_spec()
    kernels = ["coevo"] + (["coevo-before"] if before else []) + ["python3"] + (["gonb"] if gonb_spec() else [])
    if sys.argv[1:] == ["output"]:
        output_volume(kernels)
        return
    load0 = os.getloadavg()[0]
    results = measure(kernels)
    print(f"load average (1 min) at the start: {load0:.2f}, at the end: {os.getloadavg()[0]:.2f}, on {os.cpu_count()} cores")
    print(f"kernel        start to idle (median of {STARTS}, in turns)   its CPU (user+sys)   trivial cell round trip (median)")
    for k, (s, r, c) in results.items():
        print(f"{k:12s}  {1000 * s:10.1f} ms                            {1000 * c:7.0f} ms          {1000 * r:8.2f} ms  (of {TRIPS[k]})")
    print("(its CPU: the kernel's processes, when idle; jupyter_client itself waits 0.2 s of iopub silence before idle)")
    (cs, cr, _), (ps, pr, _) = results["coevo"], results["python3"]
    print(f"ratios coevo/ipykernel: start {cs / ps:.2f}x, round trip {cr / pr:.2f}x")
    if "coevo-before" in results:
        bs, br, _ = results["coevo-before"]
        print(f"ratios coevo/coevo-before: start {cs / bs:.2f}x, round trip {cr / br:.2f}x")
    if "gonb" in results:
        gs, gr, _ = results["gonb"]
        print(f"ratios coevo/GoNB: start {cs / gs:.2f}x, round trip {cr / gr:.3f}x")
    wr, ir = worker_restart(), ipykernel_restart()
    print(f"coevo worker restart, 20-cell session replayed: {1000 * wr:.1f} ms (median of 5, request to reply)")
    print(f"ipykernel restart, state lost:                  {1000 * ir:.1f} ms (median of 5)")
    print(f"ratio coevo restart with state / ipykernel restart without: {wr / ir:.2f}x")

    loops = loop_speed("coevo")
    if before:
        loops.update({"before " + k: v for k, v in loop_speed("coevo-before").items()})
    if "gonb" in results:
        loops.update(loop_speed("gonb"))
    print("sum of i*i for i < 10^7, timed in the cell (fastest of 10 runs, 3 interpreted):")
    for k, v in loops.items():
        print(f"  {k:20s} {1000 * v:10.2f} ms")
    print(f"ratio interpreted/compiled: {loops['interpreted'] / loops['compiled']:.0f}x")
    if before:
        print(f"ratio interpreted coevo/coevo-before: {loops['interpreted'] / loops['before interpreted']:.2f}x")
    if "gonb" in loops:
        print(f"ratio compiled/GoNB: {loops['compiled'] / loops['gonb']:.2f}x (the target: within 2x)")
    for (what, attempt), t in native_builds().items():
        print(f"{what:26s} {attempt:22s} {1000 * t:9.1f} ms (round trip)")
    output_volume(kernels)
    print(f"load average (1 min) at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    sys.exit(main())
