"""A person at the terminal who answers every prompt the plain way, for tests that need
a whole deal played through the table without caring how: one copy of the answers."""

from __future__ import annotations

from tarot.game import Game


def plain_answer(prompt: str, bid: str) -> str | None:
    """The answer to a prompt other than the card's: ``bid`` at the auction, the
    automatic discard, no chelem, Enter to go on, yes to another deal; None at the card
    prompt (:func:`first_legal_card`)."""
    answers = {"Your bid": bid, "Discard": "auto", "Declare": "n", "(Enter": "",
               "Another deal": "y"}
    return next((said for start, said in answers.items() if prompt.startswith(start)), None)


def first_legal_card(game: Game, seat: int = 0) -> str:
    """The number, in the seat's hand as shown, of its first legal card."""
    return str(game.hand(seat).index(game.legal_cards()[0]) + 1)
