"""What was announced in a deal, as one seat may know it: the auction, the contract, the
call and the partner (five players), the chien when it was shown, the trumps of a discard,
a declared chelem and every poignée with its trumps.

Two forms, both from the seat's view alone (never a hidden card, never the partner before
the seat may know him, V5-17): the short lines the full screen's Contract panel keeps for
the whole deal (:func:`panel_announcements`, folded to the panel's width by
:func:`folded`), and the whole list the ``announcements`` command and the screen's key
show (:func:`every_announcement`). Pure: ``rich`` Text lines, no terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from tarot.engine.cards import CARD_BY_CODE, is_trump
from tarot.engine.rules import RuleSet
from tarot.engine.views import PlayerView
from tarot.explain.narrate import poignee_name
from tarot.i18n import _, pgettext
from tarot.ui.line_drawing import styled
from tarot.ui.table_view import TRUMP_STYLE, call_line, card_text, cards_line, partner_seat

# A run of at least this many trumps in a row is written as its ends (T12–T21).
RUN = 3
# What a folded line's following lines are indented by: they read as its continuation.
FOLD_INDENT = 2


def trump_runs(codes: Sequence[str]) -> Text:
    """Cards as the panel writes a poignée: trumps in a row as their ends (``T2–T10``),
    the others one by one, in the order given (a poignée is shown sorted)."""
    pieces: list[Text] = []
    run: list[str] = []

    def close_run() -> None:
        if len(run) >= RUN:
            pieces.append(Text(f"{card_text(run[0]).plain}–{card_text(run[-1]).plain}",
                               style=TRUMP_STYLE))
        else:
            pieces.extend(card_text(code) for code in run)
        run.clear()

    for code in codes:
        card = CARD_BY_CODE[code]
        if run and not (is_trump(card) and card == CARD_BY_CODE[run[-1]] + 1):
            close_run()
        if is_trump(card):
            run.append(code)
        else:
            pieces.append(card_text(code))
    close_run()
    return Text(" ").join(pieces)


def contract_name(view: PlayerView, rules: RuleSet) -> str:
    contracts = {c.id: c.label for c in rules.contracts}
    return contracts.get(view.contract or "", view.contract or "?")


def contract_and_call(view: PlayerView, rules: RuleSet, names: Sequence[str]) -> Text:
    """The contract and its taker on one line, and at five the card called with what this
    seat may know of the partner: nothing before the called card is played (V5-17), but to
    the partner himself."""
    contract = contract_name(view, rules)
    taker = names[view.taker] if view.taker is not None else "?"
    if view.called is None:
        return Text(_("{contract} by {taker}").format(contract=contract, taker=taker),
                    style="bold")
    partner = partner_seat(view)
    if view.attack is None:
        template = _("{contract} by {taker} · call {card}")
    elif partner is None:
        template = _("{contract} by {taker} · call {card}: alone")
    elif partner == view.seat:
        template = _("{contract} by {taker} · call {card}: you are the partner")
    else:
        template = _("{contract} by {taker} · call {card}: partner {partner}")
    line = styled(template, contract=contract, taker=taker, card=card_text(view.called),
                  partner=names[partner] if partner is not None else "")
    line.stylize("bold")
    return line


def poignee_lines(view: PlayerView, rules: RuleSet, names: Sequence[str], *,
                  short: bool) -> list[Text]:
    """Each poignée shown, in the order shown: who, which, and its trumps (``short``: the
    trumps in a row as their ends)."""
    lines = []
    for seat, shown in view.poignees:
        name = poignee_name(rules, len(shown)).lower()
        cards = trump_runs(shown) if short else cards_line(shown)
        if short:
            lines.append(styled(_("{seat}: {poignee} {cards}"), seat=names[seat],
                                poignee=name, cards=cards))
        else:
            template = (_("You showed a {poignee}:") if seat == view.seat else
                        _("{seat} showed a {poignee}:"))
            line = Text(template.format(seat=names[seat], poignee=name))
            line.append(" ")
            line.append_text(cards)
            lines.append(line)
    return lines


def chien_line(view: PlayerView) -> Text | None:
    """The chien when it was shown, and the trumps another taker discarded (shown to all);
    None when the chien was not shown (yet, or at all: Garde sans, Garde contre)."""
    if not view.chien:
        return None
    line = styled(_("Chien: {cards}"), cards=cards_line(view.chien))
    if view.discard and view.taker != view.seat:
        line.append(" · " + _("trumps discarded:") + " ")
        line.append_text(cards_line(view.discard))
    return line


def auction_line(view: PlayerView, rules: RuleSet, names: Sequence[str], *,
                 short: bool) -> Text | None:
    """The bids: every one while the auction lasts (or when not ``short``); once there is
    a taker, ``short``, only the bids that were not passes, each seat bidding once (R4)."""
    if not view.bids:
        return None
    contracts = {c.id: c.label for c in rules.contracts}

    def said(seat: int, bid: str | None) -> str:
        return f"{names[seat]} " + (contracts.get(bid, bid) if bid else
                                    pgettext("bid shown", "pass"))

    if not short or view.taker is None:
        return Text(_("Auction: {bids}").format(
            bids=" · ".join(said(seat, bid) for seat, bid in view.bids)), style="dim")
    bids = " · ".join(said(seat, bid) for seat, bid in view.bids if bid)
    if all(bid for _seat, bid in view.bids):
        return Text(_("Auction: {bids}").format(bids=bids), style="dim")
    # Short enough for the panel's 38 columns at 80: the panel says whose contract it is.
    return Text(_("{bids}; the others passed").format(bids=bids), style="dim")


def panel_announcements(view: PlayerView, rules: RuleSet, names: Sequence[str]) -> list[Text]:
    """What the Contract panel keeps under the points, for the whole deal: each poignée
    (its trumps in a row as their ends), the chien once shown (and the trumps another
    taker discarded), and the auction, shortened to the bids that were not passes once
    there is a taker. The contract, the call and a chelem head the panel
    (:func:`contract_and_call`)."""
    lines = poignee_lines(view, rules, names, short=True)
    chien = chien_line(view)
    if chien is not None:
        lines.append(chien)
    auction = auction_line(view, rules, names, short=True)
    if auction is not None:
        lines.append(auction)
    return lines


def every_announcement(view: PlayerView, rules: RuleSet, names: Sequence[str]) -> list[Text]:
    """Everything announced so far, in the order it was said: every bid, the contract,
    the call and what this seat may know of the partner, the chien and the person's own
    discard (or the trumps another taker discarded), a declared chelem, each poignée with
    all its trumps."""
    auction = auction_line(view, rules, names, short=False)
    if auction is None:
        return [Text(_("No bid yet."))]
    lines = [auction]
    taker = view.taker
    if taker is None:
        return lines
    lines.append(Text(_("{contract} by {taker}").format(
        contract=contract_name(view, rules), taker=names[taker]), style="bold"))
    call = call_line(view, names)
    if call is not None:
        lines.append(call)
    chien = chien_line(view)
    lines.append(chien if chien is not None else Text(_("The chien was not shown.")))
    if taker == view.seat and view.discard:
        line = Text(_("Your discard (counted in your points):") + " ")
        line.append_text(cards_line(view.discard))
        lines.append(line)
    if view.chelem_declared:
        lines.append(Text(_("You declared a chelem.") if taker == view.seat else
                          _("{seat} declared a chelem.").format(seat=names[taker]),
                          style="bold"))
    lines.extend(poignee_lines(view, rules, names, short=False))
    return lines


def folded(line: Text, width: int, console: Console) -> list[Text]:
    """``line`` wrapped between words to ``width`` columns, its following lines indented
    by ``FOLD_INDENT`` so that they read as its continuation."""
    first = line.wrap(console, width, overflow="fold")
    lines = [first[0]] if first else []
    if len(first) > 1 and width > FOLD_INDENT + 1:
        rest = line[len(first[0].plain):]
        rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")):]
        lines += [Text(" " * FOLD_INDENT) + piece
                  for piece in rest.wrap(console, width - FOLD_INDENT, overflow="fold")]
    elif len(first) > 1:
        lines = list(first)
    for piece in lines:
        piece.rstrip()
    return lines

