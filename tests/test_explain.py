"""A move explained in the game's terms (``parlour.core.explain``, each game's
``explain`` part), the hints that say it, and the scores explained in the log:
every figure is the engine's, and nothing hidden from the seat changes a word."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import parlour
from parlour.core.cards import parse_card
from parlour.core.explain import MoveExplanation, explain_move
from parlour.core.game import State
from parlour.core.registry import game_names, game_parts
from parlour.core.sampler import Rng
from parlour.games._coffin.rules import Axis, line_value
from parlour.judge import QUICK_BUDGET
from parlour.render import Style
from parlour.render.narration import sentence
from parlour.table.hints import hint_for
from test_french import english_words

NAMES = ["Ann", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal"]
DECK = "AS 8S 6S 2H 3D 4C 9H KC 5S".split()
"""Seat 1 is dealt A♠ 6♠ 3♦ 9♥, seat 0 8♠ 2♥ 4♣ K♣; the first nail is 5♠ (b2)."""


def dracula_after_rows() -> State:
    """A forced Dracula deal: seat 0 deals and takes the rows; seat 1 scores columns."""
    state = parlour.load_game("dracula", first_dealer=0).new_initial_state(deck=DECK)
    state.apply_action(state.string_to_action("rows"))
    return state


def positions(name: str, seed: int, count: int) -> list[State]:
    """Positions of a seeded random match where a seat has a choice."""
    state = parlour.load_game(name).new_initial_state(seed=seed)
    rng = random.Random(seed)
    found: list[State] = []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        if len(state.legal_actions()) > 1 and rng.random() < 0.3:
            found.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return found


def test_every_game_declares_an_explain_part() -> None:
    # Optional for a game of another distribution (parlour check says it is absent).
    for name in [n for n in game_names() if game_parts(n).explain is not None]:
        state = positions(name, 1, 1)[0]
        view = state.view(state.current_player())
        explained = explain_move(view, view.legal_actions[0], "en", NAMES)
        assert isinstance(explained, MoveExplanation), name
        assert explained.headline and explained.move == view.action_texts[0]


def test_a_card_that_completes_an_opponents_line_says_what_it_scores_for_him() -> None:
    state = dracula_after_rows()
    state.apply_action(state.string_to_action("AS b1"))  # seat 1
    view = state.view(0)
    action = view.string_to_action("8S b3")
    explained = explain_move(view, action, "en", NAMES)
    assert explained is not None
    value = line_value([parse_card("AS"), parse_card("5S"), parse_card("8S")], Axis.COLUMN)
    assert value == 70
    assert "Bob's column b becomes A♠ 5♠ 8♠ = 14, ×5 for three spades = 70" in explained.headline
    assert explained.headline.startswith("8♠ to b3: your row 3 starts with 8♠; ")
    assert [(effect.seat, effect.after) for effect in explained.opponents] == [(1, 70)]
    assert explained.target == "b3"
    assert explained.keeps == ("2H", "4C", "KC")
    state.apply_action(action)
    assert state.observation(0)["column_values"][1] == value


def test_a_vampire_voids_the_line_it_joins() -> None:
    deck = "V1 8S 6S 2H 3D 4C 9H KC 5S".split()
    state = parlour.load_game("dracula", first_dealer=0).new_initial_state(deck=deck)
    state.apply_action(state.string_to_action("rows"))
    view = state.view(1)
    explained = explain_move(view, view.string_to_action("V1 a2"), "en", NAMES)
    assert explained is not None
    assert "Ann's row 2 is voided by the Vampire" in explained.headline


def test_a_vampire_is_explained_in_words_not_by_its_typed_label() -> None:
    """A hint said "V1 to a2: …": V1 is what a player types, and in French V is a valet."""
    deck = "V1 8S 6S 2H 3D 4C 9H KC 5S".split()
    state = parlour.load_game("dracula", first_dealer=0).new_initial_state(deck=deck)
    state.apply_action(state.string_to_action("rows"))
    view = state.view(1)
    action = view.string_to_action("V1 a2")
    english = explain_move(view, action, "en", NAMES)
    french = explain_move(view, action, "fr", NAMES)
    assert english is not None and french is not None
    assert english.headline.startswith("A Vampire to a2: ")
    assert french.headline.startswith("Un Vampire en a2 : ")
    assert english.move == "V1 a2"  # the move itself stays in the notation a player types
    for lang in ("en", "fr"):
        for explained in _explanations(state, 1, lang):
            assert re.search(r"\bV[12]\b", explained.headline) is None, explained.headline


def coffin_scored_before(state: State) -> list[Any]:
    """The coffins scored so far in ``state``."""
    copy = state.clone()
    copy.record_events()
    return [item[-1] for item in copy.event_log() if item[-1].kind == "coffin_scored"]


@pytest.mark.parametrize("name", ["dracula", "dracula-partnership", "thracula"])
def test_the_line_a_coffin_move_completes_scores_what_the_engine_scores(name: str) -> None:
    checked = 0
    for seed in range(4):
        for state in positions(name, seed, 25):
            seat = state.current_player()
            view = state.view(seat)
            for action in view.legal_actions:
                explained = explain_move(view, action, "en", NAMES)
                assert explained is not None
                if explained.scores is None or explained.target is None:
                    continue
                after = state.clone()
                after.record_events()
                after.apply_action(action)
                observation: Any = after.observation(seat)
                scored = [
                    item[-1] for item in after.event_log() if item[-1].kind == "coffin_scored"
                ]
                if scored and len(scored) > len(coffin_scored_before(state)):
                    observation = {
                        "row_values": scored[-1].rows,
                        "column_values": scored[-1].columns,
                    }
                cell = "abc".index(explained.target[0]) + 3 * (int(explained.target[1]) - 1)
                values = {
                    observation["row_values"][cell // 3],
                    observation["column_values"][cell % 3],
                }
                assert explained.scores in values, (explained.headline, values)
                assert explained.headline.count(f"= {explained.scores}") >= 1
                checked += 1
    assert checked > 5


def test_colour_blind_a_card_that_takes_the_trick_scores_its_row_card() -> None:
    checked = 0
    for seed in range(6):
        for state in positions("colour-blind", seed, 30):
            seat = state.current_player()
            view = state.view(seat)
            for action in view.legal_actions:
                explained = explain_move(view, action, "en", NAMES)
                assert explained is not None
                after = state.clone()
                after.apply_action(action)
                before_points = state.observation(seat)["deal_points"][seat]
                after_points = after.observation(seat)["deal_points"][seat]
                if explained.scores is not None:
                    assert after_points - before_points == explained.scores
                    assert "takes the trick" in explained.headline
                    checked += 1
                elif len(view.observation["trick"]) == view.observation["players"] - 1:
                    assert after_points == before_points
    assert checked > 3


def test_casino_a_capture_counts_the_cards_the_engine_gives() -> None:
    checked = 0
    for seed in range(4):
        for state in positions("casino", seed, 40):
            seat = state.current_player()
            view = state.view(seat)
            for action in view.legal_actions:
                explained = explain_move(view, action, "en", NAMES)
                assert explained is not None
                if explained.scores is None:
                    continue
                after = state.clone()
                after.apply_action(action)
                # A capture made in steps is explained whole: its open steps take all they can.
                while after.current_player() == seat and after.observation(seat).get("pending"):
                    steps = after.legal_actions()
                    adding = [s for s in steps if after.action_to_string(s) != "done"]
                    after.apply_action(adding[0] if adding else steps[0])
                taken = len(after.observation(seat)["my_side_captured"]) - len(
                    state.observation(seat)["my_side_captured"]
                )
                assert taken == explained.scores, explained.headline
                checked += 1
    assert checked > 3


def test_nain_jaune_a_run_names_the_cards_played_and_what_is_kept() -> None:
    for state in positions("nain-jaune", 3, 10):
        seat = state.current_player()
        view = state.view(seat)
        for action in view.legal_actions:
            explained = explain_move(view, action, "en", NAMES)
            assert explained is not None
            if action < 52:
                hand = set(view.observation["hand"])
                assert set(explained.keeps) < hand
                assert view.action_to_string(action) not in explained.keeps


def _explanations(state: State, seat: int, lang: str) -> list[Any]:
    view = state.view(seat)
    return [explain_move(view, action, lang, NAMES) for action in view.legal_actions]


@pytest.mark.parametrize("name", game_names())
def test_an_explanation_does_not_change_when_hidden_cards_are_swapped(name: str) -> None:
    for state in positions(name, 2, 4):
        seat = state.current_player()
        view = state.view(seat)
        first = view.sample_state(Rng(11))
        second = view.sample_state(Rng(12))
        assert first.view(seat).observation == view.observation
        assert _explanations(first, seat, "en") == _explanations(second, seat, "en")
        assert _explanations(first, seat, "en") == _explanations(state, seat, "en")


@pytest.mark.parametrize("name", game_names())
def test_explanations_in_french_have_no_english_word(name: str) -> None:
    if game_parts(name).explain is None:
        pytest.skip(f"{name} has no explain part (optional)")
    for state in positions(name, 5, 6):
        for explained in _explanations(state, state.current_player(), "fr"):
            assert english_words(explained.headline) == [], explained.headline


def test_a_hint_explains_first_and_says_why_in_words_second() -> None:
    state = dracula_after_rows()
    view = state.view(1)
    hint = hint_for(view, 3, "en", kind="hard", names=NAMES, budget=QUICK_BUDGET)
    explained = explain_move(view, hint.action, "en", NAMES)
    assert explained is not None
    assert hint.explanation == explained.headline
    assert hint.target == explained.target and hint.target in hint.text
    assert hint.lines() == [explained.headline, hint.reason]
    # Words, not statistics: the figures wait behind the details line.
    assert "simulated" not in hint.reason and "±" not in hint.reason
    assert "±" in hint.details and "imagined deals" in hint.details
    from parlour.tui.session import hint_line

    first, second = hint_line(hint, "en").split("\n")
    assert explained.headline in first and hint.reason in second


def coffin_events(name: str, seed: int) -> list[Any]:
    state = parlour.load_game(name).new_initial_state(seed=seed)
    state.record_events()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return [item[-1] for item in state.event_log() if item[-1].kind == "coffin_scored"]


@pytest.mark.parametrize("name", ["dracula", "dracula-partnership"])
def test_a_scored_coffin_explains_every_line_with_the_engines_values(name: str) -> None:
    for event in coffin_events(name, 4):
        said = sentence(name, event, NAMES, Style())
        lines = said.split("\n")
        for index, value in enumerate(event.rows):
            assert lines[1 + index].startswith(f"  row {index + 1}: ")
            assert lines[1 + index].endswith(f"= {value}")
        for index, value in enumerate(event.columns):
            assert lines[4 + index].startswith(f"  column {'abc'[index]}: ")
            assert lines[4 + index].endswith(f"= {value}")
        for score in set(event.scores):
            assert any(line.endswith(f"= {score}.") and "score" in line for line in lines[7:])
        french = sentence(name, event, NAMES, Style(lang="fr"))
        assert english_words(french) == [], french


def test_thracula_explains_each_players_two_lines() -> None:
    for event in coffin_events("thracula", 4):
        lines = sentence("thracula", event, NAMES, Style()).split("\n")
        assert len(lines) == 1 + 3 * 3
        for seat in range(3):
            assert lines[3 + 3 * seat] == (
                f"  {NAMES[seat]} scores {event.scores[seat]}, the better of "
                f"row {event.owned_lines[seat] + 1} and column {'abc'[event.owned_lines[seat]]}."
            )
        french = sentence("thracula", event, NAMES, Style(lang="fr"))
        assert english_words(french) == [], french


def test_casino_a_trail_says_why_and_what_it_leaves_the_next_player() -> None:
    """Issue 31: a trail's reason only restated the move ("you trail 5♦")."""
    from parlour.cli.learn import lesson_match

    match, _coach = lesson_match("casino", "en")
    while match.human_to_act() is None:
        match.play_bot()
    view = match.view(0)
    # The lesson's first position: Q♠ K♠ 2♢ 3♣ on the table; 7♠ 2♡ 4♡ 5♢ in hand.
    assert sorted(view.observation["loose"]) == sorted(["QS", "KS", "2D", "3C"])
    said = {
        text: explain_move(view, action, "en", ["You", "Bot 2"]).headline  # type: ignore[union-attr]
        for action, text in zip(view.legal_actions, view.action_texts, strict=True)
        if text.endswith(" trail")
    }
    # 7♠ can do nothing else (the engine offers it no take and no build).
    assert [text for text in view.action_texts if text.startswith("7S")] == ["7S trail"]
    assert "no table card or sum of table cards makes 7, and it makes no build" in said["7S trail"]
    # Left with 2♢ and 3♣, 7♠ is taken by a 7, by 7+2 = 9 and by 7+3 = 10.
    assert said["7S trail"].endswith("where a 7, 9 or 10 would take it.")
    # 5♢ could take (2♢+3♣) and build: the trail is a choice, said so, with
    # what the take would capture and the build it would make.
    assert {"5D take", "5D build 7"} <= set(view.action_texts)
    assert (
        "5♢ is laid on the table, though it could take 2♢ 3♣ or make a build of 7;"
        in (said["5D trail"])
    )
    assert said["5D trail"].endswith("where a 5, 7, 8 or 10 would take it.")
    builds = sorted(text.split()[2] for text in view.action_texts if text.startswith("4H build"))
    assert f"though it could make a build of {' or '.join(builds)};" in said["4H trail"]
    seven = view.legal_actions[view.action_texts.index("7S trail")]
    french = explain_move(view, seven, "fr", ["Vous", "Robot 2"])
    assert french is not None and "où un 7, 9 ou 10 la prendrait" in french.headline
    assert english_words(french.headline) == []
    five = view.legal_actions[view.action_texts.index("5D trail")]
    french = explain_move(view, five, "fr", ["Vous", "Robot 2"])
    assert french is not None
    assert "alors qu'elle pourrait prendre 2♢ 3♣ ou faire une construction de 7 ;" in (
        french.headline
    )


