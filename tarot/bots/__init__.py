"""Computer players. Each sees only its seat's view, the legal actions and its own generator."""
