"""Everything that prints or reads a key: the click commands, the line-mode terminal, the
table view and the replay page."""
