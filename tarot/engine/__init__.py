"""The rules of French Tarot: cards, rule sets, the phases of a deal, legal actions, scoring,
what each seat may see, and the Game that holds them. No I/O but reading a rule file
(rule_files); nothing here imports a layer above it (tests/test_layers.py)."""
