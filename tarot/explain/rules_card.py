"""A rule set as a rules card a player can read (``tarot rules``): points, not
half-points; what each contract does with the chien; what each flag changes."""

from __future__ import annotations

from tarot.engine.rules import RuleSet
from tarot.engine.scoring import points_text

_CHIEN = {
    "shown": "the chien is shown; the taker takes it and discards",
    "taker": "the chien stays hidden and counts for the taker",
    "defence": "the chien stays hidden and counts for the defence",
}

# Each switch of a rule set: the decision of the rule book it belongs to, and what the
# game does when it is on, and when it is off.
FLAG_MEANINGS: dict[str, tuple[str, str, str]] = {
    "excuse_kept_in_any_slam": (
        "A4",
        "a side that wins all 18 tricks keeps its Excuse played to the last trick",
        "the Excuse played to the last trick changes side unless it was led for a slam"),
    "four_kings_excuse_fill": (
        "A14",
        "after a forced trump discard, the Excuse may fill a triple poignée of four kings",
        "the Excuse may not fill the four-kings triple poignée"),
    "petit_au_bout_slam_counts_last_trick": (
        "A19",
        "in a slam ended by the Excuse, the Petit in trick 17 or 18 is au bout",
        "in a slam ended by the Excuse, only trick 17 counts for petit au bout"),
}


def rules_card(rules: RuleSet, width: int = 80) -> list[str]:
    """The lines of the card, within ``width`` columns."""
    cards = rules.card_points
    scoring = rules.scoring
    chelem = rules.chelem
    name_width = max(len(c.name) for c in rules.contracts)
    # Not rules.name: the names of the shipped rule sets cite the rule book as it was
    # once called, and a name is part of the rules hash every saved log carries.
    lines = [f"French Tarot: the rules card of rule set {rules.id!r}", "",
             "Contracts (R4), lowest first; the score is multiplied by:"]
    for contract in rules.contracts:
        lines.append(f"  {contract.name:<{name_width}}  ×{contract.multiplier:<2} "
                     f"{_CHIEN[contract.chien]}")
    lines += [
        "",
        "The taker's target (R2), by the bouts he ends with: "
        + ", ".join(f"{bouts} bout{'s' if bouts != 1 else ''}: {points_text(target)}"
                    for bouts, target in enumerate(scoring.target_half_points)),
        f"Card points (R17), {points_text(rules.total_half_points)} in all: bouts (T1, T21, "
        f"Excuse) {points_text(cards.bout)}, king {points_text(cards.king)}, queen "
        f"{points_text(cards.queen)}, knight {points_text(cards.knight)}, jack "
        f"{points_text(cards.jack)}, "
        f"any other card {points_text(cards.other)}",
        f"Score (R21): ({scoring.base_points} + the difference) × the multiplier, paid by "
        "each defender to the taker (or by the taker to each defender): the taker "
        "wins or loses three times as much as each defender",
        f"Petit au bout (R18): {scoring.petit_au_bout_per_multiplier} × the multiplier to the "
        "side that wins the last trick holding the Petit",
        f"The Excuse (R15): its side gives the trick's winners "
        f"{points_text(scoring.excuse_compensation_half_points)} point in exchange",
        f"Deal (R3): {rules.deal.hand_size} cards each, {rules.deal.chien_size} to the chien",
        "",
        "Poignées (R8, R19), to the side that wins the contract, not multiplied:",
    ]
    for level in rules.poignees:
        lines.append(f"  {level.name}: {level.trumps} trumps, {level.bonus} points")
    lines += [
        "",
        "Chelem (R10, A20-A22), per defender, in the taker's favour:",
        f"  announced and made {chelem.declared_made:+}, announced and failed "
        f"{chelem.declared_failed:+}, made unannounced {chelem.undeclared_made:+}, "
        f"made by the defence {chelem.defence_made:+}",
        "",
        "Switches where the rules card is silent:",
    ]
    flags = rules.flags.model_dump()
    for name, (rule, on, off) in FLAG_MEANINGS.items():
        lines.append(f"  {name} = {str(flags[name]).lower()} ({rule}): "
                     f"{on if flags[name] else off}")
    lines += ["", "Read a rule with `tarot rules R11` (or A5, 3.6, S01); "
              "the raw rule set with `tarot rules --json`."]
    return wrapped(lines, width)


def wrapped(lines: list[str], width: int) -> list[str]:
    """Each line within ``width`` columns, a wrapped line going on under its text."""
    import textwrap

    out = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        out += textwrap.wrap(line, width, subsequent_indent=indent) or [""]
    return out
