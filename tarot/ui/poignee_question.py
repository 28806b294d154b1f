"""The poignée's own question, at the card prompt (``p``): the poignées the hand may show,
one chosen by its number or the trumps typed, asked again until the answer is one it can
take (a typo must not be taken as "no poignée", nor the next answer played as a card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from tarot.engine.card_notation import current_notation
from tarot.engine.cards import card_words, quoted
from tarot.engine.events import Poignee
from tarot.engine.legal import rule_at_size
from tarot.engine.notation import NotationError, card_code
from tarot.engine.typed_words import read_words
from tarot.errors import IllegalAction
from tarot.i18n import _, ngettext
from tarot.ui.line_drawing import styled, with_symbols
from tarot.ui.table_view import cards_line

if TYPE_CHECKING:
    from tarot.ui.dialogue import PersonDialogue


class TakeBack(Exception):
    """``undo`` typed at the poignée's question (``word``, as typed): the card prompt takes
    the decision back in a practice game, and says where it works in any other."""

    def __init__(self, word: str) -> None:
        super().__init__(word)
        self.word = word


def is_card(token: str) -> bool:
    """Whether ``token`` names one card as the person's words are read (in French, ``A21``
    and ``roi de pique`` too)."""
    try:
        card_code(token, [])
    except NotationError:
        return False
    return True


def ask_poignee(dialogue: PersonDialogue) -> Poignee | None:
    assert dialogue.human is not None
    options = dialogue.game.poignee_options(dialogue.human)
    if not options or not dialogue.game.legal_actions() or not any(
            isinstance(a, Poignee) for a in dialogue.game.legal_actions()):
        if not dialogue.game.poignee_window_open(dialogue.human):
            dialogue.refuse(_("No poignée now: a poignée is shown just before your first "
                          "card, once (A12)."))
        else:
            fewest = dialogue.game.rules.poignees[0].trumps
            dialogue.refuse(_("No poignée with this hand: it takes {count} trumps (or "
                          "{fewer} and the Excuse) ({rule}).").format(
                count=fewest, fewer=fewest - 1,
                rule=rule_at_size("R8", dialogue.game.rules.players)))
        return None
    for index, option in enumerate(options, start=1):
        dialogue.say_indented(Text("  ") + styled(_("{number}. {poignee}, +{bonus}: {cards}"),
                                              number=str(index),
                                              poignee=option.level.label,
                                              bonus=str(option.level.bonus),
                                              cards=cards_line(option.shown)), 5)
    dialogue.say("  " + _("(These show your lowest trumps; to show others, type the cards "
                      "themselves.)"))
    # Asked again until the answer is one it can take: a typo must not be taken as
    # "no poignée", nor the next answer played as a card.
    while True:
        answer = dialogue.ask_line(ngettext(
            "Which one (1 to {count}, the cards to show, or Enter for none)?",
            "Which one (1 to {count}, the cards to show, or Enter for none)?",
            len(options)).format(count=len(options))).strip()
        if not answer or answer.lower() in read_words("none"):
            return None
        if answer.lower() in read_words("undo"):
            raise TakeBack(answer.lower())
        # The cards as the table reads them: "roi de pique" is one card in French.
        tokens = card_words(answer, notation=current_notation())
        if len(tokens) > 1:
            # The person's own subset, checked here by the engine's own rules (the
            # level, trumps only, in hand, the Excuse rule), so that a refusal asks
            # this question again rather than the card prompt.
            try:
                chosen = Poignee(seat=dialogue.human, cards=tuple(dialogue.card_code(t)
                                                              for t in tokens))
                dialogue.game.check(chosen)
                return chosen
            except NotationError as error:
                dialogue.refuse(str(error), "yellow")
                continue
            except IllegalAction as error:
                message = with_symbols(error.render(dialogue.names, dialogue.human))
                dialogue.refuse(message, "yellow")
                continue
        if answer.isdecimal() and len(answer) <= 3 and 1 <= int(answer) <= len(options):
            return Poignee(seat=dialogue.human, cards=options[int(answer) - 1].shown)
        # One message per count (ngettext), so that a language may say "type 1" rather
        # than "1 to 1" when a single poignée is offered.
        if answer.isdecimal():
            why = ngettext(
                "{answer} is not one of the poignées listed: type 1 to {count}, the "
                "trumps to show separated by spaces, or Enter for none.",
                "{answer} is not one of the poignées listed: type 1 to {count}, the "
                "trumps to show separated by spaces, or Enter for none.", len(options))
        elif is_card(answer):
            why = ngettext(
                "a poignée shows all its trumps at once, not one card: type 1 to "
                "{count}, the trumps to show separated by spaces, or Enter for none.",
                "a poignée shows all its trumps at once, not one card: type 1 to "
                "{count}, the trumps to show separated by spaces, or Enter for none.",
                len(options))
        else:
            why = ngettext(
                "{answer} is neither a number nor cards: type 1 to {count}, the "
                "trumps to show separated by spaces, or Enter for none.",
                "{answer} is neither a number nor cards: type 1 to {count}, the "
                "trumps to show separated by spaces, or Enter for none.", len(options))
        dialogue.refuse(why.format(answer=answer[:6] if answer.isdecimal() else
                               quoted(answer[:20]), count=len(options)))
