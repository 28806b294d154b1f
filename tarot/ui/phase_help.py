"""The terminal's help at the bid, discard and chelem prompts, written from the rule set.

Every number in it (the contracts and their multipliers, the size of the chien,
the targets, the chelem's bonus) is the game's own rule set's, so a custom rule
file shows its own numbers; under the standard rules the text is the one the
terminal has always shown. It is written in the person's language, with the words a
person types in it (:func:`bid_word`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from tarot.engine import phases
from tarot.engine.cards import BOUTS, display
from tarot.engine.rules import Contract, RuleSet
from tarot.engine.scoring import points_text
from tarot.engine.typed_words import current_words, shown_word
from tarot.i18n import N_, _, decimal, pgettext

# The card prompt's own help, and what a practice game adds to every prompt's.
CARD_HELP = N_("""At the card prompt:
  a card code  kh, 10♦, NS, T21, exc (any case; ♠♥♦♣ or S H D C)
  a number     the card's number in your hand, as shown (it changes as you play)
  p            show a poignée (just before your first card, with enough trumps)
  hint         the card the strong computer player would play in your place,
               and why, from what you can see (it never looks at hidden cards)
  last         the previous trick
  t            the table again, with the trick in progress (Enter, table or
               trick too)
  chien        the auction and the chien again (when it was shown)
  announcements every announcement so far: bids, call, chien, poignées, chelem
  hand         your hand again
  ?            this help
  quit         save and leave (the end of input does the same; Ctrl-C too)
  French words work too: passe, oui or o, non, conseil, dernier, pli, main,
    annonces, aide, quitter.""")
# Added to the help of every prompt in a practice game.
PRACTICE_HELP = N_("""Practice game: type undo (or annuler) at any of your prompts, or at the
pause after a trick, to take back your previous decision in this deal; the
computer players then decide again (they may choose otherwise than before).
Every take-back is saved.""")

WIDTH = 80
_INDENT = "  "
_ANSWER_COLUMN = 15  # where the meaning of a one-word answer starts: "  y or n       a ..."


def number_words(count: int) -> str:
    """A number of cards in words (``six``; in French feminine, ``une``)."""
    words = (pgettext("number of cards", "no"), pgettext("number of cards", "one"),
             pgettext("number of cards", "two"), pgettext("number of cards", "three"),
             pgettext("number of cards", "four"), pgettext("number of cards", "five"),
             pgettext("number of cards", "six"), pgettext("number of cards", "seven"),
             pgettext("number of cards", "eight"), pgettext("number of cards", "nine"),
             pgettext("number of cards", "ten"), pgettext("number of cards", "eleven"),
             pgettext("number of cards", "twelve"))
    return words[count] if 0 <= count < len(words) else str(count)


def bid_word(contract: str | None) -> str:
    """The word a person types for a bid (None: pass), in the person's language: the
    contract's id in English (``garde_sans``), ``garde sans`` in French (the notation reads
    both, in either language)."""
    if contract is None:
        return shown_word("pass_")
    return contract.replace("_", current_words().joiner)


def _paragraph(text: str) -> str:
    return textwrap.fill(text, WIDTH, initial_indent=_INDENT, subsequent_indent=_INDENT)


def _answer(answer: str, meaning: str) -> str:
    head = (_INDENT + answer + " ").ljust(_ANSWER_COLUMN)  # a long word: a space after it
    return textwrap.fill(meaning, WIDTH, initial_indent=head,
                         subsequent_indent=" " * _ANSWER_COLUMN)


def _quit(other_words: str) -> str:
    """The answers every prompt takes, and ``other_words``: the other language's words
    that this prompt reads (a sentence of :func:`_other_words`)."""
    return "\n".join([
        _answer(shown_word("table"), _("the table again (your hand, and the chien when it "
                                       "is yours)")),
        _answer(shown_word("chien"), _("the auction and the chien again (when it was "
                                       "shown)")),
        _answer(shown_word("announcements"), _("every announcement so far: bids, call, "
                                               "chien, poignées, chelem")),
        _answer(shown_word("quit"), _("save and leave")),
        _paragraph(other_words),
    ])


# The other language's words each prompt reads too: said in the person's language, and
# only the words that mean something at that prompt.
def _auction_words() -> str:
    return _("French words work too: passe, aide, quitter.")


def _discard_words() -> str:
    return _("French words work too: aide, quitter.")


def _chelem_words() -> str:
    return _("French words work too: oui or o, non, aide, quitter.")


def _listed(words: list[str]) -> str:
    if len(words) == 1:
        return words[0]
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def _contracts(contracts: list[Contract]) -> str:
    return _listed([f"{c.label} ×{c.multiplier}" for c in contracts])


def _bouts() -> str:
    return ", ".join(display(bout) for bout in BOUTS)


def auction_rules(rules: RuleSet) -> list[str]:
    """What the bids mean under ``rules``, sentence by sentence (unwrapped: the screen
    wraps them to its panel, the line mode's help to 80 columns)."""

    def of_fate(fate: str) -> list[Contract]:
        return [c for c in rules.contracts if c.chien == fate]

    sentences = []
    if shown := of_fate("shown"):
        sentences.append(_("{contracts}: you take the chien and discard {count} "
                           "cards.").format(contracts=_contracts(shown),
                                            count=number_words(rules.deal.chien_size)))
    hidden = []
    if for_taker := of_fate("taker"):
        hidden.append(_("{contracts}: the chien counts for you, unseen.").format(
            contracts=_contracts(for_taker)))
    if for_defence := of_fate("defence"):
        hidden.append((_("{contracts}: it counts for the defence.") if hidden else
                       _("{contracts}: the chien counts for the defence, unseen.")).format(
            contracts=_contracts(for_defence)))
    if hidden:
        sentences.append(" ".join(hidden))
    targets = [decimal(points_text(t)) for t in rules.scoring.target_half_points]
    sentences.append(
        _("You need {none} card points with no bout, {one} with one, {two} with two, "
          "{three} with three (the bouts: {bouts}).").format(
            none=targets[0], one=targets[1], two=targets[2], three=targets[3],
            bouts=_bouts()))
    return sentences


def auction_help(rules: RuleSet) -> str:
    bids = ", ".join([bid_word(None), *(bid_word(c.id) for c in rules.contracts)])
    lines = [_("At the bid prompt:"),
             _paragraph(_("{bids}: each bid above the current one").format(bids=bids))]
    lines += [_paragraph(sentence) for sentence in auction_rules(rules)]
    lines.append(_quit(_auction_words()))
    return "\n".join(lines)


def discard_rule(rules: RuleSet) -> str:
    """Which cards may go to the discard, unwrapped."""
    return _("no king and no bout ({bouts}); a trump only when fewer than {count} other "
             "cards remain, and then it is shown to all. The discard counts for "
             "you.").format(bouts=_bouts(), count=number_words(rules.deal.chien_size))


def discard_help(rules: RuleSet) -> str:
    size = number_words(rules.deal.chien_size)
    return "\n".join([
        _("At the discard prompt:"),
        _paragraph(_("{count} cards, by code or number, separated by spaces; or auto (it "
                     "makes voids)").format(count=size)),
        _paragraph(discard_rule(rules)),
        _quit(_discard_words()),
    ])


def chelem_rule(rules: RuleSet) -> str:
    """What a declared chelem scores, unwrapped."""
    chelem = rules.chelem
    return _("a declared chelem (all the tricks) scores {made} if made, {failed} if not; "
             "you then lead the first trick").format(
        made=f"{chelem.declared_made:+d}", failed=f"{chelem.declared_failed:+d}")


def chelem_help(rules: RuleSet) -> str:
    return "\n".join([
        _("At the chelem prompt:"),
        _answer(_("y or n"), chelem_rule(rules)),
        _quit(_chelem_words()),
    ])


def _call_words() -> str:
    return _("French words work too: roi de cœur or RC, aide, quitter.")


def call_rule() -> str:
    """What may be called at five players, and what the call means, unwrapped."""
    return _("the card to call, by its code (KH) or its name; or auto. Its holder is your "
             "partner, secretly, until the card is played; you may call a king of your own, "
             "and then you play alone. A queen may be called only with the four kings, a "
             "knight only with the four queens too, a jack only with the four knights too "
             "(V5-3).")


def call_help(rules: RuleSet) -> str:
    """The help at five players' call (RULES-3-5 V5-2, V5-3): which cards may be called,
    and what the call means."""
    return "\n".join([
        _("At the call prompt:"),
        _paragraph(call_rule()),
        _quit(_call_words()),
    ])


# The help of each prompt but the card prompt's, which holds no number of the rules.
PHASE_HELP: dict[str, Callable[[RuleSet], str]] = {
    phases.AUCTION: auction_help,
    phases.CHIEN: discard_help,
    phases.DECLARATIONS: chelem_help,
}
