"""The games shipped with parlour: one package per game, all shaped alike.

Each ``parlour.games.<game>`` package declares its parts in ``PARTS`` (see
:mod:`parlour.core.parts`): ``rules.py``, ``events.py``, ``text.py``,
``heuristic.py``, ``tensor.py``, ``pages/`` and ``board.js``. A family shares
parts through a private package (``_coffin``: Dracula, Dracula in partnerships,
Thracula). The registry (:mod:`parlour.core.registry`) finds the games through
the ``parlour.games`` entry points and this folder; importing this package
imports no game.
"""
