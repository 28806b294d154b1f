"""The README is a front page and docs/ holds the rest: the README stays short, every
relative link of the README and of the docs pages leads somewhere that exists (a file,
and the heading its anchor names), and no page sends the reader to what he cannot
read: an issue tracker's number, or a design file the repository does not hold. The
French pages (docs/fr/) are checked the same way, the French front page links every one of
them, and the French player's guide keeps a section for each of the English one's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
FRENCH = sorted((ROOT / "docs" / "fr").glob("*.md"))
FRENCH_README = ROOT / "docs" / "fr" / "README.md"
PAGES = [README, *DOCS, *FRENCH]

# The README is about one screen of text and a few examples; the rest lives in docs/.
README_LIMIT_BYTES = 15_000

# Pages the docs link to that another piece of work writes (the rule book in French). The
# exemption holds only while the file is missing: once it exists, its links are checked
# like any other, its anchors included.
PENDING = {ROOT / "docs" / "regles.md"}
FENCE = re.compile(r"^(```|~~~)")
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
INLINE_CODE = re.compile(r"`+[^`]*`+")
ISSUE = re.compile(r"\bissues?\s*#?\s*[0-9]+", re.IGNORECASE)


def prose_lines(text: str) -> list[str]:
    """The lines outside fenced code blocks (a `# comment` in a shell example is not a
    heading, and a path in an example is not a link)."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line.lstrip()):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped (letters,
    digits, `_` and `-` kept, accented ones too), spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    for line in prose_lines(page.read_text(encoding="utf-8")):
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading:
            base = slug(heading[1])
            name, number = base, 0
            while name in found:
                number += 1
                name = f"{base}-{number}"
            found.add(name)
    return found


def links(page: Path) -> list[str]:
    targets = []
    for line in prose_lines(page.read_text(encoding="utf-8")):
        targets.extend(LINK.findall(INLINE_CODE.sub("", line)))
    return targets


def broken_links(page: Path, pending: set[Path] = PENDING) -> list[str]:
    broken = []
    for target in links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: …
            continue
        path_part, _, anchor = target.partition("#")
        destination = (page.parent / path_part).resolve() if path_part else page
        if not destination.exists():
            if destination in pending:
                continue
            broken.append(f"{target}: no such file")
            continue
        if anchor and destination.suffix == ".md" and anchor not in anchors(destination):
            broken.append(f"{target}: no heading #{anchor} in {destination.name}")
    return broken


def test_the_pages_are_found() -> None:
    names = {page.relative_to(ROOT).as_posix() for page in PAGES}
    assert {"README.md", "docs/rules.md", "docs/playing.md", "docs/log-format.md",
            "docs/fr/README.md", "docs/fr/jouer.md"} <= names


def test_the_readme_is_a_front_page() -> None:
    size = len(README.read_bytes())
    assert size < README_LIMIT_BYTES, f"README.md is {size} bytes; move a section to docs/"


def linked_pages(page: Path) -> set[Path]:
    return {(page.parent / link.partition("#")[0]).resolve() for link in links(page)}


def test_the_readme_links_every_docs_page() -> None:
    linked = linked_pages(README)
    unlinked = [page.name for page in DOCS if page.resolve() not in linked]
    assert not unlinked, f"docs pages the README does not link to: {unlinked}"
    assert FRENCH_README.resolve() in linked, "the README does not link the French pages"


def test_the_french_front_page_links_every_french_page() -> None:
    linked = linked_pages(FRENCH_README)
    unlinked = [page.name for page in FRENCH
                if page != FRENCH_README and page.resolve() not in linked]
    assert not unlinked, f"French pages docs/fr/README.md does not link to: {unlinked}"
    assert (ROOT / "docs" / "fr" / "jouer.md").resolve() in linked_pages(ROOT / "docs" /
                                                                          "playing.md")


def sections(page: Path) -> list[str]:
    """The `##` headings of a page (not `#`, not `###`), outside fenced code."""
    return [line[3:].strip() for line in prose_lines(page.read_text(encoding="utf-8"))
            if re.match(r"^## \S", line)]


