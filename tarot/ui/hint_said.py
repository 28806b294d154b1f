"""The hint, said at the card prompt: the card the strong computer player would play in
the person's place, and why, from the person's own view (it never looks at a hidden card),
valued as ``tarot review`` values the same position afterwards (:func:`~tarot.bots.advice.advise`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from tarot.engine.cards import CODES, mask_of_codes
from tarot.engine.events import Play as PlayCard
from tarot.i18n import _, ngettext
from tarot.ui.line_drawing import styled
from tarot.ui.table_view import card_text

if TYPE_CHECKING:
    from tarot.ui.dialogue import PersonDialogue


def say_hint(dialogue: PersonDialogue) -> None:
    """What the hint player would play here and why, from the person's own view only."""
    from tarot.bots.advice import advise, reasons, seat_score
    from tarot.bots.registry import HINT_LEVEL, make_player
    from tarot.bots.sampling import SamplingPlayer

    seat = dialogue.human
    assert seat is not None
    if dialogue.hint_player is None:
        dialogue.hint_player = make_player(HINT_LEVEL, dialogue.game.rules)
    player = dialogue.hint_player
    assert isinstance(player, SamplingPlayer)
    legal = mask_of_codes(a.card for a in dialogue.game.legal_actions()
                          if isinstance(a, PlayCard))
    # Seeded from the position (advise): asking twice gives the same hint, and the review of
    # the saved deal the same values.
    with dialogue.thinking(_("Thinking of a hint…")):
        advice = advise(player, dialogue.game.view(seat), legal)
    best = advice.outcomes[advice.best]
    hand = dialogue.game.hand(seat)
    fields: dict[str, str | Text] = {
        "card": card_text(CODES[advice.best]),
        "number": str(hand.index(CODES[advice.best]) + 1)}
    if not legal & (legal - 1):
        template = _("Hint: {card} (card {number}): the only card you may play.")
    elif len(advice.ranked) == 1:
        template = (_("Hint: {card} (card {number}): the one card left once the mistakes "
                      "below are set aside.") if advice.left_out else
                    _("Hint: {card} (card {number}): every card you may play comes to "
                      "the same."))
    else:
        second = advice.ranked[1]
        template = ngettext(
            "Hint: {card} (card {number}): {score} for you on average, over {deals} trial "
            "deal with the cards you cannot see placed at random; next best {second}, "
            "{second_score}.",
            "Hint: {card} (card {number}): {score} for you on average, over {deals} trial "
            "deals with the cards you cannot see placed at random; next best {second}, "
            "{second_score}.",
            best.deals)
        fields |= {"score": f"{seat_score(advice, advice.best):+d}",
                   "deals": str(best.deals), "second": card_text(CODES[second]),
                   "second_score": f"{seat_score(advice, second):+d}"}
    dialogue.say_indented(Text("  ") + styled(template, **fields),
                      2 + len(template.partition("{card}")[0]))
    for reason in reasons(advice):
        dialogue.say_indented(Text(f"    {reason[0].upper()}{reason[1:]}."), 4)
