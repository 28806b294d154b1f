"""What a deal is announced with at the table: its banner (the seed once it may be shown,
the rule set, the computer players), a practice game marked as one, and the running score
of a match in the table's header."""

from __future__ import annotations

from tarot.engine.game import Game
from tarot.i18n import _, pgettext
from tarot.storage.match_file import sheet_name
from tarot.ui.level_names import level_name


def announcement(game: Game, seat_players: tuple[str, ...], deal_number: int,
                 seat_names: tuple[str, ...]) -> str:
    """What a player needs to share or replay the deal: its seed, its number in the match,
    the rule set, and who the computer players are."""
    computers = ", ".join(f"{seat_names[seat]} {level_name(name)}"
                          for seat, name in enumerate(seat_players) if name != "person")
    named = (_(" · named deal {name}").format(name=game.header.named_deal.name)
             if game.header.named_deal else "")
    # The seed deals every hand: a person at the table sees it only once the deal is over.
    seed = "" if "person" in seat_players else _(" · seed {seed}").format(seed=game.header.seed)
    return practice_marked(
        _("Deal {number}{seed}{named} · rules {rules} · computer players: {players}").format(
            number=deal_number, seed=seed, named=named, rules=game.header.rules_id,
            players=computers), game.header.practice)


def practice_marked(title: str, practice: bool | None) -> str:
    """A deal's banner or title, marked when it is a practice game (one where the person
    takes decisions back), so that the table says which kind of game it is."""
    return _("{title} · practice game").format(title=title) if practice else title


# The full screen's header line: 80 columns less its padding.
HEADER_WIDTH = 78


def match_line(so_far: list[int], number: int, names: tuple[str, ...],
                practice: bool | None = None) -> str:
    """The running score shown in the table's header during deal ``number`` of a match,
    on one line of HEADER_WIDTH: the seats' full names when they fit, else (at five) the
    compound ones short as on the score sheet (``NE``), else every seat but the person's
    by its initials (``E``, ``NO``), so that no seat's score is cut off; a practice
    match's marked so."""
    you = pgettext("seat", "You")
    shortened = (names, tuple(sheet_name(name) for name in names),
                 tuple(name if name == you else sheet_name(name)[:1] if "-" not in name
                       else sheet_name(name) for name in names))
    for short in shortened:
        line = practice_marked(_("Match, deal {number} · so far: {scores}").format(
            number=number,
            scores=", ".join(f"{short[seat]} {total:+d}" for seat, total in enumerate(so_far))),
            practice)
        if len(line) <= HEADER_WIDTH:
            break
    return line
