"""The ``silverpyr`` command line: a thin Typer layer over the library."""
