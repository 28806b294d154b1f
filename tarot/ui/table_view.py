"""The table as a person at South sees it, drawn from that seat's view: the score so far
(card points and bouts each side has won, the contract and its target), the trick in
progress laid out by seat (North at the top, West and East at the sides, South at the
bottom) with who led, who is winning and whose turn it is, and the hand wrapped to the
terminal's width. Pure: ``rich`` Text lines for a given width, so that a test can check
the layout at 80 columns without a terminal."""

from __future__ import annotations

import re
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
from tarot.i18n import N_, _, decimal, ngettext, pgettext

# The seats' names at each table size, P0 first, in English as the log's header writes
# them (docs/decisions.md, "Seats at three and five"): the person at South, the others
# counter-clockwise from the right, as play goes; at three the two opponents across the
# table, at five two on each side.
SEAT_NAMES_BY_SIZE: dict[int, tuple[str, ...]] = {
    3: (N_("South"), N_("East"), N_("West")),
    4: (N_("South"), N_("East"), N_("North"), N_("West")),
    5: (N_("South"), N_("East"), N_("North-East"), N_("North-West"), N_("West")),
}

SUIT_STYLES = ("bold", "bold red", "bold red", "bold")  # ♠ ♥ ♦ ♣
# --four-colour-suits: each suit its own colour (docs/decisions.md, "Four-colour suits"):
# spades in the terminal's own colour, hearts red, diamonds yellow, clubs green.
FOUR_COLOUR_SUIT_STYLES = ("bold", "bold red", "bold yellow", "bold green")
# The suits' styles in use: one choice for the whole run, made by the command before any
# card is drawn (as the language is), and read by every front end's card_text.
_suit_styles = [SUIT_STYLES]
TRUMP_STYLE = "bold cyan"
HAND_INDENT = 12  # where a hand's cards start, and where a wrapped row goes on


def use_four_colour_suits(four: bool) -> None:
    """Draw each suit in its own colour (``four``), or hearts and diamonds red and the
    others in the terminal's colour, as printed packs do."""
    _suit_styles[0] = FOUR_COLOUR_SUIT_STYLES if four else SUIT_STYLES


def card_text(code: str) -> Text:
    """A card as the table shows it: suits by symbol and colour, trumps by their code (in
    the person's language: ``display``)."""
    card = CARD_BY_CODE[code]
    if card == EXCUSE or is_trump(card):
        return Text(display(card), style=TRUMP_STYLE)
    return Text(display(card), style=_suit_styles[0][suit_of(card)])


def cards_line(codes: Sequence[str]) -> Text:
    return Text(" ").join(card_text(c) for c in codes)


