"""The top floor: the ``silverpyr`` command line and full-screen games of *Silver & Gold
Pyramids* (``silvergold``, its commands also at the root), *Pyramid of the Sun* (``sun``)
and *Cheops* (``cheops``), a thin layer over the library."""
