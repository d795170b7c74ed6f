"""The bottom floor: the rules engines, solvers and bots of *Silver & Gold Pyramids*,
*Pyramid of the Sun* and *Cheops*, over a game-free core.

The only floor that uses OR-Tools. It prints nothing, reads files only through
:mod:`.core.reader` and writes them only through :mod:`.core.places`.
"""
