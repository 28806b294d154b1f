"""A match's score sheet: a row a deal (its settlement, who dealt, the redeals), the
running totals, and the sheet as lines within 80 columns in the person's language (the
line mode and the full screen show it between deals, ``tarot audit`` after a match)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tarot.engine.events import Redeal, Settlement
from tarot.engine.game import Game
from tarot.i18n import N_, _, ngettext, pgettext
from tarot.said import grouped


@dataclass(frozen=True)
class SheetRow:
    deal: int
    dealer: int  # the seat that dealt first (the index's), before any redeal
    settlement: Settlement
    dealt_by: int  # the seat that dealt the deal played: a redeal passes it to the right
    redeals: tuple[str, ...] = ()  # each redeal's reason, in order ("all_passed", "petit_sec")

    @classmethod
    def of(cls, deal: int, dealer: int, game: Game) -> SheetRow:
        """The row of a settled deal ``game``, first dealt by ``dealer``."""
        assert game.settlement is not None, "only a settled deal has a row"
        return cls(deal, dealer, game.settlement, game.state.dealer,
                   tuple(e.reason for e in game.events if isinstance(e, Redeal)))


def totals(rows: Iterable[SheetRow], seats: int | None = None) -> list[int]:
    """Each seat's score over the rows (they sum to zero), at a table of ``seats`` (by
    default the rows', four when there is none)."""
    rows = list(rows)
    sums = [0] * (seats or (len(rows[0].settlement.scores) if rows else 4))
    for row in rows:
        for seat, score in enumerate(row.settlement.scores):
            sums[seat] += score
    return sums


def result_text(settlement: Settlement) -> str:
    """A deal's result on the score sheet: ``made by 12``, ``failed by 3`` (in French
    ``fait de 12``, ``chuté de 3``)."""
    return _difference_text(settlement.contract_made, settlement.difference)


def bonus_words(settlement: Settlement) -> list[str]:
    """The bonuses a deal scored, in short words for the sheet's Result column: ``chelem``,
    ``double poignée``, ``petit au bout (defence)``; none for most deals."""
    chelems = {"declared_made": pgettext("sheet", "chelem"),
               "undeclared_made": pgettext("sheet", "chelem"),
               "declared_failed": pgettext("sheet", "chelem failed"),
               "defence_made": pgettext("sheet", "defence chelem")}
    poignees = {"simple": pgettext("sheet", "simple poignée"),
                "double": pgettext("sheet", "double poignée"),
                "triple": pgettext("sheet", "triple poignée")}
    words = [chelems.get(c.kind, pgettext("sheet", "chelem")) for c in settlement.chelem]
    words += [poignees.get(p.level, pgettext("sheet", "poignée")) for p in settlement.poignees]
    if settlement.petit_au_bout == "taker":
        words.append(pgettext("sheet", "petit au bout"))
    elif settlement.petit_au_bout == "defence":
        words.append(pgettext("sheet", "petit au bout (defence)"))
    return words


SHEET_WIDTH = 80  # the sheet fits a terminal of 80 columns


def _joined(words: list[str], width: int) -> list[str]:
    """``words`` joined by commas into lines of at most ``width`` columns, each item whole
    (a line longer only for an item longer than ``width``)."""
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 2 + len(word) <= width - 1:
            lines[-1] += f", {word}"
        else:
            if lines:
                lines[-1] += ","
            lines.append(word)
    return lines


def _difference_text(made: bool, difference: int) -> str:
    return (_("made by {difference}") if made else
            _("failed by {difference}")).format(difference=difference)


# Each redeal's reason, and the note under the sheet that says it.
_REDEAL_NOTES = {
    "all_passed": N_("* Deal {deal}: {dealer} dealt, all passed; the deal passed to {next}."),
    "petit_sec": N_("* Deal {deal}: {dealer} dealt, a petit sec; the deal passed to {next}."),
}


def dealer_text(row: SheetRow, names: Sequence[str]) -> str:
    """Who dealt the deal played, from the first dealer when redeals moved it on:
    ``West``, or ``South→West``."""
    if not row.redeals:
        return names[row.dealt_by]
    return "→".join(names[(row.dealer + step) % len(names)]
                    for step in range(len(row.redeals) + 1))


def redeal_notes(row: SheetRow, names: Sequence[str]) -> list[str]:
    """A line a redeal of the row's deal: who dealt, why it was dealt again, to whom the
    deal passed (R5, A17: the deal passes to the right); redeals in a row for the same
    reason in one line, which names the dealers in turn (a table of strong players may
    pass four times: four lines a deal would push the result off a screen of 24)."""
    # The person's seat is "You" on the sheet's head, and inside a sentence as a person
    # writes it there ("vous" in French; "You" in English, as before).
    inside = {pgettext("seat", "You"): pgettext("seat inside a sentence", "You")}

    def name(seat: int) -> str:
        return inside.get(names[seat % len(names)], names[seat % len(names)])

    notes = []
    step = 0
    while step < len(row.redeals):
        reason = row.redeals[step]
        run = 1
        while step + run < len(row.redeals) and row.redeals[step + run] == reason:
            run += 1
        first = row.dealer + step
        if run == 1:
            notes.append(_(_REDEAL_NOTES[reason]).format(
                deal=row.deal, dealer=name(first), next=name(first + 1)))
        else:
            dealers = "→".join(name(first + turn) for turn in range(run + 1))
            said = (ngettext("* Deal {deal}: all passed {count} time, dealt by {dealers}.",
                             "* Deal {deal}: all passed {count} times, dealt by {dealers}.",
                             run) if reason == "all_passed" else
                    ngettext("* Deal {deal}: a petit sec {count} time, dealt by {dealers}.",
                             "* Deal {deal}: a petit sec {count} times, dealt by {dealers}.",
                             run))
            notes.append(said.format(deal=row.deal, count=run, dealers=dealers))
        step += run
    return notes


