"""Games between computer players: a match played deal by deal, on a process pool or a Dask
cluster, its results file, and the golden replays of the named deals."""
