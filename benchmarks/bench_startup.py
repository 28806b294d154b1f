"""The cost of starting the program for one file: CPU time (user + system) of fresh
processes, best of ``--repeat``, next to ``python -c pass``. Prints its figures; asserts
nothing.

    python benchmarks/bench_startup.py [--repeat 15]

Measured: ``python -c pass``, ``import tarot``, ``tarot --help``, ``tarot validate FILE``
and ``tarot replay --html`` on one deal's log (a rules player's deal, seed 4), each run
as ``python -m tarot`` from the current directory (run it from another checkout to
measure that one's program). The target: ``tarot validate FILE`` under 4x
``python -c pass``. The commands are interleaved, round after round, so that a busy
machine weighs on each alike.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path


def cpu_seconds(command: list[str]) -> float:
    """The CPU time of one run of ``command`` (it and any process it waits for)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    python = sys.executable
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "deal.jsonl"
        page = Path(folder) / "deal.html"
        subprocess.run([python, "-m", "tarot", "play", "--auto", "--level", "rules", "--seed",
                        "4", "--deals", "1", "--save", str(log)],
                       stdout=subprocess.DEVNULL, check=True)
        commands = {
            "python -c pass": [python, "-c", "pass"],
            "python -c 'import tarot'": [python, "-c", "import tarot"],
            "tarot --help": [python, "-m", "tarot", "--help"],
            "tarot validate FILE": [python, "-m", "tarot", "validate", str(log)],
            "tarot replay --html": [python, "-m", "tarot", "replay", str(log), "--html",
                                    str(page), "--force"],
        }
        best = dict.fromkeys(commands, float("inf"))
        for _ in range(args.repeat):
            for name, command in commands.items():
                best[name] = min(best[name], cpu_seconds(command))
    base = best["python -c pass"]
    print(f"CPU time, best of {args.repeat} fresh processes")
    print(f"{'command':<28} {'ms':>8} {'x pass':>8}")
    for name, seconds in best.items():
        print(f"{name:<28} {seconds * 1000:8.1f} {seconds / base:8.2f}")


if __name__ == "__main__":
    main()
