"""The terminal table: the match controller shared by the line mode and the
full-screen (Textual) interface, palettes, saved games and replays.

Only :mod:`parlour.tui.app`, :mod:`parlour.tui.replay_app` and the parts they
are built of (:mod:`~parlour.tui.screens`, :mod:`~parlour.tui.log_panel`) import
Textual; everything else here (the table's CSS in :mod:`~parlour.tui.styles`
included) works with the standard library alone.
"""