def test_the_french_guide_has_a_section_for_each_english_one() -> None:
    """docs/fr/jouer.md is docs/playing.md in French: a section added to one and not the
    other is a guide drifting from its translation."""
    english = sections(ROOT / "docs" / "playing.md")
    french = sections(ROOT / "docs" / "fr" / "jouer.md")
    assert len(english) >= 5, english
    assert len(french) == len(english), (english, french)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_somewhere(page: Path) -> None:
    assert broken_links(page) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_no_page_cites_what_a_reader_cannot_read(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert ISSUE.findall(text) == []
    assert "DESIGN.md" not in text


def test_the_link_checker_sees_broken_links(tmp_path: Path) -> None:
    """The checks above would pass vacuously if the patterns saw nothing."""
    (tmp_path / "there.md").write_text("# A heading, with `code`\n\n## Poignée\n",
                                       encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("[ok](there.md) [ok](there.md#a-heading-with-code) [ok](#top)\n"
                    "[ok](there.md#poignée) ![ok](there.md) [web](https://example.org/x)\n"
                    "[gone](missing.md) [anchor](there.md#nowhere) `[code](nothere.md)`\n"
                    "# Top\n```sh\n[fenced](nothere.md)\n```\n", encoding="utf-8")
    assert broken_links(page) == ["missing.md: no such file",
                                  "there.md#nowhere: no heading #nowhere in there.md"]
    # A page another piece of work writes is let off while it is missing, and only then.
    pending = {(tmp_path / "missing.md").resolve(), (tmp_path / "there.md").resolve()}
    assert broken_links(page, pending) == ["there.md#nowhere: no heading #nowhere in there.md"]
    assert ISSUE.findall("as issue 12 asks, and Issue #3") == ["issue 12", "Issue #3"]


def test_the_readme_keeps_its_marked_blocks() -> None:
    """`.ci/run` runs the command between the test-command markers; a test of the API
    runs the code between the api-example markers."""
    text = README.read_text(encoding="utf-8")
    for marker, language in (("test-command", "sh"), ("api-example", "python")):
        block = re.search(rf"<!-- {marker} -->\n```{language}\n(.+?)\n```\n<!-- /{marker} -->",
                          text, re.DOTALL)
        assert block, marker
    command = re.search(r"<!-- test-command -->\n```sh\n(.+?)\n```", text, re.DOTALL)
    assert command and command[1].startswith("python3 -m venv .venv && ")
    assert 'pytest -m "slow or not slow"' in command[1]


TEXT_BLOCK = re.compile(r"^```text\n(.*?)^```", re.DOTALL | re.MULTILINE)


@pytest.mark.parametrize("page", FRENCH, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_the_french_transcripts_are_checked_and_fit_the_terminal(page: Path) -> None:
    """A transcript of the French pages is pasted from the program at 80 columns: none is
    left marked as still to check, and no line of one is wider than the terminal."""
    text = page.read_text(encoding="utf-8")
    assert "transcript: to be checked" not in text
    blocks = TEXT_BLOCK.findall(text)
    assert blocks, "no transcript found"
    wide = [line for block in blocks for line in block.splitlines() if len(line) > 80]
    assert wide == []


# The French card notation as docs/translating.md and docs/fr/jouer.md tell it: what a
# French player types, and the card the table reads.
FRENCH_NOTATION = [
    ("RC", "KH"), ("R♥", "KH"), ("rc", "KH"), ("DP", "QS"), ("CP", "NS"), ("VP", "JS"),
    ("10♦", "10D"), ("7K", "7D"), ("7T", "7C"), ("AP", "1S"), ("AT", "1C"), ("A♥", "1H"),
    ("A21", "T21"), ("T21", "T21"), ("KH", "KH"), ("exc", "EXC"), ("excuse", "EXC"),
    ("l'excuse", "EXC"), ("petit", "T1"), ("le petit", "T1"), ("le 21", "T21"),
    ("atout 7", "T7"), ("l'atout 7", "T7"), ("roi de pique", "KS"), ("roi pique", "KS"),
    ("dame de cœur", "QH"), ("dame de coeur", "QH"), ("la dame de pique", "QS"),
    ("10 de carreau", "10D"), ("as de trèfle", "1C"), ("l'as de trefle", "1C"),
    ("7 de cœur", "7H"), ("7♣", "7C"),
]


@pytest.mark.parametrize(("typed", "card"), FRENCH_NOTATION)
def test_the_french_notation_is_what_the_docs_say(typed: str, card: str) -> None:
    from tarot.engine.card_notation import FRENCH
    from tarot.engine.notation import card_code
    from tarot.ui.language import use_language

    use_language("fr")
    assert card_code(typed, ["KH", "3S"], notation=FRENCH) == card


@pytest.mark.parametrize("typed", ["7C", "AC", "1C"])
def test_the_french_clashes_the_docs_name_are_refused(typed: str) -> None:
    from tarot.engine.card_notation import FRENCH
    from tarot.engine.notation import NotationError, card_code
    from tarot.ui.language import use_language

    use_language("fr")
    with pytest.raises(NotationError, match="deux cartes"):
        card_code(typed, ["KH", "3S"], notation=FRENCH)


def test_a_bare_21_is_the_21_of_trumps_in_a_short_french_hand() -> None:
    from tarot.engine.card_notation import FRENCH
    from tarot.engine.notation import card_code
    from tarot.ui.language import use_language

    use_language("fr")
    assert card_code("21", ["KH", "3S"], notation=FRENCH) == "T21"
    assert card_code("2", ["KH", "3S"], notation=FRENCH) == "3S"
