"""The middle floor: the puzzles, dailies, trainers, hints, advice, saved games and arenas of
*Silver & Gold Pyramids*, *Pyramid of the Sun* and *Cheops*, over a game-free core (the
results store, tournaments, the Dask cluster).

Built on :mod:`silverpyr.solver`; never imports the command line.
"""
