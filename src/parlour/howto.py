"""The "how to play" pages: a short page per game for a new player, in English
and French.

The pages live in each game's ``pages`` part (``howto.<lang>.md`` in
``parlour/games/<game>/pages/``, declared in its
:class:`~parlour.core.parts.GameParts`), packaged with the code. The technical
reference of each game (options in full, forced deals, observations) is the
``reference.md`` beside them.

>>> how_to_play("dracula").splitlines()[0]
'# Dracula: how to play'
>>> how_to_play("dracula", "de") == how_to_play("dracula")   # no German: English
True
"""

from __future__ import annotations

from parlour.core.errors import ParlourError
from parlour.core.registry import game_parts

DEFAULT_LANGUAGE = "en"
"""The language every game's page exists in, used when another is missing."""


def _language_code(lang: str) -> str:
    """The two-letter code of ``lang``: ``fr`` for ``fr``, ``FR`` or ``fr_FR.UTF-8``.

    Anything that is not a plain language code gives the default language, so a
    strange value can never name a file outside the pages' folder.
    """
    code = lang.split("_")[0].split(".")[0].split("-")[0].lower()
    return code if code.isascii() and code.isalpha() else DEFAULT_LANGUAGE


def how_to_play(game_name: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The "how to play" page of ``game_name`` in ``lang`` ("en" or "fr").

    A language without a page for the game gives the English page, without an
    error. An unknown game raises :class:`~parlour.UnknownGameError` naming the
    games; a game without pages, or without an English how-to, raises
    :class:`~parlour.ParlourError` saying so.
    """
    parts = game_parts(game_name)  # raises UnknownGameError, listing the games
    folder = parts.file("pages")
    if folder is None:
        raise ParlourError(f"{game_name} has no pages (its parts declare none)")
    page = folder.joinpath(f"howto.{_language_code(lang)}.md")
    if not page.is_file():
        page = folder.joinpath(f"howto.{DEFAULT_LANGUAGE}.md")
    if not page.is_file():
        raise ParlourError(f"{game_name} has no how-to page in {parts.package}.{parts.pages}")
    return page.read_text(encoding="utf-8")


def how_to_play_drawn(game_name: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The how-to page of ``game_name`` for a terminal: each ``parlour-example``
    block replaced by the position drawn by the game's renderer and the
    engine's sentences (its scores), see :mod:`parlour.examples`."""
    from parlour.examples import expand_examples

    return expand_examples(how_to_play(game_name, lang), game_name, _language_code(lang))
