"""The table as a person at South sees it, drawn from that seat's view: the score so far
(card points and bouts each side has won, the contract and its target), the trick in
progress laid out by seat (North at the top, West and East at the sides, South at the
bottom) with who led, who is winning and whose turn it is, and the hand wrapped to the
terminal's width. Pure: ``rich`` Text lines for a given width, so that a test can check
the layout at 80 columns without a terminal."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from tarot.engine import kernel
from tarot.engine.cards import (
    BOUTS,
    CARD_BY_CODE,
    CODES,
    EXCUSE,
    display,
    is_trump,
    mask_of_codes,
    suit_of,
)
from tarot.engine.rules import RuleSet
from tarot.engine.scoring import points_text
from tarot.engine.views import PlayerView
from tarot.i18n import _, decimal, ngettext, pgettext

SUIT_STYLES = ("bold", "bold red", "bold red", "bold")  # ♠ ♥ ♦ ♣
TRUMP_STYLE = "bold cyan"
HAND_INDENT = 12  # where a hand's cards start, and where a wrapped row goes on


def card_text(code: str) -> Text:
    """A card as the table shows it: suits by symbol and colour, trumps by their code (in
    the person's language: ``display``)."""
    card = CARD_BY_CODE[code]
    if card == EXCUSE or is_trump(card):
        return Text(display(card), style=TRUMP_STYLE)
    return Text(display(card), style=SUIT_STYLES[suit_of(card)])


def cards_line(codes: Sequence[str]) -> Text:
    return Text(" ").join(card_text(c) for c in codes)


def score_so_far(view: PlayerView, rules: RuleSet) -> tuple[int, int, list[str], list[str]]:
    """Half-points and bouts each side has won in the tricks so far (public: every trick
    is seen by all), the Excuse ledger included; the discard or chien is left out, as it
    stays hidden until the end."""
    table = rules.table
    taker = view.taker if view.taker is not None else 0
    # The taker's side: at five players his partner too, once the view knows him (V5-17).
    attack = 1 << taker
    for seat in view.attack or ():
        attack |= 1 << seat
    taken = kernel.take_tricks(
        table, ((tuple(CARD_BY_CODE[c] for c in t.cards), t.leader, t.winner)
                for t in view.tricks), attack)
    pile, adjust = taken.pile, taken.adjust
    seen = mask_of_codes(code for t in view.tricks for code in t.cards)
    taker_points = kernel.half_points(table, pile, adjust)
    defence_points = kernel.half_points(table, seen & ~pile) - adjust
    taker_bouts = [CODES[b] for b in BOUTS if pile >> b & 1]
    defence_bouts = [CODES[b] for b in BOUTS if (seen & ~pile) >> b & 1]
    return taker_points, defence_points, taker_bouts, defence_bouts


def header_lines(view: PlayerView, rules: RuleSet, names: Sequence[str]) -> list[Text]:
    """The contract and its target, and the card points and bouts each side has so far."""
    contracts = {c.id: c.label for c in rules.contracts}
    contract = contracts.get(view.contract or "", "?")
    taker = names[view.taker] if view.taker is not None else "?"
    taker_points, defence_points, taker_bouts, defence_bouts = score_so_far(view, rules)
    # The taker knows his own discard, which counts for him (R6): in his eyes only, it is
    # in his points (announcement_lines says so); another taker's stays hidden.
    taker_points += own_discard_half_points(view, rules)
    targets = rules.scoring.target_half_points
    trick = min(len(view.tricks) + 1, rules.deal.hand_size)
    none = pgettext("no bout", "none")
    won = len(taker_bouts)
    if won:
        heading = ngettext("{contract} by {taker} · trick {trick} of {tricks} · target "
                           "{target} with the bouts won so far ({bouts})",
                           "{contract} by {taker} · trick {trick} of {tricks} · target "
                           "{target} with the bouts won so far ({bouts})", won)
    else:
        heading = _("{contract} by {taker} · trick {trick} of {tricks} · target {target} "
                    "with the bouts won so far (0)")
    return [
        Text(heading.format(contract=contract, taker=taker, trick=trick,
                            tricks=rules.deal.hand_size, target=decimal(points_text(targets[won])),
                            bouts=won), style="bold"),
        Text(_("Card points so far: taker {taker_points} (bouts: {taker_bouts}), defence "
               "{defence_points} (bouts: {defence_bouts})").format(
                 taker_points=decimal(points_text(taker_points)),
                 taker_bouts=" ".join(_shown(taker_bouts)) or none,
                 defence_points=decimal(points_text(defence_points)),
                 defence_bouts=" ".join(_shown(defence_bouts)) or none), style="dim"),
    ]


def own_discard_half_points(view: PlayerView, rules: RuleSet) -> int:
    """The card points of the seat's own discard when it is the taker, in half-points
    (0 for anyone else: another taker's discard is hidden until the end)."""
    if view.taker is None or view.seat != view.taker or view.settlement is not None:
        return 0
    return kernel.half_points(rules.table, mask_of_codes(view.discard))


def announcement_lines(view: PlayerView, rules: RuleSet, names: Sequence[str]) -> list[Text]:
    """What was announced in the deal, repeated with the table until it ends: a declared
    chelem, every poignée shown (who, which, the trumps), the chien a computer took (shown
    to all), the trumps of its discard (shown to all), and the person's own discard."""
    lines: list[Text] = []
    taker = view.taker
    if view.chelem_declared and taker is not None:
        lines.append(Text(_("You declared a chelem.") if taker == view.seat else
                          _("{seat} declared a chelem.").format(seat=names[taker]),
                          style="bold"))
    levels = rules.poignee_by_size
    for seat, shown in view.poignees:
        level = levels.get(len(shown))
        label = level.label.lower() if level else str(len(shown))
        line = Text(_("You showed a {poignee}:").format(poignee=label) if seat == view.seat
                    else _("{seat} showed a {poignee}:").format(seat=names[seat], poignee=label),
                    style="bold")
        line.append(" ")
        line.append_text(cards_line(shown))
        lines.append(line)
    if taker is None:
        return lines
    if taker == view.seat:
        if view.discard:
            line = Text(_("Your discard (counted in your points):") + " ")
            line.append_text(cards_line(view.discard))
            lines.append(line)
    elif view.chien is not None:
        line = Text(_("The chien {seat} took:").format(seat=names[taker]) + " ")
        line.append_text(cards_line(view.chien))
        if view.discard:
            line.append(" · " + _("trumps discarded:") + " ")
            line.append_text(cards_line(view.discard))
        lines.append(line)
    return lines


def _shown(codes: Sequence[str]) -> list[str]:
    """Cards as the table writes them in text (``T21``, ``EXC``; in French ``A21``)."""
    return [display(CARD_BY_CODE[code]) for code in codes]


def cards_by_seat(leader: int, cards: Sequence[str]) -> dict[int, str]:
    """A trick's cards, in the order played from ``leader``, by the seat that played each."""
    return {(leader + index) % 4: code for index, code in enumerate(cards)}


def trick_by_seat(view: PlayerView) -> dict[int, str]:
    """The cards of the trick in progress, by the seat that played each."""
    return cards_by_seat(view.leader if view.leader is not None else view.seat, view.trick)


def winning_seat(view: PlayerView) -> int:
    """The seat whose card is winning the trick in progress so far; -1 for none yet."""
    if not view.trick or view.leader is None:
        return -1
    best = kernel.trick_winner_index([CARD_BY_CODE[c] for c in view.trick])
    return (view.leader + best) % 4 if best >= 0 else -1


def trick_lines(view: PlayerView, names: Sequence[str], width: int) -> list[Text]:
    """The trick in progress by seat: North above, West and East either side, South
    below; the leader, the winning card and the seat to play marked."""
    leader = view.leader if view.leader is not None else view.seat
    played = trick_by_seat(view)
    winning = winning_seat(view)

    def place(seat: int) -> Text:
        cell = Text(f"{names[seat]} ")
        if seat in played:
            cell.append_text(card_text(played[seat]))
        elif seat == view.turn:
            cell.append("?", style="bold yellow")
        else:
            cell.append("·", style="dim")
        marks = []
        if seat == leader and view.trick:
            marks.append(pgettext("seat at the trick", "led"))
        if seat == winning and len(view.trick) > 1:
            marks.append(pgettext("seat at the trick", "winning"))
        if seat == view.turn:
            marks.append(pgettext("seat at the trick", "to play"))
        if marks:
            cell.append(f" ({', '.join(marks)})", style="dim")
        return cell

    north, west, east, south = place(2), place(3), place(1), place(0)
    middle = max(width // 2 - 8, 0)
    gap = max(width - len(west) - len(east) - 4, 2)
    side = Text("  ")
    side.append_text(west)
    side.append(" " * gap)
    side.append_text(east)
    return [Text(" " * middle) + north, side, Text(" " * middle) + south]


def excuse_warning(view: PlayerView) -> str | None:
    """Why the Excuse should be played now, or None: the seat to play holds it and one
    other card, and the Excuse kept for the last trick changes side (R16, A3). No warning
    while the seat's side has won every trick, when leading it to the last trick wins
    (R16's exception)."""
    if (view.turn != view.seat or view.taker is None or len(view.hand) != 2
            or CODES[EXCUSE] not in view.hand):
        return None
    attack = view.seat == view.taker
    if view.tricks and all((trick.winner == view.taker) == attack for trick in view.tricks):
        return None
    return _("Play the Excuse now: kept for the last trick, it goes to the other side "
             "(R16).")


def suit_names() -> tuple[str, str, str, str]:
    """The suits' names in the person's language, ♠ ♥ ♦ ♣, as a hand's rows start."""
    return (pgettext("hand row", "spades"), pgettext("hand row", "hearts"),
            pgettext("hand row", "diamonds"), pgettext("hand row", "clubs"))


def hand_lines(hand: Sequence[str], legal: set[str], width: int) -> list[Text]:
    """The hand by suit, each card with its number (and * when playable), a long row
    wrapped under its first card rather than at the left edge."""
    suits = suit_names()
    groups: dict[str, list[tuple[int, str]]] = {}
    for number, code in enumerate(hand, start=1):
        card = CARD_BY_CODE[code]
        group = pgettext("hand row", "trumps") if card == EXCUSE or is_trump(card) else \
            suits[suit_of(card)]
        groups.setdefault(group, []).append((number, code))
    lines = []
    for group, cards in groups.items():
        line = Text(f"  {group:<{HAND_INDENT - 3}}")
        for number, code in cards:
            token = Text(f" {number}:")
            token.append_text(card_text(code))
            token.append("*" if code in legal else " ", style="bold green")
            if len(line) + len(token) > width - 1 and len(line) > HAND_INDENT:
                lines.append(line)
                line = Text(" " * (HAND_INDENT - 1))
            line.append_text(token)
        lines.append(line)
    return lines


def trick_recap(number: int, leader: int, cards: Sequence[str], winner: int,
                names: Sequence[str]) -> Text:
    """A completed trick with the seat of every card: the leader first, the winner marked."""
    line = Text(f"  {number:>2}. ")
    for index, code in enumerate(cards):
        seat = (leader + index) % 4
        if index:
            line.append("  ")
        line.append(f"{names[seat]} ")
        line.append_text(card_text(code))
        if seat == winner:
            line.append(" ✓", style="bold green")
    return line
