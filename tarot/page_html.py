"""The replay page as one self-contained HTML file: the template, its style and its script
(``tarot/replay_page.html``, ``.css``, ``.js``, shipped inside the package) with the page's
document (:mod:`tarot.replay_page`) embedded as JSON.

Nothing is loaded from anywhere: the page's Content-Security-Policy allows no request at
all, and only the style and script whose hashes it names, so that a page passed around
can neither reach the network nor run anything but its own script.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
from importlib.resources import files
from typing import Any

from tarot import __version__


def _resource(name: str) -> str:
    return files("tarot").joinpath(name).read_text(encoding="utf-8")


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
    page = _resource("replay_page.html")
    # The document goes in last, so that nothing in it is taken for a placeholder.
    for placeholder, value in (("%CSP%", policy), ("%VERSION%", __version__),
                               ("%TITLE%", html.escape(str(document["title"]))),
                               ("%STYLE%", style), ("%SCRIPT%", script)):
        page = page.replace(placeholder, value)
    return page.replace("%DATA%", embedded_json(document))
