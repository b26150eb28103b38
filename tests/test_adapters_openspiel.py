"""parlour through OpenSpiel: its own random simulation test, its Python ISMCTS
bot, and the adapter's promises (game type, parameters, resampling, tensors)."""

from __future__ import annotations

import runpy
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import parlour  # noqa: E402
from parlour.adapters import openspiel as adapter  # noqa: E402
from parlour.adapters.actions import ActionSlots, SlottedState  # noqa: E402
from parlour.adapters.quick import player_counts, quick_options  # noqa: E402
from parlour.adapters.tensors import encoder_for  # noqa: E402

CASES = [(name, players) for name in parlour.game_names() for players in player_counts(name)]
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def spiel_game(name: str, players: int | None = None) -> object:
    return adapter.load(name, **quick_options(name, players))


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_sim_test_passes_with_serialization(name: str, players: int) -> None:
    pyspiel.random_sim_test(spiel_game(name, players), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", parlour.game_names())
def test_python_ismcts_plays_a_full_match(name: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = spiel_game(name)
    random_state = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ismcts.ISMCTSBot(
        game=game, evaluator=evaluator, uct_c=2.0, max_simulations=6, random_state=random_state
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(random_state.choice(outcomes, p=probabilities)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    parlour_state = state.parlour_state
    assert state.returns() == parlour_state.returns()
    assert len(state.history()) <= game.max_game_length()


@pytest.mark.parametrize("name", parlour.game_names())
def test_game_type_and_info_describe_the_engine(name: str) -> None:
    game = spiel_game(name)
    game_type = game.get_type()
    engine = parlour.load_game(name, **quick_options(name))
    assert game_type.short_name == "python_parlour_" + name.replace("-", "_")
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game_type.min_num_players == engine.info.min_players
    assert game_type.max_num_players == engine.info.max_players
    slots = ActionSlots(engine)
    assert game.num_distinct_actions() == slots.size
    assert game.max_chance_outcomes() == engine.max_chance_outcomes()
    assert game.max_game_length() == slots.max_game_length
    assert game.num_players() == engine.num_players
    assert game.observation_tensor_size() == encoder_for(engine).size
    assert game.information_state_tensor_size() == encoder_for(engine).size
    assert game.min_utility() < game.max_utility()


def test_small_action_spaces_keep_the_engine_ids() -> None:
    game = spiel_game("dracula")
    assert game.num_distinct_actions() == parlour.load_game("dracula").num_distinct_actions()


def test_casino_steps_keep_the_engine_ids() -> None:
    # A Casino move is made in steps of at most 634 ids: no paging is needed.
    game = spiel_game("casino")
    assert game.num_distinct_actions() == parlour.load_game("casino").num_distinct_actions() == 634


def test_options_become_parameters_and_survive_the_game_string() -> None:
    game = adapter.load("colour-blind", players=2, deals=None, removed_ranks="JQK", first_dealer=1)
    parameters = game.get_parameters()
    assert parameters["deals"] == 0  # none
    assert parameters["removed_ranks"] == -2  # the second text choice
    assert parameters["first_dealer"] == 1
    again = pyspiel.load_game(str(game))
    engine = again.parlour_game
    assert engine.options.deals is None
    assert engine.options.removed_ranks == "JQK"
    assert engine.options.first_dealer == 1
    assert engine.num_players == 2


def test_default_parameters_are_the_game_defaults() -> None:
    game = pyspiel.load_game("python_parlour_dracula")
    assert game.parlour_game == parlour.load_game("dracula")
    assert game.get_parameters()["first_dealer"] == -1  # cut


def test_a_bad_option_is_reported_with_what_is_allowed() -> None:
    with pytest.raises(Exception, match="deals"):
        adapter.load("dracula", deals=9)


def test_resampled_states_share_the_seat_information_and_vary_hidden_cards() -> None:
    game = spiel_game("colour-blind")
    state = game.new_initial_state()
    random_state = np.random.RandomState(3)
    while state.is_chance_node() or len(state.history()) < 60:
        if state.is_chance_node():
            state.apply_action(int(random_state.choice(state.legal_actions())))
        else:
            state.apply_action(int(random_state.choice(state.legal_actions())))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hands = set()
    for _ in range(5):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_tensor(player) == state.observation_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        other = (player + 1) % game.num_players()
        hands.add(tuple(sample.parlour_state.observation(other)["hand"]))
    assert len(hands) > 1


def test_tensors_equal_the_shared_encoder() -> None:
    game = spiel_game("thracula")
    state = game.new_initial_state()
    random_state = np.random.RandomState(5)
    encoder = encoder_for(game.parlour_game)
    while not state.is_terminal():
        if not state.is_chance_node():
            for seat in range(game.num_players()):
                expected = encoder.encode(state.parlour_state.observation(seat), seat)
                assert np.array_equal(np.array(state.observation_tensor(seat)), expected)
        state.apply_action(int(random_state.choice(state.legal_actions())))


def test_information_state_string_holds_the_seat_history() -> None:
    game = spiel_game("dracula")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    text = state.information_state_string(0)
    assert text.startswith("seat 0\n")
    assert "history " in text
    assert "history" not in state.observation_string(0)


def test_serialized_states_come_back_equal() -> None:
    game = spiel_game("casino")
    state = game.new_initial_state()
    random_state = np.random.RandomState(2)
    for _ in range(40):
        state.apply_action(int(random_state.choice(state.legal_actions())))
    back = game.deserialize_state(state.serialize())
    assert back.history() == state.history()
    assert str(back) == str(state)
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert len(state.history()) == len(twin.history()) - 1


def test_game_and_state_serialize_together() -> None:
    game = spiel_game("colour-blind", 2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[-1])
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.history() == state.history()
    assert back.information_state_string(0) == state.information_state_string(0)


def test_python_observation_api_gives_the_named_pieces() -> None:
    from open_spiel.python.observation import make_observation

    game = spiel_game("nain-jaune", 3)
    observation = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    observation.set_from(state, 1)
    pieces = encoder_for(game.parlour_game).pieces
    assert list(observation.dict) == [piece.name for piece in pieces]
    assert observation.dict["lacks_rank"].shape == (3, 13)


def test_public_only_observers_are_refused_with_what_is_offered() -> None:
    game = spiel_game("dracula")
    public_only = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="SINGLE_PLAYER"):
        game.make_py_observer(public_only)


def test_slots_are_the_engine_ids_and_an_illegal_slot_is_explained() -> None:
    engine = parlour.load_game("casino", target=1)
    slotted = SlottedState(engine.new_initial_state(seed=4), ActionSlots(engine))
    state = slotted.state
    assert slotted.legal_slots() == state.legal_actions()
    action = state.legal_actions()[0]
    assert slotted.slot_to_string(action) == state.action_to_string(action)
    before = list(state.history)
    with pytest.raises(parlour.IllegalActionError, match="not legal"):
        slotted.apply_slot(633)
    assert state.history == before


def test_example_runs() -> None:
    runpy.run_path(str(EXAMPLES / "openspiel_ismcts.py"), run_name="__main__")


# ----- docs/research.md -----------------------------------------------------------

RESEARCH_PAGE = Path(__file__).resolve().parent.parent / "docs" / "research.md"


def python_blocks(text: str) -> list[str]:
    blocks = []
    for part in text.split("```python\n")[1:]:
        blocks.append(part.split("```", 1)[0])
    return blocks


@pytest.mark.parametrize("number", range(len(python_blocks(RESEARCH_PAGE.read_text("utf-8")))))
def test_research_page_examples_run_as_written(number: int) -> None:
    code = python_blocks(RESEARCH_PAGE.read_text("utf-8"))[number]
    exec(compile(code, f"docs/research.md block {number + 1}", "exec"), {"__name__": "__main__"})


@pytest.mark.parametrize("name", parlour.game_names())
def test_each_game_page_documents_its_tensor_layout(name: str) -> None:
    from parlour.cli import rules_text
    from parlour.core.registry import game_parts

    if game_parts(name).tensor is None or game_parts(name).pages is None:
        pytest.skip(f"{name} has no designed tensor or no pages (optional parts)")

    text = rules_text(name)
    heading = "## Observation tensor\n"
    assert heading in text, f"the rules page of {name} has no observation tensor section"
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    shown = section.split("Layout with ", 1)[1].split(" (", 1)[0]
    options: dict[str, object] = {}
    if shown != "default options":
        for pair in shown.split(", "):
            key, value = pair.split("=")
            options[key] = int(value) if value.isdigit() else value
    encoder = encoder_for(parlour.load_game(name, **options))
    assert encoder.describe() in section


def test_bench_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import sys

    argv = sys.argv
    sys.argv = ["bench_adapters.py", "--seconds", "0", "--games", "dracula"]
    try:
        runpy.run_path(str(EXAMPLES / "bench_adapters.py"), run_name="__main__")
    finally:
        sys.argv = argv
    assert "| dracula |" in capsys.readouterr().out
