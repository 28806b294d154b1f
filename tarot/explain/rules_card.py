"""A rule set as a rules card a player can read (``tarot rules``): points, not
half-points; what each contract does with the chien; what each flag changes. The card is
in the current language, and fits 80 columns in each."""

from __future__ import annotations

from tarot.engine.rules import RuleSet
from tarot.engine.scoring import points_text
from tarot.explain.line_breaks import FRENCH_TYPOGRAPHY, wrap
from tarot.i18n import N_, _, decimal, ngettext

_CHIEN = {
    "shown": N_("the chien is shown; the taker takes it and discards"),
    "taker": N_("the chien stays hidden and counts for the taker"),
    "defence": N_("the chien stays hidden and counts for the defence"),
}

# Each switch of a rule set: the decision of the rule book it belongs to, and what the
# game does when it is on, and when it is off (marked for the catalogue: _() where shown;
# {tricks}, {last} and {before_last} are the tricks of a deal at the rule set's size).
FLAG_MEANINGS: dict[str, tuple[str, str, str]] = {
    "excuse_kept_in_any_slam": (
        "A4",
        N_("a side that wins all {tricks} tricks keeps its Excuse played to the last trick"),
        N_("the Excuse played to the last trick changes side unless it was led for a slam")),
    "four_kings_excuse_fill": (
        "A14",
        N_("after a forced trump discard, the Excuse may fill a triple poignée of four kings"),
        N_("the Excuse may not fill the four-kings triple poignée")),
    "petit_au_bout_slam_counts_last_trick": (
        "A19",
        N_("in a slam ended by the Excuse, the Petit in trick {before_last} or {last} is "
           "au bout"),
        N_("in a slam ended by the Excuse, only trick {before_last} counts for petit au "
           "bout")),
}
# The switch of five players only (rule book V5-3), shown on the card of a table of five.
FLAG_MEANINGS_AT_FIVE: dict[str, tuple[str, str, str]] = {
    "four_kings_may_call_king": (
        "VD2",
        N_("holding the four kings, the taker may still call a king, and then plays alone"),
        N_("holding the four kings, the taker must call a queen")),
}

# The rules of three and five players (rule book section 5) a line of the card cites
# beside the four-player rule whose numbers they change.
_SIZE_RULES: dict[int, dict[str, str]] = {
    3: {"deal": "R3, V3-1", "poignees": "R8, R19, V3-6", "petit": "R18, V3-10",
        "chelem": "R10, A20-A22, V3-12"},
    4: {"deal": "R3", "poignees": "R8, R19", "petit": "R18", "chelem": "R10, A20-A22"},
    5: {"deal": "R3, V5-1", "poignees": "R8, R19, V5-9", "petit": "R18, V5-12",
        "chelem": "R10, A20-A22, V5-13"},
}


def _points(half_points: int) -> str:
    """Points as a person of the current language writes them: 4.5, or 4,5 in French."""
    return decimal(points_text(half_points))


