"""The coffin family's shared parts (Dracula, Dracula in partnerships, Thracula):
the 3×3 grid and the scoring of its lines (``rules``), their events (``events``).

A private package: not a game, found by no registry, imported by the family's games.
"""