def headlines(name: str, seeds: int, count: int, lang: str) -> list[str]:
    """The explanation of every legal move at ``count`` positions of each of
    ``seeds`` seeded random matches of ``name``, in ``lang``."""
    said: list[str] = []
    for seed in range(seeds):
        for state in positions(name, seed, count):
            view = state.view(state.current_player())
            for action in view.legal_actions:
                explained = explain_move(view, action, lang, NAMES)
                if explained is not None:
                    said.append(explained.headline)
    return said


def test_nain_jaune_a_sans_is_said_with_the_ranks_word() -> None:
    """Issue 31: a French hint said « sans K » (an English court letter)."""
    said = [text for text in headlines("nain-jaune", 6, 60, "fr") if "sans" in text]
    courts = [text for text in said if re.search(r"« sans (valet|dame|roi) »", text)]
    assert courts, said[:5]
    assert [text for text in said if re.search(r"sans [JQKVDR]\b", text)] == []
    # French agreement: "1 carte … qui vaut", "3 cartes de ce rang non vues".
    disagreeing = re.compile(r"\b1 carte qui valent|\(\d+ de ce rang")
    assert [text for text in said if disagreeing.search(text)] == []
    assert any(re.search(r"\(\d+ cartes? de ce rang non vues?", text) for text in said)


