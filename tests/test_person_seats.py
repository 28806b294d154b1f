"""The person's seat on the full screen: a card chosen with the keys comes to the dialogue
as the action itself (never as text parsed again), checked by the engine like a typed one."""

from __future__ import annotations

import io
import random

import pytest

from tarot.bots.registry import make_player
from tarot.engine import phases
from tarot.engine.events import Play
from tarot.engine.game import Game
from tarot.ui.screen.game import Channel, ScreenGame, Snapshot


def at_a_card_with_a_choice() -> Game:
    """A deal played by the rules player until South must follow and may not play every
    card it holds."""
    for seed in range(1, 60):
        game = Game.new(seed=seed)
        bot = make_player("rules", game.rules)
        rng = random.Random(seed)
        while not game.is_over:
            turn = game.turn
            assert turn is not None
            if (turn == 0 and game.phase == phases.TRICKS
                    and 1 < len(game.legal_cards()) < len(game.hand(0))):
                return game
            game.play(bot.choose(game.view(turn), game.legal_actions(), rng))
    raise AssertionError("no deal of seeds 1-59 gave South a constrained choice")


def test_a_card_chosen_on_the_screen_is_the_decision_without_words(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = at_a_card_with_a_choice()
    posted: list[Snapshot] = []
    channel = Channel(post=posted.append, log=lambda line: None)
    screen = ScreenGame(game, [make_player("rules", game.rules)] * 4, 0, io.StringIO(),
                        channel)

    def no_words(self: Game, text: str) -> None:
        raise AssertionError(f"parsed {text!r}")

    monkeypatch.setattr(Game, "parse", no_words)
    refused = next(code for code in game.hand(0) if code not in game.legal_cards())
    chosen = game.legal_cards()[-1]
    channel.answers.put(Play(seat=0, card=refused))
    channel.answers.put(Play(seat=0, card=chosen))
    before = list(game.events)
    assert screen.human_decision() == Play(seat=0, card=chosen)
    assert game.events == before  # the loop plays it, not the dialogue
    assert any(snapshot.refusal for snapshot in posted)  # the refused card said why
