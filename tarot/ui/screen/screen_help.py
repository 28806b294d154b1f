"""The full screen's help, and the panel over the table it is read in: written for the
screen, not the line mode's text in a panel.

The keys of the question asked come first (what the table does while the answer line is
empty, and the clicks), then the words typed on the answer line, then what the rules say
of the question (the sentences of :mod:`tarot.ui.phase_help`, with the rule set's own
numbers), unwrapped: the panel wraps them at a word to its own width. At 80×24 the help of
every question fits the panel without scrolling.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from tarot.engine.rules import RuleSet
from tarot.engine.typed_words import shown_word
from tarot.i18n import _, pgettext
from tarot.ui.phase_help import (
    auction_rules,
    bid_word,
    call_rule,
    chelem_rule,
    discard_rule,
    number_words,
)
from tarot.ui.screen.game import Kind, Snapshot

Rows = list[tuple[str, str]]

# The key column: wide enough for "← → ↑ ↓" and "PgUp PgDn"; the meanings wrap beside it.
KEY_WIDTH = 11

MARK = "▲"  # a card marked for the discard, in the hand (in place of the star)


def _hand_keys() -> Rows:
    return [("← → ↑ ↓", _("move along your hand (↑ ↓ from one suit to the next)"))]


def _choice_keys(what: str) -> Rows:
    return [("← →", what)]


def key_rows(kind: Kind | None, discard_size: int) -> Rows:
    """What each key does at the question of ``kind``, the answer line empty."""
    rows: Rows = []
    enter = pgettext("key", "Enter")
    if kind is Kind.CARD:
        rows += _hand_keys()
        rows += [(enter, _("play the card under the cursor; a click on a card plays it")),
                 ("h", _("the hint: the card the strong player would play, and why"))]
    elif kind is Kind.DISCARD:
        rows += _hand_keys()
        rows += [(pgettext("key", "Space"), _("mark the card under the cursor ({mark}), or "
                                              "unmark it; a click does the same").format(
                     mark=MARK)),
                 (enter, _("discard the {count} cards marked").format(
                     count=number_words(discard_size)))]
    elif kind is Kind.BID:
        rows += _choice_keys(_("move along the bids after the question"))
        rows += [(enter, _("make the bid in brackets; a click on a bid makes it"))]
    elif kind is Kind.CALL:
        rows += _choice_keys(_("move along the cards you may call"))
        rows += [(enter, _("call the card in brackets; a click on a card calls it"))]
    elif kind is Kind.CHELEM:
        rows += _choice_keys(_("choose no or yes"))
        rows += [(enter, _("answer with the one in brackets; a click answers too"))]
    elif kind in (Kind.PAUSE, Kind.NEXT):
        rows += [(enter, _("go on"))]
    elif kind is Kind.ANOTHER:
        rows += [(pgettext("key", "y n"), _("another deal, or stop here"))]
    rows += [("PgUp PgDn", _("read the story back and on (the hint, when shown)")),
             ("q", _("save and leave (Ctrl-Q too; Ctrl-C exits with status 130)")),
             (pgettext("key", "? Esc"), _("close this help (? opens it)"))]
    return rows


def typed_rows(kind: Kind | None, rules: RuleSet | None, practice: bool) -> Rows:
    """The words typed on the answer line at the question of ``kind``, then Enter."""
    rows: Rows = []
    if kind is Kind.CARD:
        rows += [(pgettext("typed card examples", "kh 10♦ T21"),
                  _("a card by its code (any case; ♠♥♦♣ or S H D C), or by its number in "
                    "your hand")),
                 (shown_word("poignee"), _("show a poignée, just before your first card")),
                 (shown_word("last"), _("the previous trick"))]
    elif kind is Kind.BID and rules is not None:
        rows += [(" ".join([bid_word(None), *(bid_word(c.id) for c in rules.contracts)]),
                  "")]
    elif kind is Kind.DISCARD and rules is not None:
        rows += [(pgettext("typed card examples", "kh 10♦ T21"),
                  _("the {count} cards by code or number, separated by spaces").format(
                      count=number_words(rules.deal.chien_size))),
                 (shown_word("auto"), _("the computer's discard (it makes voids)"))]
    elif kind is Kind.CHELEM:
        rows += [(_("y or n"), _("yes or no"))]
    if kind in (Kind.CARD, Kind.BID, Kind.CALL, Kind.DISCARD, Kind.CHELEM):
        rows += [(shown_word("chien"), _("the auction and the chien again, in the story"))]
    if practice and kind is not None:
        rows += [(shown_word("undo"), _("take back your previous decision in this deal "
                                        "(a practice game)"))]
    return rows


def _sentence(text: str) -> str:
    """A help's clause as a sentence of a paragraph: a capital first, a full stop last."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def rule_sentences(kind: Kind | None, rules: RuleSet | None) -> list[str]:
    """What the rules say of the question of ``kind``, sentence by sentence."""
    if kind is Kind.CARD:
        return [_("Follow the suit led; without it, trump, above the trumps played if you "
                  "can; without trumps, any card. The Excuse may be played at any time, and "
                  "is kept by its side unless played to the last trick (R11–R16).")]
    if rules is None:
        return []
    if kind is Kind.BID:
        return auction_rules(rules)
    if kind is Kind.DISCARD:
        return [_sentence(discard_rule(rules))]
    if kind is Kind.CHELEM:
        return [_sentence(chelem_rule(rules))]
    if kind is Kind.CALL:
        return [_sentence(call_rule())]
    return []