def test_nain_jaune_a_card_played_alone_is_not_called_a_run_of_itself() -> None:
    """The playtest read « votre suite va R♣ depuis votre main » for a single card."""
    english = headlines("nain-jaune", 4, 40, "en")
    french = headlines("nain-jaune", 4, 40, "fr")
    old = re.compile(r"goes \S+ from|va \S+ depuis")
    assert [text for text in english + french if old.search(text)] == []
    assert any("you play it alone" in text for text in english)
    assert any("vous la jouez seule" in text for text in french)
    assert any("you play the run" in text for text in english)


def test_casino_says_an_8() -> None:
    """The playtest read "where a 8 would take it"."""
    said = headlines("casino", 8, 40, "en")
    assert [text for text in said if re.search(r"\ba 8\b", text)] == []
    assert any(re.search(r"\ban 8\b", text) for text in said)


def test_casino_says_what_the_next_player_finds_with_its_builds_in_words() -> None:
    """A newcomer read "Bot 2 finds 8♠ 5♦ 9♣ K♣ [9] on the table": "[9]" was
    never explained. A build on the table is said by its value, in both languages."""
    for lang in ("en", "fr"):
        said = headlines("casino", 4, 30, lang)
        assert [text for text in said if re.search(r"\[\d+\]|\bb\d+\b", text)] == []
        finds = {
            "en": r"finds (\S+ )*and a build of \d+ on the table",
            "fr": r"trouve (\S+ )*et une construction de \d+ sur la table",
        }[lang]
        assert any(re.search(finds, text) for text in said), lang


