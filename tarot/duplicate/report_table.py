"""The report of a duplicate match as text lines, for a terminal or a pipe: the scores with
their intervals, the decision times, the paired differences and the wall time, in the
person's language and its decimal mark (``tarot simulate`` prints them; ``--json`` prints
:func:`tarot.duplicate.simulate.report`'s data instead)."""

from __future__ import annotations

from typing import Any

from tarot.i18n import _, decimal, ngettext, pgettext


def _signed(value: float | None, digits: int = 1) -> str:
    return pgettext("no figure", "n/a") if value is None else decimal(f"{value:+.{digits}f}")


def _percent(value: float) -> str:
    return _("{percent}%").format(percent=decimal(f"{value:.1f}"))


def _column(title: str, width: int) -> int:
    """A column's width: ``width``, or its title's if longer (a translated title)."""
    return max(width, len(title))


def table(data: dict[str, Any]) -> list[str]:
    """The report as text lines, for a terminal or a pipe (no colour, fixed columns)."""
    first, last = data["deal_seeds"]
    lines = [
        ngettext("Duplicate match, rules {rules!r}: {deals} deal seed ({first} to {last}),",
                 "Duplicate match, rules {rules!r}: {deals} deal seeds ({first} to {last}),",
                 data["deals"]).format(rules=data["rules"]["id"], deals=data["deals"],
                                       first=first, last=last),
        _("each played {rotations} times with the players rotated: {games} games per "
          "player.").format(rotations=data["rotations"], games=data["games_per_player"]),
        _("Scores are points per game (one deal played once at one seat, redeals included);"),
        _("95% intervals are over deal seeds; made/taken: contracts; slams: declared slams"),
        _("made/declared."),
        "",
    ]
    timing = data.get("timing")
    player = pgettext("simulate column", "player")
    mean, interval, contracts, slams = (
        pgettext("simulate column", "mean/game"), pgettext("simulate column", "95% interval"),
        pgettext("simulate column", "made/taken"), pgettext("simulate column", "slams"))
    width = max(6, len(player), *(len(p["name"]) for p in data["players"]))
    # A semicolon in French, where the comma is the decimal mark: [+333,3 ; +435,2]; the
    # column as wide as "[+333.3, +435.2]" is in English, and as the language's marks add.
    between = pgettext("an interval", "[{low}, {high}]")
    widths = (_column(mean, 9), _column(interval, 16 + len(between) - len("[{low}, {high}]")),
              _column(contracts, 10),
              _column(slams, 5))
    percent = max(6, len(_percent(100.0)))
    lines.append(f" #  {player:<{width}}  {mean:>{widths[0]}}  {interval:<{widths[1]}}"
                 f"  {contracts:>{widths[2]}} {'':>{percent}}  {slams:>{widths[3]}}")
    for entry in data["players"]:
        low, high = entry["interval"]
        shown = between.format(low=_signed(low), high=_signed(high))
        made_percent = (pgettext("no figure", "n/a") if entry["made_percent"] is None
                        else _percent(entry["made_percent"]))
        made_slams = f"{entry['slams']['made']}/{entry['slams']['declared']}"
        made = f"{entry['made']}/{entry['taken']}"
        lines.append(f"{entry['index']:>2}  {entry['name']:<{width}}  "
                     f"{_signed(entry['mean']):>{widths[0]}}  {shown:<{widths[1]}}  "
                     f"{made:>{widths[2]}} {made_percent:>{percent}}  {made_slams:>{widths[3]}}")
    if timing:
        # Apart from the scores, so that each table fits 80 columns.
        mean_ms = pgettext("simulate column", "mean")
        lines += ["", _("Decision times of each player, milliseconds a decision:"),
                  f" #  {player:<{width}}  {mean_ms:>9}  {'p95':>9}"]
        for entry in data["players"]:
            decisions = timing["decision_ms"][entry["index"]]
            mean_text, p95_text = (decimal(f"{decisions[key]:.3f}") for key in ("mean", "p95"))
            lines.append(f"{entry['index']:>2}  {entry['name']:<{width}}  "
                         f"{mean_text:>9}  {p95_text:>9}")
    lines += ["", _("Paired differences (the same hands; points per game, 95% interval):")]
    compared = [p for p in data["players"] if p["vs"] is not None]
    # Seat 1 compared with seat 0 is seat 0 compared with seat 1, the sign turned: each
    # pair once, as it first comes (--json keeps every seat's comparison).
    pairs: set[frozenset[int]] = set()
    for entry in compared:
        vs = entry["vs"]
        pair = frozenset((entry["index"], vs["index"]))
        if pair in pairs:
            continue
        pairs.add(pair)
        half = (pgettext("no figure", "n/a") if vs["ci95"] is None
                else decimal(f"{vs['ci95']:.1f}"))
        lines.append(_("  {index} {name} - {other_index} {other_name}: {difference} ± {half}")
                     .format(index=entry["index"], name=entry["name"], other_index=vs["index"],
                             other_name=vs["name"], difference=_signed(vs["difference"]),
                             half=half))
    if not compared:
        lines.append(_("  none: every seat has the same player."))
    differences = data["by_name"]["differences"]
    if differences:
        lines += ["", _("By player, its seats pooled (points per game, 95% interval):")]
        for difference in differences:
            half = (pgettext("no figure", "n/a") if difference["ci95"] is None
                    else decimal(f"{difference['ci95']:.1f}"))
            lines.append(_("  {first} - {second}: {difference} ± {half}").format(
                first=difference["first"], second=difference["second"],
                difference=_signed(difference["difference"]), half=half))
    if timing:
        lines += ["", *_wall_time(timing, data["deals"])]
    return lines


def _wall_time(timing: dict[str, Any], deals: int) -> list[str]:
    if timing["wall_seconds"] is None:
        return [_("No wall time: this report was made from a results file, which keeps none.")]
    fields = {"seconds": decimal(f"{timing['wall_seconds']:.1f}"), "workers": timing["workers"],
              "scheduler": timing["scheduler"]}
    if timing["scheduler"] is None:
        said = _("Wall time {seconds} s with --workers {workers}.")
    else:
        said = ngettext("Wall time {seconds} s on Dask, --scheduler {scheduler} ({workers} "
                        "worker).",
                        "Wall time {seconds} s on Dask, --scheduler {scheduler} ({workers} "
                        "workers).", timing["workers"])
    played = timing["deal_seeds_played"]
    lines = [said.format(**fields)]
    if played != deals:
        lines.append(_("It played {played} of the {deals} deal seeds, the others read from "
                       "the results file.").format(played=played, deals=deals))
    return lines
