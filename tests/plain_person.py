"""A person at the terminal who answers every prompt the plain way, for tests that need
a whole deal played through the table without caring how: one copy of the answers."""

from __future__ import annotations

from collections.abc import Callable

import tarot.ui.terminal as terminal_module
from tarot.engine.game import Game

SetAttr = Callable[[object, str, object], None]


def plain_answer(prompt: str, bid: str) -> str | None:
    """The answer to a prompt other than the card's: ``bid`` at the auction, the
    computer's call (five players), the automatic discard, no chelem, Enter to go on, yes
    to another deal; None at the card prompt (:func:`first_legal_card`). The prompts in
    English or in French, answered in the words of their language."""
    answers = {"Your bid": bid, "Discard": "auto", "Declare": "n", "(Enter": "",
               "Another deal": "y", "The card you call": "auto",
               "Votre enchère": bid, "Écartez": "auto", "Annoncez-vous": "n", "(Entrée": "",
               "Une autre donne": "o", "La carte que vous appelez": "auto"}
    return next((said for start, said in answers.items() if prompt.startswith(start)), None)


def first_legal_card(game: Game, seat: int = 0) -> str:
    """The number, in the seat's hand as shown, of its first legal card."""
    return str(game.hand(seat).index(game.legal_cards()[0]) + 1)


def tables_made(set_attr: SetAttr) -> list[terminal_module.TerminalGame]:
    """The tables the game makes from now on (one a deal), in order, through ``set_attr``
    (``monkeypatch.setattr`` in a test, ``setattr`` in a forked child)."""
    tables: list[terminal_module.TerminalGame] = []
    original = terminal_module.TerminalGame.__init__

    def keep(self: terminal_module.TerminalGame, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        tables.append(self)

    set_attr(terminal_module.TerminalGame, "__init__", keep)
    return tables
