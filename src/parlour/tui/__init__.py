"""The terminal table: the match controller shared by the line mode and the
full-screen (Textual) interface, palettes, saved games and replays.

Only :mod:`parlour.tui.app` and :mod:`parlour.tui.replay_app` import Textual;
everything else here works with the standard library alone.
"""
