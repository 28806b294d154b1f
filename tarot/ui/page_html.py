"""The replay page as one self-contained HTML file: the template, its style and its script
(``tarot/replay_page.html``, ``.css``, ``.js``, shipped inside the package) with the page's
document (:mod:`tarot.ui.replay_page`) embedded as JSON.

Nothing is loaded from anywhere: the page's Content-Security-Policy allows no request at
all, and only the style and script whose hashes it names, so that a page passed around
can neither reach the network nor run anything but its own script.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from importlib.resources import files
from typing import Any

from tarot import __version__

# The template's placeholders, each replaced once by its value.
_PLACEHOLDER = re.compile(r"%(CSP|VERSION|TITLE|STYLE|SCRIPT|DATA)%")


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
              "SCRIPT": script, "DATA": embedded_json(document)}
    # One pass over the template: what a value holds (a log's file name in the title, the
    # script's own text) is never read again for placeholders.
    return _PLACEHOLDER.sub(lambda found: values[found[1]], _resource("replay_page.html"))

