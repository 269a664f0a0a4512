"""Kernel latency against ipykernel, measured in one run with one
jupyter_client program: the time from starting a kernel to its first idle
status (kernel_info answered), and the round trip of a trivial cell,
median of 200, for coevo's kernel and for Debian's python3-ipykernel.

    JUPYTER_PATH=build/jupyter/share/jupyter /usr/bin/python3 bench/kernel/bench.py
"""
import statistics
import sys
import time

import jupyter_client

CELLS = {"coevo": "1 + 1", "python3": "1 + 1"}


def measure(name, starts=5, cells=200):
    start_times, trips = [], []
    for i in range(starts):
        t0 = time.perf_counter()
        km, kc = jupyter_client.manager.start_new_kernel(kernel_name=name, startup_timeout=120)
        start_times.append(time.perf_counter() - t0)
        try:
            if i == 0:
                kc.execute_interactive(CELLS[name], timeout=60)  # warm up
                for _ in range(cells):
                    t0 = time.perf_counter()
                    reply = kc.execute_interactive(CELLS[name], timeout=60, output_hook=lambda m: None)
                    trips.append(time.perf_counter() - t0)
                    assert reply["content"]["status"] == "ok"
        finally:
            km.shutdown_kernel(now=True)
    return statistics.median(start_times), statistics.median(trips)


def main():
    results = {k: measure(k) for k in ("coevo", "python3")}
    print("kernel      start to idle (median of 5)   trivial cell round trip (median of 200)")
    for k, (s, r) in results.items():
        print(f"{k:10s}  {1000 * s:10.1f} ms                  {1000 * r:8.2f} ms")
    (cs, cr), (ps, pr) = results["coevo"], results["python3"]
    print(f"ratios coevo/ipykernel: start {cs / ps:.2f}x, round trip {cr / pr:.2f}x")


if __name__ == "__main__":
    sys.exit(main())