def _grid(rows: Rows) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=KEY_WIDTH, no_wrap=True, style="bold")
    grid.add_column(ratio=1)
    for key, meaning in rows:
        grid.add_row(key, meaning)
    return grid


def help_lines(kind: Kind | None, rules: RuleSet | None, practice: bool,
               discard_size: int) -> list[RenderableType]:
    """The help of the question of ``kind``: its keys, the words it reads, its rules."""
    parts: list[RenderableType] = [
        Text(_("Keys, while the answer line is empty:"), style="bold underline"),
        _grid(key_rows(kind, discard_size))]
    typed = typed_rows(kind, rules, practice)
    if typed:
        # A bid row is its words alone: the words themselves are the list.
        parts += [Text(""), Text(_("Typed on the answer line, then Enter (as in line "
                                   "mode; French words too):"), style="bold underline")]
        parts += [Text(key) if not meaning else _grid([(key, meaning)])
                  for key, meaning in typed]
    sentences = rule_sentences(kind, rules)
    if sentences:
        parts += [Text(""), Text(" ".join(sentences))]
    return parts


class HelpPanel(VerticalScroll):
    """The help of the question asked, over the table until Esc or ? (table.tcss)."""

    def compose(self) -> ComposeResult:
        yield Static(id="help-text")

    def fill(self, snapshot: Snapshot) -> None:
        self.border_title = pgettext("screen panel", "Help")
        self.border_subtitle = _("Esc or ? closes it")
        self.query_one("#help-text", Static).update(Group(*help_lines(
            snapshot.kind, snapshot.rules, snapshot.practice, snapshot.discard_size)))

    def show(self, snapshot: Snapshot) -> None:
        self.fill(snapshot)
        self.display = True
        self.scroll_home(animate=False)

    def key(self, key: str) -> bool:
        """A key pressed while the help is open: Esc, ?, Enter and q close it, PgUp and PgDn
        scroll it (True: the key is used up); any other key closes it and goes on to the
        table or the answer line, so that what is typed after reading is not lost."""
        if not self.display:
            return False
        if key in ("pageup", "pagedown"):
            if key == "pageup":
                self.scroll_page_up(animate=False)
            else:
                self.scroll_page_down(animate=False)
            return True
        self.display = False
        return key in ("escape", "question_mark", "enter", "q")
