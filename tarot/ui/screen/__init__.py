"""`tarot play` full screen: the table drawn with Textual (docs/playing.md)."""
