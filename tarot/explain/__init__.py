"""Explanations as text and data, printed by nobody here: the audit of a log, the narration
of a deal, the rule book and the rules card."""
