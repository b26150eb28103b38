"""One name per game and language, declared once on the game
(``GameInfo.title`` and ``title_fr``): every screen, page and lesson reads it.

A playtest met « Dracula (par équipes) » on the web's list, "Dracula for four"
in the lesson, « Dracula (équipes) » in the table's header, "Dracula (pairs)"
on a narrow one and « Nain jaune » beside « Nain Jaune »: the same game under
five names. A name is spelled otherwise when a game's base name (the shortest
declared titles: Dracula, Casino…) is written with another case, or is followed
by a qualifier that no declared title has ("Dracula (…)", "Dracula for four",
« Dracula à quatre »). A base name in lower case is a word, not a title (the
yellow dwarf card is « le nain jaune », a 10♢ the "big casino").
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import parlour
from parlour.core.lesson import Lesson, Said
from parlour.core.registry import game_class
from parlour.core.sampler import Rng
from parlour.howto import how_to_play_drawn
from parlour.render import Style, render_fitted, renderer_for
from parlour.table.coach import has_lesson, lesson_for
from parlour.table.pages import rules_text

LANGS = ("en", "fr")

FORM = r"(?:(?:for|à|in|en|par) )?(?:two|three|four|deux|trois|quatre|pairs|partnerships?|équipes)"
QUALIFIER = re.compile(rf" (?:\({FORM}\)|{FORM}\b)")
"""What turns a game's name into another name for it: a form or a count of
players, in brackets or not ("Dracula (pairs)", « Dracula à quatre »)."""


def titles(lang: str) -> list[str]:
    """Every game's declared title in ``lang``, the longest first."""
    return sorted(
        {game_class(name).info.title_text(lang) for name in parlour.game_names()},
        key=len,
        reverse=True,
    )


def base_names() -> list[str]:
    """The declared titles that hold no other (Dracula, not the partnership form)."""
    every = {title for lang in LANGS for title in titles(lang)}
    return sorted(title for title in every if not any(o != title and o in title for o in every))


def misnamed(text: str, lang: str) -> list[str]:
    """The places in ``text`` where a game is called other than its declared name."""
    found = []
    declared = titles(lang)
    for base in base_names():
        for match in re.finditer(re.escape(base), text, re.IGNORECASE):
            start = match.start()
            if not text[start].isupper():
                continue  # a word, not a title
            written = match.group()
            context = text[max(0, start - 20) : start + len(base) + 25]
            if written != base:
                found.append(f"{written!r} for {base!r}: …{context}…")
                continue
            end = match.end()
            for title in declared:  # the longest declared title written here
                offset = title.find(base)
                if offset >= 0 and text[start - offset : start - offset + len(title)] == title:
                    end = max(end, start - offset + len(title))
            if QUALIFIER.match(text, end):
                found.append(f"…{context}…")
    return found


def lesson_texts(lesson: Lesson, lang: str) -> Iterator[str]:
    said: list[Said] = [lesson.title, *lesson.welcome, lesson.farewell]
    said += list(lesson.first_time.values())
    said += [step.why for step in lesson.steps]
    said += [step.look for step in lesson.steps if step.look is not None]
    for words in said:
        yield words.text(lang)


def headers(name: str, lang: str) -> list[str]:
    """The first line the game's table is drawn with: whole, in a narrow room
    (the full screen's at 80×24) and in a wide one."""
    game = parlour.load_game(name)
    state = game.new_initial_state(seed=3)
    rng = Rng(3)
    while state.is_chance_node():
        state.apply_random_chance(rng)
    view = state.view(0)
    names = [f"Player {seat + 1}" for seat in range(game.num_players)]
    render = renderer_for(name)
    style = Style(lang=lang, colour=False)
    drawn = [render(view, style, names)]
    for width, height in ((46, 22), (110, 40)):
        drawn.append(render_fitted(render, view, style, names, width=width, height=height))
    return [text.splitlines()[0] for text in drawn]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", parlour.game_names())
def test_the_table_lesson_and_pages_name_the_game_as_it_is_declared(name: str, lang: str) -> None:
    title = game_class(name).info.title_text(lang)
    for header in headers(name, lang):
        assert header.startswith(title), (header, title)
    page = how_to_play_drawn(name, lang)
    assert page.splitlines()[0].startswith(f"# {title}"), page.splitlines()[0]
    texts = {"how-to page": page, "summary": game_class(name).info.summary_text(lang)}
    texts["headers"] = "\n".join(headers(name, lang))
    if lang == "en":
        reference = rules_text(name)
        assert reference.splitlines()[0] == f"# {title}"
        texts["reference page"] = reference
    if has_lesson(name):
        lesson = lesson_for(name)
        assert title in lesson.title.text(lang), lesson.title.text(lang)
        texts["lesson"] = "\n".join(lesson_texts(lesson, lang))
    wrong = {where: misnamed(text, lang) for where, text in texts.items()}
    assert not any(wrong.values()), wrong


def test_the_check_finds_a_game_named_otherwise() -> None:
    """The check above would see each of the names the playtest met."""
    for text, lang in [
        ("Welcome to Dracula for four.", "en"),
        ("Dracula (pairs) · deal 1", "en"),
        ("Bienvenue à Dracula à quatre.", "fr"),
        ("Dracula (équipes) · donne 1", "fr"),
        ("Bienvenue au Nain jaune.", "fr"),
        ("Thracula, Dracula for three: take a hidden card", "en"),
    ]:
        assert misnamed(text, lang), text
    for text in [
        "la carte du nain jaune",
        "le big casino",
        "Dracula's rows",
        "Casino (deal, build)",
    ]:
        assert not misnamed(text, "fr"), text


def test_the_terminal_names_a_game_in_the_tables_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The list of games, the offer to resume, the resumed game and the replay's
    "none kept yet" said the English title (and summary) on a French screen."""
    from parlour.cli import play, replay
    from parlour.table import SqliteTableStore
    from parlour.tui.session import Match

    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    name = "dracula-partnership"
    info = game_class(name).info
    french, english = info.title_text("fr"), info.title_text("en")
    listed = "\n".join(play.game_list_lines(parlour.game_names(), 200, "fr"))
    assert french in listed and info.summary_text("fr") in listed
    assert english not in listed and info.summary not in listed
    with pytest.raises(parlour.ParlourError) as refused:
        replay.chosen_source(name, "fr", interactive=False)
    assert french in str(refused.value) and english not in str(refused.value)
    game = parlour.load_game(name, deals=1)
    names = ["You", "Bot 2", "Bot 3", "Bot 4"]
    kept = Match.new(
        game,
        seed=5,
        humans=[0],
        opponent="random",
        names=names,
        lang="fr",
        store=SqliteTableStore(),
    )
    kept.submit(0, kept.table.legal_moves(0)[0][0]) if kept.human_to_act() == 0 else kept.play_bot()
    arguments = argparse.Namespace(new=False, lang="fr", no_stats=True)
    assert play.offer_resume(game, arguments, interactive=False) is None
    said = capsys.readouterr().out
    assert french in said and english not in said, said
    resumed, _ = Match.resume(kept.table.id)
    assert french in resumed.resumed_line()