def test_nain_jaune_a_sans_that_the_others_have_all_passed_on_says_nobody_goes_on() -> None:
    """The playtest's hint said 'then you say "no 4" (2 of that rank unseen:
    another player may go on)' right after every other player had passed on
    the 4: a player who passed on a rank holds none of it for the rest of the
    deal, so nobody can go on, which is what makes the move good."""
    import parlour
    from parlour.bots import make_bot

    game = parlour.load_game("nain-jaune", max_deals=1)
    found: list[tuple[str, str]] = []
    for seed in range(60):
        state = game.new_initial_state(seed=seed)
        bots = [make_bot("heuristic", seat) for seat in range(game.num_players)]
        while not state.is_terminal() and not found:
            seat = state.current_player()
            if seat < 0:
                state.apply_action(state.chance_outcomes()[0][0])
                continue
            view = state.view(seat)
            for action, text in zip(view.legal_actions, view.action_texts, strict=True):
                headline = explain_move(view, action, "en").headline  # type: ignore[union-attr]
                if "each of the others has already said" in headline:
                    # Every other seat passed on (or said it lacked) the rank
                    # the run ends before: the "sans" records show it.
                    french = explain_move(view, action, "fr").headline  # type: ignore[union-attr]
                    found.append((headline, french))
                    needed = headline.split('then you say "no ')[1].split('"')[0]
                    rank = {"jack": "J", "queen": "Q", "king": "K", "ace": "A"}.get(needed, needed)
                    shown = set()
                    for record in view.observation["sans"]:  # type: ignore[union-attr]
                        if record["rank"] == rank:
                            shown |= set(record["passed"])
                            if not record["stopped"]:
                                shown.add(record["player"])
                    others = set(range(game.num_players)) - {seat}
                    assert shown >= others, (text, view.observation["sans"])
                    assert "may go on" not in headline
            state.apply_action(bots[seat].choose(view))
        if found:
            break
    assert found, "no position of 60 seeds where the others had all passed on the next rank"
    english, french = found[0]
    assert "so nobody goes on" in english
    assert "chacun des autres a déjà dit qu'il n'en a pas, personne ne suit" in french
    assert english_words(french) == []
