"""A message a person reads that must also stay language-neutral somewhere (``--json``, a
code's table): :class:`Said` is the English text, as a ``str``, carrying its translation.

``Said(N_("the log is empty"))`` is ``"the log is empty"`` wherever a string is read (a
``--json`` report, a test), and ``shown(it)`` is the same message in the person's language
(``"le journal est vide"`` with French on). A message built with string operations (a slice,
an f-string) is a plain ``str`` again: build the whole message with :class:`Said` instead.
"""

from __future__ import annotations

import errno
from collections.abc import Callable

from tarot.i18n import N_, SOURCE_LANGUAGE, _, in_language, pgettext


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


def in_english(render: Callable[[], str]) -> str:
    """``render()`` with every message in English, whatever the person's language: a message
    made by code that translates as it goes (a rules refusal, the audit's Excuse line), for
    ``--json``, which stays language-neutral."""
    with in_language(SOURCE_LANGUAGE):
        return render()


# The system's words for the errors a person meets reading or writing a file (the C
# library's, in English: Python does not translate them).
_OS_ERRORS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.EEXIST: N_("File exists"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EROFS: N_("Read-only file system"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.EIO: N_("Input/output error"),
}


def os_error_said(error: OSError) -> Said:
    """Why an operation on a file failed: the system's message (``strerror``) as it is,
    and, for a common error, in the person's language as :attr:`Said.shown`."""
    english = error.strerror or str(error)
    known = _OS_ERRORS.get(error.errno) if error.errno is not None else None
    return Said.pair(english, _(known) if known is not None and known == english else english)


def grouped(number: int) -> Said:
    """A whole number with its digits grouped by thousands: ``1,048,576`` in English, and in
    the person's language as :attr:`Said.shown` (French: ``1 048 576``, a narrow no-break
    space)."""
    english = f"{number:,}"
    return Said.pair(english, english.replace(",", pgettext("thousands separator", ",")))
