"""parlour inside the research ecosystem: OpenSpiel, PettingZoo and Gymnasium.

Install the ``rl`` extra (``pip install parlour[rl]``) for these modules. Nothing
here is imported by the core or the games; each adapter imports its framework
only when it is itself imported.

- :mod:`parlour.adapters.openspiel`: every parlour game as a ``pyspiel`` game,
  ``python_parlour_<game>``.
- :mod:`parlour.adapters.pettingzoo`: one AEC environment per game.
- :mod:`parlour.adapters.gymnasium`: one seat against parlour bots.
- :mod:`parlour.adapters.tensors`: the observation tensors the three share.
- :mod:`parlour.adapters.actions`: how action ids become bounded slots.

See ``docs/research.md``.
"""
