"""The table: the seats and the one loop that plays a deal out between them.

A seat is anything that decides for one place at the table: a computer player, a person at
the terminal or on the full screen, a player at another terminal. The loop
(:func:`tarot.table.loop.play_out`) asks the seat whose turn it is, plays its decision
through the engine, writes the log line and tells every seat what it may see of it.
"""
