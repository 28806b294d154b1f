"""The table: one loop (play_out) and its seats. A remote seat, played here by an in-process
fake that serialises every message it is sent, is never told a card it could not see then,
nor (at five players) the partner before the table knows it."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from tarot.bots.registry import make_player
from tarot.duplicate.match import NoContract, play_game, player_rng
from tarot.engine.cards import CODES
from tarot.engine.events import Action, Bid, Event
from tarot.engine.game import Game
from tarot.engine.notation import NotationError
from tarot.engine.views import PlayerView
from tarot.table.loop import play_out
from tarot.table.remote import RemoteSeat, action_of
from tarot.table.seats import ComputerSeat, Decision, TakeBack, computer_seats

RULE_SETS = ("standard-3", "standard", "standard-5")
CARD_CODES = frozenset(CODES)


class FarEnd:
    """The other end of a remote seat's link, in this process: keeps every line it is sent
    with what the seat could know when it was sent (from the game, which the far end itself
    never reads), and answers a random legal action, as JSON."""

    def __init__(self, game: Game, seat: int, rng: random.Random) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.received: list[tuple[dict[str, Any], frozenset[str], bool]] = []
        self.asked: dict[str, Any] | None = None

    def send(self, line: str) -> None:
        message = json.loads(line)
        view = self.game.view(self.seat)
        known = view.known_cards() | ({view.called} if view.called else set())
        if view.settlement is not None:  # the deal is over: every card is turned up
            known |= CARD_CODES
        self.received.append((message, frozenset(known), view.attack is not None))
        if "ask" in message:
            self.asked = message

    def receive(self) -> str:
        assert self.asked is not None, "answered before being asked"
        answer = self.rng.choice(self.asked["legal"])
        self.asked = None
        return json.dumps(answer)


def cards_in(value: object) -> Iterator[str]:
    """Every card code a JSON value names, wherever it lies."""
    if isinstance(value, str) and value in CARD_CODES:
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from cards_in(item)


def leaks(far_end: FarEnd) -> list[str]:
    """Each message that names a card its seat could not see then, or names the attack to a
    seat that could not know it (five players)."""
    found = []
    for message, known, attack_known in far_end.received:
        # A call names the cards the taker may call: public cards, not where they lie.
        callable_cards = {action["card"] for action in message.get("legal", ())
                          if action["type"] == "call"}
        hidden = set(cards_in(message)) - known - callable_cards
        if hidden:
            found.append(f"seat {far_end.seat} told {sorted(hidden)} in {message}")
        asked = message.get("ask")
        if asked is not None and asked["attack"] is not None and not attack_known:
            found.append(f"seat {far_end.seat} told the attack in {message}")
    return found


def remote_game(rules: str, seed: int) -> tuple[Game, list[FarEnd]]:
    game = Game.new(seed=seed, rules=rules)
    far_ends = [FarEnd(game, seat, random.Random(f"{seed}:{seat}"))
                for seat in range(game.rules.players)]
    play_out(game, [RemoteSeat(far_end) for far_end in far_ends], max_deals=50)
    return game, far_ends


@pytest.mark.parametrize("rules", RULE_SETS)
def test_no_message_to_a_remote_seat_holds_another_seats_hidden_cards(rules: str) -> None:
    told = 0
    for seed in range(1, 9):
        game, far_ends = remote_game(rules, seed)
        assert game.is_over and game.settlement is not None
        for far_end in far_ends:
            assert leaks(far_end) == []
            told += len(far_end.received)
            deals = [m["tell"] for m, _, _ in far_end.received
                     if m.get("tell", {}).get("type") == "deal"]
            assert deals and all(
                deal["chien"] == [] and deal["hands"][far_end.seat]
                and not any(hand for seat, hand in enumerate(deal["hands"])
                            if seat != far_end.seat) for deal in deals)
    assert told > 1000


def test_at_five_the_partner_is_told_to_no_one_before_the_table_knows_it() -> None:
    """The deals where a defender was asked to play before the called card showed the
    partner: it was asked with the attack unknown (and no message named it)."""
    asked_blind = 0
    for seed in range(1, 13):
        _, far_ends = remote_game("standard-5", seed)
        for far_end in far_ends:
            assert leaks(far_end) == []
            asked_blind += sum(1 for m, _, attack_known in far_end.received
                               if "ask" in m and not attack_known)
    assert asked_blind > 0


def test_a_leak_planted_in_the_loop_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """Told the events whole (the deal with every hand), the fake finds hidden cards."""
    import tarot.table.loop as loop

    monkeypatch.setattr(loop, "seen_by", lambda event, seat: event)
    _, far_ends = remote_game("standard-5", 3)
    assert all(any("told" in leak for leak in leaks(far_end)) for far_end in far_ends)


def test_a_remote_seats_answer_is_read_as_a_log_line_is() -> None:
    bid = Bid(seat=2, contract="garde")
    assert action_of('{"seq": 7, "type": "bid", "seat": 2, "contract": "garde"}') == bid
    with pytest.raises(NotationError):
        action_of('{"seq": 7, "type": "trick", "number": 1, "leader": 0, '
                  '"cards": ["KH", "2H", "3H", "4H"], "winner": 0}')


def test_the_loop_plays_as_the_match_always_did() -> None:
    """play_out with computer seats gives the game play_game gives (whose decisions the
    fingerprints hold), the players rotated."""
    rules = make_player("rules", "standard")
    players = [rules, make_player("random", "standard"), rules, rules]
    game = Game.new(seed=5)
    order = [(seat - 1) % 4 for seat in range(4)]
    play_out(game, computer_seats([players[i] for i in order],
                                  [player_rng(0, 5, 1, i) for i in order]))
    assert game.events == play_game(players, deal_seed=5, rotation=1, seed=0).events


class Passer:
    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Decision:
        return Bid(seat=view.seat, contract=None)

    def tell(self, event: Event) -> TakeBack | None:
        return None


def test_players_that_never_bid_stop_at_the_deals_allowed() -> None:
    game = Game.new(seed=1)
    with pytest.raises(NoContract, match="no contract after 3 deals"):
        play_out(game, [Passer()] * 4, max_deals=3)
    assert game.deal_number == 3


def test_a_computer_seat_asks_its_generator_for_each_decision() -> None:
    """A table's computer seat takes a generator made from the moment (a resumed game
    decides as the uninterrupted one): one per decision, never kept."""
    made: list[random.Random] = []

    def fresh() -> random.Random:
        made.append(random.Random(len(made)))
        return made[-1]

    seat = ComputerSeat(make_player("random", "standard"), fresh)
    game = Game.new(seed=2)
    view = game.view(game.turn or 0)
    for _ in range(2):
        assert seat.decide(view, game.legal_actions()) in game.legal_actions()
    assert len(made) == 2 and made[0] is not made[1]
