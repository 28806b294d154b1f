"""``tarot simulate``'s main process: its memory as the match grows, and what a Dask
``LocalCluster`` costs next to the process pool. Prints its figures; asserts nothing.

    python benchmarks/bench_simulate.py [--short 300] [--long 1500] [--dask-deals 200]
        [--repeat 3] [--players rules,random,random,random] [--no-memory] [--no-dask]

Memory: ``tarot simulate --out`` at two run lengths (``--short``, ``--long`` deal seeds,
``--workers 2``), each in a fresh process; printed, the main process's peak resident
memory (Linux's VmHWM: the workers are processes of their own), the growth per deal seed
between the two runs, and a 100,000-seed run extrapolated from it; then ``--report`` of
the long run's file. Run from another checkout (``cd ../main && python
/path/to/bench_simulate.py``) to measure that checkout's program.

Dask: ``--dask-deals`` deal seeds on the pool and on ``--scheduler local``, two workers
each, ``--repeat`` times; printed, the best wall time and the CPU time of the whole run
(the main process and its workers, which it waits for), and their ratios.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

MEASURE = """
import resource, sys, time
from tarot.ui.commands.simulate import simulate
start = time.perf_counter()
simulate.main(sys.argv[1:], standalone_mode=False)
wall = time.perf_counter() - start
# VmHWM, not ru_maxrss: ru_maxrss keeps the parent's peak across fork and exec.
status = open("/proc/self/status").read()
peak = int(status.split("VmHWM:")[1].split()[0]) * 1024
used = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
cpu = sum(u.ru_utime + u.ru_stime for u in used)
print("MEASURED", peak, wall, cpu, file=sys.stderr)
"""


def run(args: list[str]) -> tuple[int, float, float]:
    """The peak memory in bytes, the wall seconds and the CPU seconds of one run."""
    done = subprocess.run([sys.executable, "-c", MEASURE, *args, "--quiet"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          check=True)
    line = next(line for line in done.stderr.splitlines() if line.startswith("MEASURED"))
    peak, wall, cpu = line.split()[1:]
    return int(peak), float(wall), float(cpu)


def memory(short: int, long: int, players: str) -> None:
    megabyte = 1 << 20
    with tempfile.TemporaryDirectory() as folder:
        peaks = {}
        print(f"{'run':<44} {'peak MB':>8} {'wall s':>7}")
        for deals in (short, long):
            out = Path(folder) / f"{deals}.jsonl"
            peak, wall, _ = run(["--deals", str(deals), "--seed", "1", "--players", players,
                                 "--workers", "2", "--out", str(out)])
            peaks[deals] = peak
            print(f"{f'simulate --deals {deals} --out':<44} {peak / megabyte:8.1f} {wall:7.1f}")
        peak, wall, _ = run(["--report", str(Path(folder) / f"{long}.jsonl")])
        print(f"{f'simulate --report (the {long}-seed file)':<44} {peak / megabyte:8.1f} "
              f"{wall:7.1f}")
    growth = (peaks[long] - peaks[short]) / (long - short)
    extrapolated = peaks[long] + growth * (100_000 - long)
    print(f"growth {growth / 1024:.2f} KB a deal seed; a 100,000-seed run: "
          f"{extrapolated / megabyte:.0f} MB (extrapolated)")


def dask_overhead(deals: int, repeat: int, players: str) -> None:
    common = ["--deals", str(deals), "--seed", "1", "--players", players, "--workers", "2"]
    best: dict[str, tuple[float, float]] = {}
    for _ in range(repeat):  # interleaved, so that both see the same load
        for name, extra in (("pool", []), ("local", ["--scheduler", "local"])):
            _, wall, cpu = run([*common, *extra])
            wall0, cpu0 = best.get(name, (wall, cpu))
            best[name] = (min(wall, wall0), min(cpu, cpu0))
    print(f"\n{deals} deal seeds, 2 workers, best of {repeat}:")
    print(f"{'backend':<24} {'wall s':>7} {'CPU s':>7}")
    for name, (wall, cpu) in best.items():
        label = "process pool" if name == "pool" else "--scheduler local"
        print(f"{label:<24} {wall:7.2f} {cpu:7.2f}")
    (pool_wall, pool_cpu), (local_wall, local_cpu) = best["pool"], best["local"]
    print(f"local / pool: wall {local_wall / pool_wall:.2f}x, CPU {local_cpu / pool_cpu:.2f}x; "
          f"the cluster's extra CPU {local_cpu - pool_cpu:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", type=int, default=300)
    parser.add_argument("--long", type=int, default=1500)
    parser.add_argument("--dask-deals", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--players", default="rules,random,random,random")
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--no-memory", action="store_true")
    args = parser.parse_args()
    if not args.no_memory:
        memory(args.short, args.long, args.players)
    if not args.no_dask:
        dask_overhead(args.dask_deals, args.repeat, args.players)


if __name__ == "__main__":
    main()
