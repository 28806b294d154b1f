"""The replay page as one self-contained HTML file: the template, its style and its script
(``tarot/replay_page.html``, ``.css``, ``.js``, shipped inside the package) with the page's
document (:mod:`tarot.ui.replay_page`) embedded as JSON.

Nothing is loaded from anywhere: the page's Content-Security-Policy allows no request at
all, and only the style and script whose hashes it names, so that a page passed around
can neither reach the network nor run anything but its own script.

The page is in the person's language: its ``<html lang>``, the template's words
(:data:`PAGE_LABELS`) and the script's (:func:`script_labels`, embedded as JSON beside the
document, so that the script has no word of its own) come from the catalogue here.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from importlib.resources import files
from typing import Any

from tarot._version import __version__
from tarot.i18n import N_, _, language, ngettext, pgettext
from tarot.ui.level_names import level_names

# The template's placeholders, each replaced once by its value (``%T:NAME%``: a label).
_PLACEHOLDER = re.compile(r"%(CSP|VERSION|TITLE|STYLE|SCRIPT|DATA|LANG|LABELS|T:[a-z_]+)%")

# The template's words, by their placeholder's name.
PAGE_LABELS: dict[str, str] = {
    "page_title": N_("tarot replay"),
    "controls": N_("Replay controls"),
    "first": N_("First event"),
    "first_key": N_("First event (Home)"),
    "prev_trick": N_("Previous trick"),
    "prev_trick_key": N_("Previous trick (Up arrow, Page Up)"),
    "prev": N_("Previous event"),
    "prev_key": N_("Previous event (Left arrow)"),
    "next": N_("Next event"),
    "next_key": N_("Next event (Right arrow)"),
    "next_trick": N_("Next trick"),
    "next_trick_key": N_("Next trick (Down arrow, Page Down)"),
    "last": N_("Last event"),
    "last_key": N_("Last event (End)"),
    "this_event": N_("This event"),
    "the_table": N_("The table"),
    "the_trick": N_("The trick"),
    "contract_points": N_("Contract and points"),
    "auction": N_("Auction"),
    "piles": N_("Chien and discard"),
    "announcements": N_("Announcements"),
    "tricks": N_("Tricks"),
    "settlement": N_("Settlement, as tarot audit explains it"),
    "sheet": N_("Score sheet"),
    # {address} and {command} are set as code.
    "help": N_("Keys: ← → an event, ↑ ↓ or Page Up / Page Down a trick, Home / End the first "
               "and last event. The address ends in {address}: share it to open the page at "
               "event N. Made by {command} from a log that validated."),
}


def script_labels() -> dict[str, object]:
    """The script's words in the current language: a field is ``{name}``; a plural is its
    two forms, the first for one (and, in French, for zero)."""
    return {
        "language": language(),
        "face_down": _(", face down"),
        "face_down_title": _("{card} (face down: not yet shown to the table)"),
        "seen_from_here": pgettext("replay page", "seen from here"),
        "dealer": pgettext("replay page", "dealer"),
        "taker": pgettext("replay page", "taker"),
        "to_play": pgettext("replay page", "to play"),
        # Five players (RULES-3-5): the partner once named, the taker alone, the card called.
        "partner": pgettext("replay page", "partner"),
        "alone": pgettext("replay page", "alone"),
        "called": _("called: {card}"),
        "camp": pgettext("replay page", "Camp"),
        "camp_taker": pgettext("replay page camp", "taker"),
        "camp_partner": pgettext("replay page camp", "partner"),
        "camp_defence": pgettext("replay page camp", "defence"),
        "hidden_hand": [ngettext("{count} card, hidden", "{count} cards, hidden", 1),
                    ngettext("{count} card, hidden", "{count} cards, hidden", 2)],
        "no_cards": _("no cards left"),
        "hand": [ngettext("{seat}'s hand, {count} card", "{seat}'s hand, {count} cards", 1),
                    ngettext("{seat}'s hand, {count} card", "{seat}'s hand, {count} cards", 2)],
        "trick": _("Trick {number}"),
        "trick_taken": _("Trick {number}, taken"),
        "led": pgettext("replay page", "led"),
        "wins": _("wins ✓"),
        "winning": pgettext("replay page", "winning"),
        "contract": _("{contract} by {seat}"),
        "contract_chelem": _("{contract} by {seat}, chelem declared"),
        "no_contract": _("No contract yet."),
        "points": _("Card points so far: taker {taker} (bouts: {taker_bouts}), defence "
                    "{defence} (bouts: {defence_bouts}). Target with the bouts won so far: "
                    "{target}."),
        "points_attack": _("Card points so far: attack {taker} (bouts: {taker_bouts}), defence "
                           "{defence} (bouts: {defence_bouts}). Target with the bouts won so "
                           "far: {target}."),
        "points_partner_unknown": _("Card points so far: taker {taker} (bouts: {taker_bouts}), "
                                    "the other seats {defence} (bouts: {defence_bouts}), the "
                                    "partner among them not known yet. Target with the bouts "
                                    "won so far: {target}."),
        "no_bouts": pgettext("replay page", "none"),
        "no_bid": _("No bid yet."),
        "bid": _("{seat}: {bid}"),
        "pass": pgettext("replay page", "pass"),
        "dashed": _("{pile} (dashed: not shown to the table)"),
        "pile_down": [ngettext("{pile}: {count} card face down",
                                     "{pile}: {count} cards face down", 1),
                    ngettext("{pile}: {count} card face down",
                                     "{pile}: {count} cards face down", 2)],
        "pile_some_down": [ngettext("{pile}; {count} card face down",
                                    "{pile}; {count} cards face down", 1),
                           ngettext("{pile}; {count} card face down",
                                    "{pile}; {count} cards face down", 2)],
        "chien": pgettext("replay page", "Chien"),
        "discard_of": _("Discard of {seat}"),
        "chelem": _("{seat} declared a chelem."),
        "poignee": _("{seat} showed a {poignee}: "),
        "none": pgettext("replay page", "None."),
        "led_hidden": pgettext("replay page", " led"),
        "no_trick": _("No trick taken yet."),
        "seat": pgettext("replay page", "Seat"),
        "score": pgettext("replay page", "Score"),
        "sheet_heads": [pgettext("replay page", "Deal"), pgettext("replay page", "Dealer"),
                        pgettext("replay page", "Taker"), pgettext("replay page", "Contract"),
                        pgettext("replay page", "Result")],
        "total": pgettext("replay page", "Total"),
        "position": _("Step {step} of {steps} · event #{seq} ({type})"),
        # An event's type (the log's code, "partner_revealed") and a seat's player (the
        # header's, "strong") in words; the document keeps the codes.
        "event_types": event_type_names(),
        "levels": level_names(),
        "face_up": _("every hand face up"),
        "seen_from": _("seen from {seat}'s seat: only what {seat} could see at each moment"),
        "subtitle": [ngettext("Rules {rules} · {view} · {count} event",
                                    "Rules {rules} · {view} · {count} events", 1),
                    ngettext("Rules {rules} · {view} · {count} event",
                                    "Rules {rules} · {view} · {count} events", 2)],
    }


def event_type_names() -> dict[str, str]:
    """Each event type of the log (its code) → its name in the current language. The
    English name is the code itself, as the page has always shown it."""
    return {
        "deal": pgettext("event type", "deal"),
        "bid": pgettext("event type", "bid"),
        "call": pgettext("event type", "call"),
        "chien_shown": pgettext("event type", "chien_shown"),
        "discard": pgettext("event type", "discard"),
        "chelem": pgettext("event type", "chelem"),
        "poignee": pgettext("event type", "poignee"),
        "play": pgettext("event type", "play"),
        "partner_revealed": pgettext("event type", "partner_revealed"),
        "trick": pgettext("event type", "trick"),
        "redeal": pgettext("event type", "redeal"),
        "settlement": pgettext("event type", "settlement"),
        "undo": pgettext("event type", "undo"),
    }


def page_labels() -> dict[str, str]:
    """The template's words in the current language, as HTML."""
    labels = {name: html.escape(_(text)) for name, text in PAGE_LABELS.items()}
    labels["help"] = labels["help"].format(address="<code>#seq=N</code>",
                                           command="<code>tarot replay --html</code>")
    return labels


def _resource(name: str) -> str:
    return files("tarot.ui").joinpath(name).read_text(encoding="utf-8")


def _hash_source(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def embedded_json(document: dict[str, Any]) -> str:
    """The document as JSON that cannot end its <script> element early: every ``<`` is
    written ``\\u003c`` (the same string to a JSON reader)."""
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c")


def render_page(document: dict[str, Any]) -> str:
    """The HTML page of a replay document."""
    style = _resource("replay_page.css")
    script = _resource("replay_page.js")
    policy = (f"default-src 'none'; style-src {_hash_source(style)}; "
              f"script-src {_hash_source(script)}; img-src data:; base-uri 'none'; "
              "form-action 'none'")
    values = {"CSP": policy, "VERSION": __version__,
              "TITLE": html.escape(str(document["title"])), "STYLE": style,
              "SCRIPT": script, "DATA": embedded_json(document), "LANG": language(),
              "LABELS": embedded_json(script_labels())}
    values.update({f"T:{name}": text for name, text in page_labels().items()})
    # One pass over the template: what a value holds (a log's file name in the title, the
    # script's own text) is never read again for placeholders.
    return _PLACEHOLDER.sub(lambda found: values[found[1]], _resource("replay_page.html"))