def score_so_far(view: PlayerView, rules: RuleSet) -> tuple[int, int, list[str], list[str]]:
    """Half-points and bouts each side has won in the tricks so far (public: every trick
    is seen by all), the Excuse ledger included; the discard or chien is left out, as it
    stays hidden until the end."""
    table = rules.table
    taker = view.taker if view.taker is not None else 0
    # At five, the taker's camp once this seat may know it (the partner's tricks count
    # for the attack); until then the taker's own tricks, as every seat but the partner
    # sees them.
    attack = sum(1 << seat for seat in view.attack) if view.attack else 1 << taker
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
    points = (_("Card points so far: attack {taker_points} (bouts: {taker_bouts}), defence "
                "{defence_points} (bouts: {defence_bouts})") if partner_seat(view) is not None
              else _("Card points so far: taker {taker_points} (bouts: {taker_bouts}), defence "
                     "{defence_points} (bouts: {defence_bouts})"))
    return [
        Text(heading.format(contract=contract, taker=taker, trick=trick,
                            tricks=rules.deal.hand_size, target=decimal(points_text(targets[won])),
                            bouts=won), style="bold"),
        Text(points.format(
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
    call = call_line(view, names)
    if call is not None:
        lines.append(call)
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


def call_line(view: PlayerView, names: Sequence[str]) -> Text | None:
    """At five players, the card the taker called (public from the call, V5-6) and what
    this seat may know of the partner (V5-17): nothing before the called card is played,
    but to the partner himself; None at three and four, or before the call."""
    taker = view.taker
    if view.called is None or taker is None:
        return None
    partner = partner_seat(view)
    card = card_text(view.called)
    if view.attack is None:
        template = (_("You called {card}: your partner is not known until it is played.")
                    if taker == view.seat else
                    _("{taker} called {card}: the partner is not known until it is played."))
    elif partner is None:
        template = (_("You called {card}: you play alone.") if taker == view.seat else
                    _("{taker} called {card}: {taker} plays alone."))
    elif partner == view.seat:
        template = (_("{taker} called {card}: you are {taker}'s partner (you hold it).")
                    if view.called in view.hand else
                    _("{taker} called {card}: you are {taker}'s partner."))
    elif taker == view.seat:
        template = _("You called {card}: {partner} is your partner.")
    else:
        template = _("{taker} called {card}: {partner} is {taker}'s partner.")
    return _styled(template, style="bold", card=card, taker=names[taker],
                   partner=names[partner] if partner is not None else "")


def _styled(template: str, style: str, **fields: str | Text) -> Text:
    """``template`` with its ``{fields}`` filled, a Text field keeping its own style."""
    line = Text(style=style)
    for piece in re.split(r"(\{[a-z_]+\})", template):
        value = fields.get(piece[1:-1]) if piece.startswith("{") and piece.endswith("}") \
            else None
        if isinstance(value, Text):
            line.append_text(value)
        elif value is not None:
            line.append(value)
        else:
            line.append(piece)
    return line


def _shown(codes: Sequence[str]) -> list[str]:
    """Cards as the table writes them in text (``T21``, ``EXC``; in French ``A21``)."""
    return [display(CARD_BY_CODE[code]) for code in codes]


def cards_by_seat(leader: int, cards: Sequence[str], seats: int = 4) -> dict[int, str]:
    """A trick's cards, in the order played from ``leader``, by the seat that played each
    (at a table of ``seats``)."""
    return {(leader + index) % seats: code for index, code in enumerate(cards)}


def trick_by_seat(view: PlayerView, seats: int = 4) -> dict[int, str]:
    """The cards of the trick in progress, by the seat that played each."""
    return cards_by_seat(view.leader if view.leader is not None else view.seat, view.trick,
                         seats)


def winning_seat(view: PlayerView, seats: int = 4) -> int:
    """The seat whose card is winning the trick in progress so far; -1 for none yet."""
    if not view.trick or view.leader is None:
        return -1
    best = kernel.trick_winner_index([CARD_BY_CODE[c] for c in view.trick])
    return (view.leader + best) % seats if best >= 0 else -1


def partner_seat(view: PlayerView) -> int | None:
    """The taker's partner (five players) when this seat may know it (V5-17: the partner
    from the deal, everyone once the called card is played), else None; None too when the
    taker plays alone."""
    if view.called is None or view.attack is None or view.taker is None:
        return None
    return next((seat for seat in view.attack if seat != view.taker), None)


# Where each seat sits on the drawing, by table size: rows from the top, and in a row of
# two the left seat first. The person is at South, the bottom; play goes counter-clockwise
# (to the right first).
SEAT_ROWS: dict[int, tuple[tuple[int, ...], ...]] = {
    3: ((2, 1), (0,)),  # West, East; South
    4: ((2,), (3, 1), (0,)),  # North; West, East; South
    5: ((3, 2), (4, 1), (0,)),  # North-West, North-East; West, East; South
}


def trick_lines(view: PlayerView, names: Sequence[str], width: int) -> list[Text]:
    """The trick in progress by seat: North above, West and East either side, South
    below (at three, West and East above South; at five, North-West and North-East above
    West and East); the leader, the winning card, the seat to play and, at five, the
    partner once known marked."""
    seats = len(names)
    leader = view.leader if view.leader is not None else view.seat
    played = trick_by_seat(view, seats)
    winning = winning_seat(view, seats)
    partner = partner_seat(view)

    def place(seat: int) -> Text:
        cell = Text(f"{names[seat]} ")
        if seat in played:
            cell.append_text(card_text(played[seat]))
        elif seat == view.turn:
            cell.append("?", style="bold yellow")
        else:
            cell.append("·", style="dim")
        marks = []
        if seat == partner:
            marks.append(pgettext("seat at the trick", "partner"))
        if seat == leader and view.trick:
            marks.append(pgettext("seat at the trick", "led"))
        if seat == winning and len(view.trick) > 1:
            marks.append(pgettext("seat at the trick", "winning"))
        if seat == view.turn:
            marks.append(pgettext("seat at the trick", "to play"))
        if marks:
            cell.append(f" ({', '.join(marks)})", style="dim")
        return cell

    middle = max(width // 2 - 8, 0)
    lines = []
    for row in SEAT_ROWS[seats]:
        if len(row) == 1:
            lines.append(Text(" " * middle) + place(row[0]))
            continue
        left, right = (place(seat) for seat in row)
        top = seats == 5 and row == SEAT_ROWS[5][0]
        if top:  # the two far seats either side of the middle, nearer than the sides
            indent = max(width // 2 - 3 - len(left), 2)
            gap = max(width // 2 + 3 - indent - len(left), 2)
        else:
            indent = 2
            gap = max(width - len(left) - len(right) - 4, 2)
        if indent + len(left) + gap + len(right) > width:  # too narrow for both: two lines
            lines += [Text(" " * indent) + left,
                      Text(" " * max(width - len(right) - 2, 0)) + right]
            continue
        side = Text(" " * indent)
        side.append_text(left)
        side.append(" " * gap)
        side.append_text(right)
        lines.append(side)
    return lines


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
        seat = (leader + index) % len(names)
        if index:
            line.append("  ")
        line.append(f"{names[seat]} ")
        line.append_text(card_text(code))
        if seat == winner:
            line.append(" ✓", style="bold green")
    return line
