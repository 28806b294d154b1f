"""A message a person reads that must also stay language-neutral somewhere (``--json``, a
code's table): :class:`Said` is the English text, as a ``str``, carrying its translation.

``Said(N_("the log is empty"))`` is ``"the log is empty"`` wherever a string is read (a
``--json`` report, a test), and ``shown(it)`` is the same message in the person's language
(``"le journal est vide"`` with French on). A message built with string operations (a slice,
an f-string) is a plain ``str`` again: build the whole message with :class:`Said` instead.
"""

from __future__ import annotations

from tarot.i18n import _


class Said(str):
    """The English message (the string itself) and :attr:`shown`, it in the current
    language. ``template`` is marked with ``N_`` where it is written, and filled with
    ``fields`` after translation (a field that is a Said is given in the same language as
    the message around it)."""

    shown: str

    def __new__(cls, template: str, /, **fields: object) -> Said:
        said = super().__new__(cls, template.format(**fields) if fields else template)
        translated = {name: shown(value) if isinstance(value, str) else value
                      for name, value in fields.items()}
        said.shown = _(template).format(**translated) if fields else _(template)
        return said

    @classmethod
    def pair(cls, english: str, translated: str) -> Said:
        """A message already rendered in both languages (made of several Said)."""
        said = super().__new__(cls, english)
        said.shown = translated
        return said


def shown(message: str) -> str:
    """``message`` in the person's language: a Said's translation, or the string itself."""
    return message.shown if isinstance(message, Said) else message
