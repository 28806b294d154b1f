"""The words a person may type at a prompt besides a move, in English and in French
whichever the language (a French player may know the English words, and the reverse)."""

from __future__ import annotations

QUIT_WORDS = frozenset({"quit", "exit", "q", "quitter"})
HELP_WORDS = frozenset({"?", "help", "h", "aide"})
LAST_WORDS = frozenset({"last", "dernier"})
HINT_WORDS = frozenset({"hint", "conseil"})
# A practice game's take-back (play --practice); elsewhere an unknown word, as before.
UNDO_WORDS = frozenset({"undo", "annuler"})
HAND_WORDS = frozenset({"hand", "main"})
TABLE_WORDS = frozenset({"t", "table", "trick", "pli"})
CHIEN_WORDS = frozenset({"chien"})
NONE_WORDS = frozenset({"", "n", "no", "none", "non", "aucune"})
