"""The contributor's kit: what a game must hold, checked (``parlour check GAME``),
and a working skeleton to start a new game from (``parlour new-game NAME``).

- :mod:`parlour.kit.golden`: a game's golden playthrough, kept in its own package;
- :mod:`parlour.kit.check`: every requirement the interfaces place on a game,
  run on an installed game (:func:`parlour.testing.check_parts`);
- :mod:`parlour.kit.skeleton`: the files of a new game's distribution.
"""