def rules_card(rules: RuleSet, width: int = 80) -> list[str]:
    """The lines of the card, within ``width`` columns, in the current language."""
    cards = rules.card_points
    scoring = rules.scoring
    chelem = rules.chelem
    name_width = max(len(c.label) for c in rules.contracts)
    cited = _SIZE_RULES[rules.players]
    tricks = {"tricks": rules.deal.hand_size, "last": rules.deal.hand_size,
              "before_last": rules.deal.hand_size - 1}
    # Not rules.name: the names of the shipped rule sets cite the rule book as it was
    # once called, and a name is part of the rules hash every saved log carries.
    lines = [_("French Tarot: the rules card of rule set {name!r}").format(name=rules.id), "",
             _("Contracts (R4), lowest first; the score is multiplied by:")]
    for contract in rules.contracts:
        lines.append(f"  {contract.label:<{name_width}}  ×{contract.multiplier:<2} "
                     f"{_(_CHIEN[contract.chien])}")
    targets = ", ".join(
        ngettext("{count} bout: {points}", "{count} bouts: {points}", bouts)
        .format(count=bouts, points=_points(target))
        for bouts, target in enumerate(scoring.target_half_points))
    lines += [
        "",
        _("The taker's target (R2), by the bouts he ends with: {targets}")
        .format(targets=targets),
        _("Card points (R17), {total} in all: bouts (T1, T21, Excuse) {bout}, king {king}, "
          "queen {queen}, knight {knight}, jack {jack}, any other card {other}").format(
            total=_points(rules.total_half_points), bout=_points(cards.bout),
            king=_points(cards.king), queen=_points(cards.queen),
            knight=_points(cards.knight), jack=_points(cards.jack),
            other=_points(cards.other)),
        _score_line(rules.players).format(base=scoring.base_points),
        _("Petit au bout ({rules}): {bonus} × the multiplier to the side that wins the last "
          "trick holding the Petit").format(rules=cited["petit"],
                                            bonus=scoring.petit_au_bout_per_multiplier),
        _("The Excuse (R15): its side gives the trick's winners {points} point in exchange")
        .format(points=_points(scoring.excuse_compensation_half_points)),
        _("Deal ({rules}): {hand} cards each, {chien} to the chien")
        .format(rules=cited["deal"], hand=rules.deal.hand_size, chien=rules.deal.chien_size),
    ]
    if rules.players == 5:
        lines += [
            _("The call (V5-2, V5-3): once the auction is over, before the chien, the taker "
              "calls a king; a queen only if he holds the four kings, a knight only with the "
              "four queens too, a jack only with the four knights too"),
            _("The partner (V5-4, V5-5, V5-17): whoever holds the called card, known when he "
              "plays it; the card in the taker's hand or in the chien, he plays alone"),
            _("The first card of the deal (V5-16): not of the called card's suit, unless it "
              "is the called card"),
        ]
    lines += [
        "",
        _("Poignées ({rules}), to the side that wins the contract, not multiplied:")
        .format(rules=cited["poignees"]),
    ]
    for level in rules.poignees:
        lines.append("  " + _("{name}: {trumps} trumps, {bonus} points").format(
            name=level.label, trumps=level.trumps, bonus=level.bonus))
    lines += [
        "",
        _("Chelem ({rules}), per defender, in the taker's favour:").format(
            rules=cited["chelem"]),
        "  " + _("announced and made {made}, announced and failed {failed}, made "
                 "unannounced {unannounced}, made by the defence {defence}").format(
            made=f"{chelem.declared_made:+}", failed=f"{chelem.declared_failed:+}",
            unannounced=f"{chelem.undeclared_made:+}", defence=f"{chelem.defence_made:+}"),
        "",
        _("Switches where the rules card is silent:"),
    ]
    flags = rules.flags.model_dump()
    meanings = FLAG_MEANINGS | (FLAG_MEANINGS_AT_FIVE if rules.players == 5 else {})
    for name, (rule, on, off) in meanings.items():
        lines.append("  " + _("{flag} = {value} ({rule}): {meaning}").format(
            flag=name, value=str(flags[name]).lower(), rule=rule,
            meaning=_(on if flags[name] else off).format(**tricks)))
    lines += ["", _("Read a rule with `tarot rules R11` (or A5, 3.6, S01); the raw rule set "
                    "with `tarot rules --json`.") if rules.players == 4 else
              _("Read a rule with `tarot rules V5-3` (or R11, A5, 3.6, V5-S01; section 5 for "
                "three and five players); the raw rule set with `tarot rules --json`.")]
    return wrapped(lines, width)


def _score_line(players: int) -> str:
    """How the score is shared at ``players`` seats (R21, R24; V3-9, V5-11), with {base}."""
    if players == 3:
        return _("Score (R21, V3-9): ({base} + the difference) × the multiplier, paid by "
                 "each defender to the taker (or by the taker to each defender): the taker "
                 "wins or loses twice as much as each defender")
    if players == 5:
        return _("Score (R21, V5-11): ({base} + the difference) × the multiplier, paid by "
                 "each defender to the attack (or by the attack to each defender): the taker "
                 "wins or loses twice as much as each defender, his partner as much; a taker "
                 "alone, four times as much")
    return _("Score (R21): ({base} + the difference) × the multiplier, paid by each defender "
             "to the taker (or by the taker to each defender): the taker wins or loses three "
             "times as much as each defender")


def wrapped(lines: list[str], width: int) -> list[str]:
    """Each line within ``width`` columns, a wrapped line going on under its text."""
    out = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        out += wrap(line, width, FRENCH_TYPOGRAPHY, subsequent_indent=indent) or [""]
    return out
