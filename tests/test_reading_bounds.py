"""Reading a log costs time and memory linear in its size, whatever the file holds.

- A redeal costs one shuffle: deal ``k`` continues the seed's stream instead of
  replaying ``k`` shuffles (a log of 2,000 all-pass redeals took 49 s to validate,
  quadratic in its size; it takes a fraction of a second now, see
  ``benchmarks/bench_validate.py``), and every deal stays the one the seed gave.
- The file is read a line at a time: validating a 100 MB log holds its events,
  not its bytes (measured in a child process by its peak resident memory).

The figures of time are printed by the benchmark; the tests count work and memory,
which do not depend on how busy the machine is.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from big_logs import padded, redeal_game, redeal_log
from conftest import report

import tarot.engine.deal
import tarot.engine.game
from tarot.engine.deal import SeededShuffles, seeded_deal, shuffled_deck, split_deck
from tarot.engine.game import Game
from tarot.log import dumps_log, read_log, replay_lines

ROOT = Path(__file__).resolve().parents[1]


def quadratic_deal(seed: int, deal_number: int, dealer: int) -> tarot.engine.deal.DealtCards:
    """Deal ``deal_number`` as the shuffle's definition says: the seed's stream from its
    start, ``deal_number`` shuffles skipped (tarot.engine.deal's docstring)."""
    rng = random.Random(seed)
    for _ in range(deal_number):
        shuffled_deck(rng)
    return split_deck(shuffled_deck(rng), dealer, 18)


def test_the_stream_of_shuffles_gives_the_deals_of_the_definition() -> None:
    """1,000 seeds × 6 deals (5 redeals), asked in order, out of order and alone."""
    rng = random.Random(5)
    for seed in range(1000):
        shuffles = SeededShuffles(seed)
        for number in range(6):
            dealer = (3 + number) % 4
            assert shuffles.deal(number, dealer, 18) == quadratic_deal(seed, number, dealer)
        number = rng.randrange(6)  # an earlier deal starts the stream again
        assert shuffles.deal(number, 0, 18) == quadratic_deal(seed, number, 0)
        assert seeded_deal(seed, number, 1, 18) == quadratic_deal(seed, number, 1)


def test_the_golden_replays_deal_as_before() -> None:
    """Each golden replay's deals are the definition's (and the replays validate)."""
    for path in sorted((ROOT / "replays").glob("*.jsonl")):
        game = read_log(path)
        for event in game.events:
            if getattr(event, "type", None) == "deal" and (
                    event.deal_number or game.header.first_deal == "shuffled"):  # type: ignore[union-attr]
                dealt = quadratic_deal(game.header.seed, event.deal_number,  # type: ignore[union-attr]
                                       event.dealer)  # type: ignore[union-attr]
                assert game.seeded_deal(event.deal_number, event.dealer) == \
                    tarot.engine.game.deal_event(dealt, event.deal_number)  # type: ignore[union-attr]


def counting_shuffles(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the shuffles from now on: the returned list's one item."""
    calls = [0]
    real = tarot.engine.deal.shuffled_deck

    def counted(rng: random.Random) -> list[int]:
        calls[0] += 1
        return real(rng)

    monkeypatch.setattr(tarot.engine.deal, "shuffled_deck", counted)
    return calls


def count_shuffles(monkeypatch: pytest.MonkeyPatch, text: str) -> tuple[int, int]:
    calls = counting_shuffles(monkeypatch)
    game = replay_lines(text.splitlines())
    return calls[0], game.state.deal_number


@pytest.mark.parametrize("redeals", [10, 200, 2000])
def test_validating_n_redeals_costs_n_shuffles(monkeypatch: pytest.MonkeyPatch,
                                               redeals: int) -> None:
    """Fault 5: each deal of a log was dealt again from the seed's start (2,000 redeals:
    two million shuffles); now one shuffle a deal."""
    calls, last = count_shuffles(monkeypatch, redeal_log(redeals))
    assert last >= redeals
    assert calls == last + 1


def test_a_game_deals_each_redeal_with_one_shuffle(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counting_shuffles(monkeypatch)
    game = redeal_game(300)
    assert calls[0] == game.state.deal_number + 1
    monkeypatch.undo()
    assert dumps_log(game.header, game.events) == redeal_log(300)


PEAK = """
import sys
from tarot.log import load_log

def peak():
    # VmHWM, not ru_maxrss: ru_maxrss keeps the parent's peak across fork and exec.
    with open("/proc/self/status") as status:
        return int(status.read().split("VmHWM:")[1].split()[0])

before = peak()
loaded = load_log(sys.argv[1])
print(before, peak(), len(loaded.game.events))
"""


def peak_kib(path: Path) -> tuple[int, int, int]:
    done = subprocess.run([sys.executable, "-c", PEAK, str(path)], capture_output=True,
                          text=True, timeout=600, check=True)
    before, after, events = map(int, done.stdout.split())
    return before, after, events


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's VmHWM")
def test_validating_a_100_mb_log_holds_its_events_not_its_bytes(tmp_path: Path) -> None:
    """Fault 4: the whole file was read into memory before its first line was checked (a
    100 MB file peaked at 225 MB). A valid 100 MB log (2,000 redeals, every line padded
    with spaces to 8.5 kB) now adds less than 60 MB to the reader's peak."""
    path = tmp_path / "big.jsonl"
    game = redeal_game(2000)
    text = padded(dumps_log(game.header, game.events), 8_500)
    path.write_text(text, encoding="utf-8")
    del text
    size = path.stat().st_size
    assert size >= 100_000_000
    before, after, events = peak_kib(path)
    assert events == len(game.events)
    assert (after - before) * 1024 < 60_000_000, (before, after)
    report("reading bounds", [
        f"a valid log of {size / 1e6:.0f} MB ({events} events, 2,000 redeals, lines padded): "
        f"the reader's peak memory grew by {(after - before) / 1024:.1f} MB (bound 60 MB)"])


def test_the_deal_of_game_new_is_the_seeds_first(tmp_path: Path) -> None:
    game = Game.new(12)
    assert game.events[0] == tarot.engine.game.deal_event(quadratic_deal(12, 0, 3), 0)
