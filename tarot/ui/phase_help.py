"""The terminal's help at the bid, discard and chelem prompts, written from the rule set.

Every number in it (the contracts and their multipliers, the size of the chien,
the targets, the chelem's bonus) is the game's own rule set's, so a custom rule
file shows its own numbers; under the standard rules the text is the one the
terminal has always shown.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from tarot.engine import phases
from tarot.engine.rules import Contract, RuleSet
from tarot.engine.scoring import points_text

WIDTH = 80
_INDENT = "  "
_ANSWER_COLUMN = 15  # where the meaning of a one-word answer starts: "  y or n       a ..."
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight",
                 "nine", "ten", "eleven", "twelve")
_QUIT = "  quit         save and leave"


def number_words(count: int) -> str:
    return _NUMBER_WORDS[count] if 0 <= count < len(_NUMBER_WORDS) else str(count)


def _paragraph(text: str) -> str:
    return textwrap.fill(text, WIDTH, initial_indent=_INDENT, subsequent_indent=_INDENT)


def _answer(answer: str, meaning: str) -> str:
    head = (_INDENT + answer).ljust(_ANSWER_COLUMN)
    return textwrap.fill(meaning, WIDTH, initial_indent=head,
                         subsequent_indent=" " * _ANSWER_COLUMN)


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _contracts(contracts: list[Contract]) -> str:
    return _listed([f"{c.name} ×{c.multiplier}" for c in contracts])


def auction_help(rules: RuleSet) -> str:
    bids = ", ".join(["pass", *(c.id for c in rules.contracts)])

    def of_fate(fate: str) -> list[Contract]:
        return [c for c in rules.contracts if c.chien == fate]

    lines = ["At the bid prompt:", _INDENT + f"{bids}: each bid above the current one"]
    if shown := of_fate("shown"):
        lines.append(_paragraph(f"{_contracts(shown)}: you take the chien and discard "
                                f"{number_words(rules.deal.chien_size)} cards."))
    hidden = []
    if for_taker := of_fate("taker"):
        hidden.append(f"{_contracts(for_taker)}: the chien counts for you, unseen.")
    if for_defence := of_fate("defence"):
        it = "it counts" if hidden else "the chien counts"
        hidden.append(f"{_contracts(for_defence)}: {it} for the defence"
                      f"{'' if hidden else ', unseen'}.")
    if hidden:
        lines.append(_paragraph(" ".join(hidden)))
    targets = [points_text(t) for t in rules.scoring.target_half_points]
    lines.append(_paragraph(
        f"You need {targets[0]} card points with no bout, {targets[1]} with one, "
        f"{targets[2]} with two, {targets[3]} with three (the bouts: T1, T21, EXC)."))
    lines.append(_QUIT)
    return "\n".join(lines)


def discard_help(rules: RuleSet) -> str:
    size = number_words(rules.deal.chien_size)
    return "\n".join([
        "At the discard prompt:",
        _INDENT + f"{size} cards, by code or number, separated by spaces; or auto "
                  "(it makes voids)",
        _paragraph(f"no king and no bout (T1, T21, EXC); a trump only when fewer than {size} "
                   "other cards remain, and then it is shown to all. The discard counts for "
                   "you."),
        _QUIT,
    ])


def chelem_help(rules: RuleSet) -> str:
    chelem = rules.chelem
    return "\n".join([
        "At the chelem prompt:",
        _answer("y or n", f"a declared chelem (all the tricks) scores "
                          f"{chelem.declared_made:+d} if made, {chelem.declared_failed:+d} "
                          "if not; you then lead the first trick"),
        _QUIT,
    ])


# The help of each prompt but the card prompt's, which holds no number of the rules.
PHASE_HELP: dict[str, Callable[[RuleSet], str]] = {
    phases.AUCTION: auction_help,
    phases.CHIEN: discard_help,
    phases.DECLARATIONS: chelem_help,
}