def sheet_name(name: str) -> str:
    """A seat's name in a narrow column of the sheet: a compound name by its initials
    (North-East ``NE``, Nord-Ouest ``NO``), another whole."""
    parts = name.split("-")
    return "".join(part[:1] for part in parts) if len(parts) > 1 else name


# Between the deals of a match, the sheet shows this many deals at most, the latest, and
# the totals of them all: a sheet of a thousand rows after every deal is neither read nor
# cheap (``tarot audit`` prints a finished match's whole sheet).
SHEET_LAST_DEALS = 20


def sheet_lines(rows: list[SheetRow], names: tuple[str, ...],
                contract_names: dict[str, str], *, last: int | None = None) -> list[str]:
    """The score sheet: a row a deal, then the running totals (which sum to zero). The
    Dealer column names the seat that dealt the deal played, starred when a redeal moved
    the deal on, with a note under the sheet for each redeal. At five seats, where the
    columns would not fit 80, the seats go by their short names (``NE``) and the Dealer
    column is left out (the notes still name who dealt when a redeal moved the deal).
    ``last``: only the last so many rows, after a line saying how many came before; the
    totals are every row's."""
    full_names = names
    sums = totals(rows, len(names))
    shown = rows[-last:] if last is not None and len(rows) > last else rows
    lines = _sheet_lines(shown, names, contract_names, sums, dealer_column=True)
    if len(lines[1]) > SHEET_WIDTH and len(names) > 4:
        names = tuple(sheet_name(name) for name in names)
        lines = _sheet_lines(shown, names, contract_names, sums, dealer_column=False)
    if len(shown) < len(rows):
        earlier = len(rows) - len(shown)
        lines.insert(3, ngettext("(the deal before these: on the sheet above)",
                                 "({count} deals before these: on the sheets above)",
                                 earlier).format(count=grouped(earlier).shown))
    notes: list[str] = []
    for row in shown:
        notes += redeal_notes(row, full_names)
    return lines + notes


def _sheet_lines(rows: list[SheetRow], names: tuple[str, ...],
                 contract_names: dict[str, str], sums: list[int], *,
                 dealer_column: bool) -> list[str]:
    """The sheet's head, rows and totals (no notes), with or without the Dealer column."""
    star = 1 if any(row.redeals for row in rows) and dealer_column else 0
    width = max(6, *(len(n) + star for n in names))  # a seat's score
    words = {"deal": pgettext("score sheet column", "Deal"),
             "dealer": pgettext("score sheet column", "Dealer"),
             "taker": pgettext("score sheet column", "Taker"),
             "contract": pgettext("score sheet column", "Contract"),
             "result": pgettext("score sheet column", "Result"),
             "total": pgettext("score sheet row", "Total")}
    # Each column as wide as its heading and its widest entry: a deal's number, a seat's
    # name, the rule file's contract names (short: "Garde sans"), a result of two digits.
    deal_width = max(len(words["deal"]), *(len(str(row.deal)) for row in rows), 2) \
        if rows else max(len(words["deal"]), 2)
    seat_width = max(width, *([len(words["dealer"])] if dealer_column else []),
                     len(words["taker"]), len(words["total"]))
    contract_width = max(12, len(words["contract"]),
                         *(len(contract_names.get(row.settlement.contract,
                                                  row.settlement.contract)) for row in rows)) \
        if rows else max(12, len(words["contract"]))
    result_width = max(len(words["result"]), len(_difference_text(False, 99)))

    def dealer_cell(text: str) -> str:
        return f"{text:<{seat_width}}  " if dealer_column else ""

    head = (f"{words['deal']:>{deal_width}}  {dealer_cell(words['dealer'])}"
            f"{words['taker']:<{seat_width}}  {words['contract']:<{contract_width}}  "
            f"{words['result']:<{result_width}}" + "".join(f"  {n:>{width}}" for n in names))
    lines = [_("Score sheet"), head, "-" * len(head)]
    # The bonuses go on under a deal's result, where the seats' scores leave room.
    result_column = (deal_width + (2 if dealer_column else 1) * seat_width + contract_width
                     + (8 if dealer_column else 6))
    for row in rows:
        s = row.settlement
        taker = names[s.taker]
        contract = contract_names.get(s.contract, s.contract)
        result = result_text(s)
        dealer = names[row.dealt_by] + ("*" if row.redeals else "")
        lines.append(f"{row.deal:>{deal_width}}  {dealer_cell(dealer)}{taker:<{seat_width}}  "
                     f"{contract:<{contract_width}}  {result:<{result_width}}"
                     + "".join(f"  {score:>+{width}}" for score in s.scores))
        lines += [" " * result_column + words
                  for words in _joined(bonus_words(s), SHEET_WIDTH - result_column)]
    lines.append("-" * len(head))
    lines.append(f"{'':>{deal_width}}  {dealer_cell(words['total'])}"
                 f"{'' if dealer_column else words['total']:<{seat_width}}  "
                 f"{'':<{contract_width}}  {'':<{result_width}}"
                 + "".join(f"  {total:>+{width}}" for total in sums))
    return lines
