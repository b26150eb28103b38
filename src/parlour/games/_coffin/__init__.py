"""The coffin family's shared parts (Dracula, Dracula in partnerships, Thracula).

A private package: not a game, found by no registry, imported by the family's
games only. It has the same roles as a game package:

- ``rules``: the 3×3 grid, the scoring of its lines, the tie cascade and the end
  bonus; ``_dracula_actions``: Dracula's action encoding, which the partnership
  game shares (compiled, with the rules);
- ``events``: the events every game of the family emits;
- ``text``: the coffin drawn for a terminal and the shared sentences;
- ``heuristic``: the estimates of lines, and Dracula's choices (compiled);
- ``tensor``: the coffin's planes for the research adapters.
"""
