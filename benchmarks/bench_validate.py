"""Validation of big logs: prints its figures; it is not a test and asserts nothing.

    python benchmarks/bench_validate.py [--redeals 2000] [--megabytes 100] [--repeat 3]

Each file is validated by ``tarot.log.load_log`` (what ``tarot validate`` runs) in a
fresh process, ``--repeat`` times; the best time is printed, with the time per
event and the growth of the process's peak resident memory during the read:

- a normal log: one deal, no redeal (the per-event reference);
- a log of ``--redeals`` all-pass redeals, then a played deal;
- the same log with every line padded with spaces to make ``--megabytes`` MB.

Issue 15's bounds: 2,000 redeals in under 2 s, the per-event cost within 2x of a
normal log's, and memory that grows with the events, not the bytes.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from big_logs import padded, redeal_game

from tarot.log import dumps_log

MEASURE = """
import sys, time
from tarot.log import load_log
start = time.perf_counter()
for _ in range(int(sys.argv[2])):
    loaded = load_log(sys.argv[1])
seconds = (time.perf_counter() - start) / int(sys.argv[2])
# VmHWM, not ru_maxrss: ru_maxrss keeps the parent's peak across fork and exec.
status = open("/proc/self/status").read()
peak = int(status.split("VmHWM:")[1].split()[0])
print(seconds, len(loaded.game.events), peak * 1024)
"""


def measure(path: Path, repeat: int, loops: int) -> tuple[float, int, int]:
    """Best time of one validation, the events, and the process's peak memory in bytes
    (Linux's VmHWM)."""
    best: tuple[float, int, int] | None = None
    for _ in range(repeat):
        done = subprocess.run([sys.executable, "-c", MEASURE, str(path), str(loops)],
                              capture_output=True, text=True, check=True)
        seconds, events, grown = done.stdout.split()
        result = (float(seconds), int(events), int(grown))
        best = result if best is None or result[0] < best[0] else best
    assert best is not None
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--redeals", type=int, default=2000)
    parser.add_argument("--megabytes", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        normal = Path(folder) / "normal.jsonl"
        one = redeal_game(0, seed=11)
        normal.write_text(dumps_log(one.header, one.events), encoding="utf-8")
        redeals = Path(folder) / "redeals.jsonl"
        game = redeal_game(args.redeals)
        text = dumps_log(game.header, game.events)
        redeals.write_text(text, encoding="utf-8")
        big = Path(folder) / "big.jsonl"
        lines = text.count("\n")
        big.write_text(padded(text, args.megabytes * 1_000_000 // lines), encoding="utf-8")
        print(f"{'file':<30} {'MB':>6} {'events':>7} {'seconds':>8} {'µs/event':>9} "
              f"{'peak MB':>8} {'added MB':>9}")
        per_event = {}
        baseline = 0
        for name, path, loops in (("a normal log", normal, 200),
                                  (f"{args.redeals} redeals", redeals, 1),
                                  (f"{args.redeals} redeals padded", big, 1)):
            seconds, events, peak = measure(path, args.repeat, loops)
            per_event[name] = seconds / events * 1e6
            baseline = baseline or peak
            print(f"{name:<30} {path.stat().st_size / 1e6:>6.1f} {events:>7} "
                  f"{seconds:>8.3f} {per_event[name]:>9.1f} {peak / 1e6:>8.1f} "
                  f"{(peak - baseline) / 1e6:>9.1f}")
        ratio = per_event[f"{args.redeals} redeals"] / per_event["a normal log"]
        print(f"per-event cost of the redeal log / a normal log's: {ratio:.2f}")


if __name__ == "__main__":
    main()
