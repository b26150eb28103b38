"""Events from the rules (issue 12, part 2): what each game emits as it applies
actions, what each seat may see of it, and the sentences made from it.

One section for what every game shares, then one section per game, on forced
deals. A field that holds cards is named ``card`` or ends in ``card`` / ``cards``
(``parlour.core.shared_events``), which is how these tests find every card an event
shows.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import fields
from typing import Any

import pytest

import parlour
from parlour.core.cards import format_card, iter_bits, parse_card
from parlour.core.events import Event, LoggedEvent
from parlour.core.registry import game_parts
from parlour.core.sampler import Rng
from parlour.core.shared_events import CardDealt, DealStarted, GameEnded
from parlour.games._coffin.rules import CardPlayedToCell, CoffinScored, EndBonus, FirstNail
from parlour.games.colour_blind import rules as colour_blind
from parlour.games.dracula import rules as dracula
from parlour.games.dracula_partnership import rules as dracula_partnership
from parlour.games.nain_jaune import rules as nain_jaune
from parlour.games.thracula import rules as thracula
from parlour.render import Style
from parlour.render.narration import dealing_sentence, generic_sentence, sentence

GAMES = ("dracula", "dracula-partnership", "thracula", "colour-blind", "nain-jaune")
NAMES = ("Ann", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal")


# ----- helpers ----------------------------------------------------------------------------


def cards_shown(event: Event) -> set[int]:
    """Every card ``event`` shows (None fields are hidden cards)."""
    shown: set[int] = set()
    for item in fields(event):
        name = item.name
        if name == "card" or name.endswith(("card", "cards")):
            value = getattr(event, name)
            for card in value if isinstance(value, tuple) else (value,):
                if card is not None:
                    shown.add(card)
    return shown


def shuffled_pack(game: parlour.Game[Any], seed: int) -> list[str]:
    """A whole pack of ``game`` in a seeded order, as card texts (a forced deck)."""
    cards = [format_card(card) for card in iter_bits(game.pack(0))]
    random.Random(seed).shuffle(cards)
    return cards


def play_out(state: parlour.State, seed: int) -> parlour.State:
    """Random legal actions to the end (chance is the state's own sampler)."""
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    return state


def whole_game(name: str, seed: int = 1, **options: object) -> parlour.State:
    """A seeded whole game that records its events."""
    state = parlour.load_game(name, **options).new_initial_state(seed=seed)
    state.record_events()
    return play_out(state, seed)


def player_actions(state: parlour.State) -> list[int]:
    """The actions the players chose (chance outcomes left out)."""
    return [action for actor, action in state.seen_history(0) if actor >= 0 and action is not None]


def as_json(log: list[LoggedEvent]) -> list[tuple[int, dict[str, Any]]]:
    return [(step, event.to_json()) for step, event in log]


CardOf = Callable[[parlour.State, int], int | None]
"""The card a player action shows or moves (None for other actions)."""


def swapped_deck(deck: list[str], first: str, second: str) -> list[str]:
    swapped = list(deck)
    i, j = swapped.index(first), swapped.index(second)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    return swapped


def shows_card(state: parlour.State, seat: int, texts: set[str]) -> bool:
    """Whether ``seat``'s observation shows one of the cards (its own test of what
    a seat sees, independent of the events)."""
    observed = json.dumps(state.observation(seat), ensure_ascii=False)
    return any(f'"{text}"' in observed for text in texts)


def assert_seat_blind_to_swap(
    game: parlour.Game[Any], deck: list[str], first: str, second: str, seat: int, card_of: CardOf
) -> None:
    """Two forced deals that differ only in where ``first`` and ``second`` lie:
    ``seat``'s event log is the same, as JSON, for every step before the one at
    which its observation first shows one of them, although the events of those
    steps differ (so the swap is there to be leaked). Both matches play the same
    actions, keeping off the swapped cards as long as they can."""
    texts = {first, second}
    swapped = {parse_card(first), parse_card(second)}
    one = game.new_initial_state(deck=deck)
    two = game.new_initial_state(deck=swapped_deck(deck, first, second))
    one.record_events()
    two.record_events()
    revealed_at = 0
    if not (shows_card(one, seat, texts) or shows_card(two, seat, texts)):
        while not one.is_terminal():
            common = [action for action in one.legal_actions() if action in two.legal_actions()]
            if not common:
                break
            quiet = [
                action
                for action in common
                if card_of(one, action) not in swapped and card_of(two, action) not in swapped
            ]
            revealed_at = len(one.history)
            action = (quiet or common)[0]
            one.apply_action(action)
            two.apply_action(action)
            if shows_card(one, seat, texts) or shows_card(two, seat, texts):
                break
        else:
            revealed_at = len(one.history)

    def before_reveal(state: parlour.State, viewer: int | None) -> list[tuple[int, Any]]:
        return as_json([entry for entry in state.event_log(viewer) if entry[0] < revealed_at])

    assert before_reveal(one, seat) == before_reveal(two, seat)
    # The whole truth (what a seat that saw everything would read) differs there.
    truth_one = [entry for entry in one._events or [] if entry[0] < revealed_at]
    truth_two = [entry for entry in two._events or [] if entry[0] < revealed_at]
    assert as_json(truth_one) != as_json(truth_two)


# ----- every game -------------------------------------------------------------------------


def conformance_cases() -> Iterator[tuple[str, dict[str, object]]]:
    for name in GAMES:
        game_class = type(parlour.load_game(name))
        for options in game_class.conformance_options:
            yield name, dict(options)


CASES = list(conformance_cases())
CASE_IDS = [f"{name}-{index}" for index, (name, _) in enumerate(CASES)]


@pytest.mark.parametrize(("name", "options"), CASES, ids=CASE_IDS)
def test_recorded_event_log_equals_the_log_rebuilt_by_replay(
    name: str, options: dict[str, object]
) -> None:
    recorded = whole_game(name, seed=3, **options)
    replayed = recorded.game.new_initial_state()
    for action in recorded.history:
        replayed.apply_action(action)
    for seat in [None, *range(recorded.game.num_players)]:
        assert recorded.event_log(seat) == replayed.event_log(seat)
    # Recording may start in the middle of a match: the past is rebuilt.
    halfway = recorded.game.new_initial_state()
    for action in recorded.history[: len(recorded.history) // 2]:
        halfway.apply_action(action)
    halfway.record_events()
    for action in recorded.history[len(recorded.history) // 2 :]:
        halfway.apply_action(action)
    assert halfway.event_log() == recorded.event_log()
    assert recorded.event_log(since=10) == [
        entry for entry in recorded.event_log() if entry[0] >= 10
    ]


@pytest.mark.parametrize(("name", "options"), CASES, ids=CASE_IDS)
def test_every_event_has_its_own_sentence_in_english_and_french_without_seat_numbers(
    name: str, options: dict[str, object]
) -> None:
    state = whole_game(name, seed=5, **options)
    players = state.game.num_players
    forbidden = re.compile(r"seat \d|siège \d|player \d|joueur \d|[{}\[\]]|None")
    for lang, you in (("en", "You"), ("fr", "Vous")):
        style = Style(lang=lang)
        for names in (NAMES[:players], (you, *NAMES[1:players])):
            for seat in (None, 0):
                for _, event in state.event_log(seat):
                    text = sentence(name, event, names, style)
                    assert text.strip(), event
                    assert text != generic_sentence(event, names, style), event
                    assert not forbidden.search(text), (event, text)
                    assert text[-1] in ".!", text


@pytest.mark.parametrize(("name", "options"), CASES, ids=CASE_IDS)
def test_every_event_is_json_serialisable_and_each_kind_is_one_class(
    name: str, options: dict[str, object]
) -> None:
    state = whole_game(name, seed=7, **options)
    classes: dict[str, type[Event]] = {}
    for seat in [None, *range(state.game.num_players)]:
        for _, event in state.event_log(seat):
            data = json.loads(json.dumps(event.to_json()))
            assert data["kind"] == event.kind
            # One kind names one record shape within a game.
            assert classes.setdefault(event.kind, type(event)) is type(event)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_ends_with_a_game_ended_event_naming_the_returns(name: str) -> None:
    state = whole_game(name, seed=11)
    ended = [event for _, event in state.event_log() if isinstance(event, GameEnded)]
    assert ended[-1].final
    assert [float(score) for score in ended[-1].scores] == state.returns()


@pytest.mark.parametrize(
    ("name", "deals_per_sheet_line"),
    [
        ("dracula", 1),
        ("dracula-partnership", 6),
        ("thracula", 1),
        ("colour-blind", 1),
        ("nain-jaune", 1),
    ],
)
def test_each_deal_starts_with_one_deal_started_event_naming_its_dealer(
    name: str, deals_per_sheet_line: int
) -> None:
    state = parlour.load_game(name).new_initial_state()
    state.record_events()
    rng = random.Random(17)
    chance = Rng(17)
    while not state.is_terminal():
        before = len(state.history)
        if state.is_chance_node():
            state.apply_random_chance(chance)
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        for _, event in state.event_log(since=before):
            if isinstance(event, DealStarted):
                assert event.dealer == state.observation(0)["dealer"]
    started = [event for _, event in state.event_log() if isinstance(event, DealStarted)]
    assert len(started) * deals_per_sheet_line == len(state.score_sheet())
    assert [event.deal for event in started] == list(range(1, len(started) + 1))


@pytest.mark.parametrize("name", GAMES)
def test_a_dealt_card_is_shown_only_to_its_receiver(name: str) -> None:
    state = whole_game(name, seed=13)
    players = state.game.num_players
    for seat in range(players):
        for _, event in state.event_log(seat):
            if isinstance(event, CardDealt):
                assert (event.card is not None) == (event.seat == seat)
    assert all(event.card is None for _, event in state.event_log() if isinstance(event, CardDealt))


@pytest.mark.parametrize("name", GAMES)
def test_events_cost_nothing_until_recorded(name: str) -> None:
    state = parlour.load_game(name).new_initial_state(seed=2)
    for _ in range(30):
        state.apply_action(state.legal_actions()[0])
    assert state._events is None
    assert state.event_log()  # rebuilt by replay on demand
    assert state._events is None


# ----- Dracula ------------------------------------------------------------------------------


def dracula_card(state: parlour.State, action: int) -> int | None:
    if action < dracula.ROWS:
        return action // 9
    if action >= dracula.TAKE:
        return action - dracula.TAKE
    return None


def coffins_from_events(log: list[LoggedEvent]) -> list[tuple[tuple[int, ...], CoffinScored]]:
    """Each coffin rebuilt from the cards laid in it, with the event that scored it."""
    coffin = [-1] * 9
    built: list[tuple[tuple[int, ...], CoffinScored]] = []
    for _, event in log:
        if isinstance(event, FirstNail | CardPlayedToCell):
            assert coffin[event.cell] == -1
            coffin[event.cell] = event.card
        elif isinstance(event, CoffinScored):
            built.append((tuple(coffin), event))
            coffin = [-1] * 9
    return built


def test_dracula_log_names_every_card_played_including_the_one_that_completes_a_deal() -> None:
    game = parlour.load_game("dracula", first_dealer=0)
    state = game.new_initial_state(deck=shuffled_pack(game, 1))
    state.record_events()
    play_out(state, 1)
    log = state.event_log(0)
    plays = [action for action in player_actions(state) if action < dracula.ROWS]
    played = [(event.card, event.cell) for _, event in log if isinstance(event, CardPlayedToCell)]
    assert played == [divmod(action, 9) for action in plays]
    coffins = coffins_from_events(log)
    assert len(coffins) == 6
    for (cards, scored), past in zip(coffins, state.observation(0)["past_coffins"], strict=True):
        assert -1 not in cards  # the ninth card is in the log before the scoring
        assert cards == scored.cards == tuple(parse_card(text) for text in past)
    steps = {step for step, event in log if isinstance(event, CoffinScored)}
    last_plays = [step for step, event in log if isinstance(event, CardPlayedToCell)][7::8]
    assert steps == set(last_plays)  # scored in the same step as the completing card


def test_dracula_seat_0_log_hides_the_other_hand_and_the_stock() -> None:
    game = parlour.load_game("dracula", first_dealer=0)
    deck = shuffled_pack(game, 2)
    # Position 0 goes to seat 1 (the non-dealer first); position 40 is still in
    # the stock then.
    assert_seat_blind_to_swap(game, deck, deck[0], deck[40], 0, dracula_card)
    assert_seat_blind_to_swap(game, deck, deck[1], deck[40], 1, dracula_card)


def test_dracula_cut_events_show_both_cards_and_the_first_dealer() -> None:
    state = whole_game("dracula", seed=4, deals=1)
    log = [event for _, event in state.event_log()]
    cuts = [event for event in log if isinstance(event, dracula.CardCut)]
    assert [(cut.seat, cut.card) for cut in cuts] == [(0, state.cut[0]), (1, state.cut[1])]
    dealer = next(event for event in log if event.kind == "first_dealer")
    assert dealer.seat == dracula.cut_winner(*state.cut)  # type: ignore[attr-defined]


def test_dracula_scoring_with_cards_names_each_card_taken_and_the_waste_turned() -> None:
    game = parlour.load_game("dracula", first_dealer=0, scoring="cards")
    state = game.new_initial_state(deck=shuffled_pack(game, 3))
    state.record_events()
    play_out(state, 3)
    log = [event for _, event in state.event_log()]
    taken = [event for event in log if isinstance(event, dracula.CardTaken)]
    takes = [action - dracula.TAKE for action in player_actions(state) if action >= dracula.TAKE]
    assert [event.card for event in taken] == takes
    due = [event for event in log if isinstance(event, dracula.CardsToTake)]
    assert sum(event.count for event in due if event.seat is not None) == len(taken)
    assert any(isinstance(event, dracula.WasteTurned) for event in log)
    won = state.observation(0)["won"]
    for seat in range(2):
        assert {event.card for event in taken if event.seat == seat} == {
            parse_card(text) for text in won[seat]
        }


def test_dracula_session_tells_each_game_ended_and_the_next_games_deals() -> None:
    state = whole_game("dracula", seed=6, deals=1, session_target=150)
    log = [event for _, event in state.event_log()]
    ended = [event for event in log if isinstance(event, GameEnded)]
    assert len(ended) == len(state.observation(0)["game_results"]) >= 2
    assert [event.final for event in ended] == [False] * (len(ended) - 1) + [True]
    started = [event.game for event in log if isinstance(event, DealStarted)]
    assert started == list(range(1, len(ended) + 1))


# ----- Dracula in partnerships ----------------------------------------------------------------


def partnership_card(state: parlour.State, action: int) -> int | None:
    return action // 9 if action < dracula.ROWS else None


def test_partnership_log_names_every_card_played_in_six_coffins() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(deck=shuffled_pack(game, 4))
    state.record_events()
    play_out(state, 4)
    log = state.event_log(2)
    played = [(event.card, event.cell) for _, event in log if isinstance(event, CardPlayedToCell)]
    assert played == [
        divmod(action, 9) for action in player_actions(state) if action < dracula.ROWS
    ]
    assert len(played) == 54
    coffins = coffins_from_events(log)
    past = state.observation(0)["past_coffins"]
    assert [cards for cards, _ in coffins] == [
        tuple(parse_card(text) for text in coffin) for coffin in past
    ]
    vampires = [event for _, event in log if isinstance(event, dracula_partnership.VampireGiven)]
    assert [(event.seat, format_card(event.card)) for event in vampires] == [(1, "V1"), (2, "V2")]


def test_partnership_a_vampire_given_is_said_in_words_to_every_seat_and_spectators() -> None:
    """The Vampires are handed out face up (rules-decisions §7: who holds one is
    public), so every seat and a spectator read who received one; the log said
    "Bob receives V1.", the notation a player types, where people expect "a
    Vampire" (and a French reader takes V for a valet: « Cy reçoit V2. »)."""
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(deck=shuffled_pack(game, 4))
    state.record_events()
    state.apply_action(state.string_to_action("rows"))  # the dealer's choice, before the deal
    for seat in (None, 0, 1, 2, 3):
        given = [
            event
            for _, event in state.event_log(seat)
            if isinstance(event, dracula_partnership.VampireGiven)
        ]
        assert [(event.seat, event.card is not None) for event in given] == [(1, True), (2, True)]
        said = [sentence("dracula-partnership", event, NAMES, Style()) for event in given]
        assert said == ["Bob receives a Vampire.", "Cy receives a Vampire."]
        french = [
            sentence("dracula-partnership", event, NAMES, Style(lang="fr")) for event in given
        ]
        assert french == ["Bob reçoit un Vampire.", "Cy reçoit un Vampire."]
    you = ["Ann", "You", "Cy", "Dan"]
    given_to_you = next(
        event
        for _, event in state.event_log(1)
        if isinstance(event, dracula_partnership.VampireGiven)
    )
    assert sentence("dracula-partnership", given_to_you, you, Style()) == "You receive a Vampire."


def test_dracula_a_vampire_dealt_is_said_in_words_to_its_receiver_only() -> None:
    # First dealer 0: seat 1 is dealt first, V1 (rules-decisions §6).
    deck = "V1 8S 6S 2H 3D 4C 9H KC 5S".split()
    state = parlour.load_game("dracula", first_dealer=0).new_initial_state(deck=deck)
    state.record_events()
    state.apply_action(state.string_to_action("rows"))
    state.apply_action(state.string_to_action("V1 a2"))
    names = ["Ann", "Bob"]

    def told(seat: int, lang: str, who: list[str]) -> list[str]:
        return [
            sentence("dracula", event, who, Style(lang=lang))
            for _, event in state.event_log(seat)
            if event.kind in ("card_dealt", "card_played") and event.seat == 1  # type: ignore[attr-defined]
        ]

    assert told(1, "en", ["Ann", "You"])[0] == "You are dealt a Vampire."
    assert told(1, "fr", ["Ann", "Vous"])[0] == "Vous recevez un Vampire."
    assert told(0, "en", names)[0] == "Bob is dealt a card."  # hidden from seat 0
    assert told(0, "en", names)[-1] == "Bob plays a Vampire to a2."
    assert told(0, "fr", names)[-1] == "Bob joue un Vampire en a2."
    dealt = [event for _, event in state.event_log(1) if event.kind == "card_dealt"]
    listed = dealing_sentence("dracula", dealt, ["Ann", "Vous"], Style(lang="fr"))
    assert "Vous: Vampire 6♠ 3♢ 9♡;" in listed


@pytest.mark.parametrize("name", ["dracula", "dracula-partnership", "thracula"])
def test_no_sentence_writes_a_vampire_in_the_notation_a_player_types(name: str) -> None:
    state = whole_game(name, seed=3)
    for seat in (None, *range(state.game.num_players)):
        for lang in ("en", "fr"):
            for _, event in state.event_log(seat):
                said = sentence(name, event, NAMES, Style(lang=lang))
                assert re.search(r"\bV[12]\b", said) is None, said


def test_partnership_seat_0_log_hides_the_other_three_hands() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    deck = shuffled_pack(game, 5)
    # Dealt from the dealer's left: position 0 to seat 1, position 1 to seat 2.
    assert_seat_blind_to_swap(game, deck, deck[0], deck[1], 0, partnership_card)
    assert_seat_blind_to_swap(game, deck, deck[2], deck[7], 1, partnership_card)


def test_partnership_scores_and_bonus_go_to_both_partners() -> None:
    state = whole_game("dracula-partnership", seed=8)
    for _, event in state.event_log():
        if isinstance(event, CoffinScored):
            assert event.scores[0] == event.scores[2] and event.scores[1] == event.scores[3]
        if event.kind == "end_bonus":
            seats = event.seats  # type: ignore[attr-defined]
            assert seats in ((0, 2), (1, 3))


# ----- Thracula ---------------------------------------------------------------------------------


def thracula_card(state: parlour.State, action: int) -> int | None:
    if action < thracula.PUT:
        card: int = state.hidden[action]  # type: ignore[attr-defined]
        return card
    return action - thracula.PUT


def test_thracula_log_names_every_card_put_and_each_take_to_its_taker_only() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    state = game.new_initial_state(deck=shuffled_pack(game, 6))
    state.record_events()
    play_out(state, 6)
    puts = [action - thracula.PUT for action in player_actions(state) if action >= thracula.PUT]
    public = [event for _, event in state.event_log()]
    assert [event.card for event in public if isinstance(event, CardPlayedToCell)] == puts
    for seat in range(3):
        for _, event in state.event_log(seat):
            if isinstance(event, thracula.CardTakenFromCell):
                assert (event.card is not None) == (event.seat == seat)
            if isinstance(event, thracula.CardLaidFaceDown):
                assert event.card is None
    coffins = coffins_from_events(state.event_log())
    past = state.observation(0)["past_coffins"]
    assert [cards for cards, _ in coffins] == [
        tuple(parse_card(text) for text in coffin) for coffin in past
    ]
    assert any(isinstance(event, thracula.DiscardsShuffled) for event in public)


def test_thracula_seat_0_log_hides_face_down_cells_and_other_hands() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    deck = shuffled_pack(game, 7)
    # Positions 0–8 are the hands (seat 1 first), 9–17 the first coffin face down.
    assert_seat_blind_to_swap(game, deck, deck[9], deck[10], 0, thracula_card)
    assert_seat_blind_to_swap(game, deck, deck[0], deck[15], 0, thracula_card)


def test_thracula_scored_event_gives_each_seat_the_better_of_its_lines() -> None:
    state = whole_game("thracula", seed=9)
    for _, event in state.event_log():
        if isinstance(event, CoffinScored):
            for seat, line in enumerate(event.owned_lines):
                assert event.scores[seat] == max(event.rows[line], event.columns[line])


# ----- Colour-blind -------------------------------------------------------------------------------


def colour_blind_card(state: parlour.State, action: int) -> int | None:
    return action


def test_colour_blind_log_names_every_card_led_and_followed_and_each_trick() -> None:
    game = parlour.load_game("colour-blind", first_dealer=0, deals=1)
    state = game.new_initial_state(deck=shuffled_pack(game, 8))
    state.record_events()
    play_out(state, 8)
    log = [event for _, event in state.event_log()]
    plays = [
        event.card
        for event in log
        if isinstance(event, colour_blind.CardLed | colour_blind.CardFollowed)
    ]
    assert plays == player_actions(state)
    row = [event.card for event in log if isinstance(event, colour_blind.RowCardDealt)]
    tricks = [event for event in log if isinstance(event, colour_blind.TrickWon)]
    assert [trick.row_card for trick in tricks] == row
    assert [card for trick in tricks for card in trick.cards] == plays
    good = next(event for event in log if isinstance(event, colour_blind.GoodColourKnown))
    assert good.colour == ("red" if colour_blind.good_colour_is_red(row) else "black")
    scored = next(event for event in log if isinstance(event, colour_blind.DealScored))
    for seat in range(3):
        assert scored.points[seat] == sum(trick.points for trick in tricks if trick.seat == seat)


def test_colour_blind_seat_0_log_hides_the_other_hands() -> None:
    game = parlour.load_game("colour-blind", first_dealer=0, deals=1)
    deck = shuffled_pack(game, 9)
    # Position 0 goes to seat 1, 1 to seat 2, 2 to seat 0, 3 to the row. Two
    # cards of one suit change hands without changing who may follow suit.

    def same_suit(position: int, slot: int) -> str:
        suit = deck[position][-1]
        return next(
            card for index, card in enumerate(deck) if index % 4 == slot and card[-1] == suit
        )

    assert_seat_blind_to_swap(game, deck, deck[0], same_suit(0, 1), 0, colour_blind_card)
    assert_seat_blind_to_swap(game, deck, deck[1], same_suit(1, 2), 1, colour_blind_card)


def test_colour_blind_dummy_14th_card_hidden_until_won_at_the_last_trick() -> None:
    game = parlour.load_game(
        "colour-blind", players=2, first_dealer=0, deals=1, last_card="last_trick"
    )
    state = game.new_initial_state(deck=shuffled_pack(game, 10))
    state.record_events()
    play_out(state, 10)
    for seat in (None, 0, 1):
        log = [event for _, event in state.event_log(seat)]
        dummy = next(event for event in log if isinstance(event, colour_blind.DummyCardDealt))
        assert dummy.card is None
        won = next(event for event in log if isinstance(event, colour_blind.LastCardWon))
        assert won.card == state.last_card  # type: ignore[attr-defined]


# ----- Nain Jaune ------------------------------------------------------------

_NAIN_JAUNE_KINDS = {
    "card_played": "play",
    "sans": "sans",
    "pass": "pass",
    "block": "block",
    "king": "king",
    "box_claimed": "claim",
    "box_forgotten": "forgot",
    "went_out": "out",
    "paid": "pay",
    "box_doubled": "double",
    "grand_opera": "grand_opera",
}


def nain_jaune_card(state: parlour.State, action: int) -> int | None:
    return action if action < 52 else None


def test_nain_jaune_typed_events_follow_the_deals_own_event_list() -> None:
    state = whole_game("nain-jaune", seed=12, max_deals=3, claim="manual", may_stop=True)
    log = [event for _, event in state.event_log()]
    deals = state.observation(0)["deals"]
    typed = [_NAIN_JAUNE_KINDS[event.kind] for event in log if event.kind in _NAIN_JAUNE_KINDS]
    own: list[str] = []
    for deal in state.completed:  # type: ignore[attr-defined]
        own += [nain_jaune.EVENT_NAMES[event[0]] for event in deal[5]]
    own = [kind for kind in own if kind not in ("stakes", "game_over")]
    assert typed == own
    assert len(deals) == 3


def test_nain_jaune_log_names_every_card_played_forced_ones_included() -> None:
    game = parlour.load_game("nain-jaune", first_dealer=0, max_deals=1)
    state = game.new_initial_state(deck=shuffled_pack(game, 13))
    state.record_events()
    play_out(state, 13)
    log = [event for _, event in state.event_log()]
    played = [event for event in log if isinstance(event, nain_jaune.CardPlayed)]
    deal = state.observation(0)["deals"][0]
    for seat in range(4):
        dealt = {parse_card(text) for text in deal["dealt"][seat]}
        left = {parse_card(text) for text in deal["left"][seat]}
        assert {event.card for event in played if event.seat == seat} == dealt - left
    assert any(event.forced for event in played)
    paid = [event for event in log if isinstance(event, nain_jaune.Paid)]
    assert {event.seat: set(event.cards) for event in paid} == {
        seat: {parse_card(text) for text in deal["left"][seat]}
        for seat in range(4)
        if seat != deal["winner"]
    }


def test_nain_jaune_seat_0_log_hides_the_other_hands_and_the_cards_left_aside() -> None:
    game = parlour.load_game("nain-jaune", first_dealer=0, max_deals=1)
    deck = shuffled_pack(game, 15)
    # Dealt from the dealer's left: position 0 to seat 1, 1 to seat 2; positions
    # 48–51 are left aside. Swapping two cards of one rank keeps the play alike.
    board = {"10D", "JC", "QS", "KH", "7D"}

    def same_rank(positions: list[int], others: list[int]) -> tuple[str, str]:
        return next(
            (deck[i], deck[j])
            for i in positions
            for j in others
            if deck[i][:-1] == deck[j][:-1] and not {deck[i], deck[j]} & board
        )

    seat_1, seat_2 = list(range(0, 48, 4)), list(range(1, 48, 4))
    assert_seat_blind_to_swap(
        game, deck, *same_rank(seat_1, list(range(48, 52))), 0, nain_jaune_card
    )
    assert_seat_blind_to_swap(game, deck, *same_rank(seat_1, seat_2), 0, nain_jaune_card)


def test_nain_jaune_stakes_and_the_deal_end_are_told() -> None:
    state = whole_game("nain-jaune", seed=15, max_deals=2, first_dealer=1)
    log = [event for _, event in state.event_log()]
    stakes = [event for event in log if isinstance(event, nain_jaune.StakesPaid)]
    assert len(stakes) == 2 and stakes[0].paid == (15, 15, 15, 15)
    assert stakes[0].boxes == tuple(stake * 4 for stake in nain_jaune.BOX_STAKES)
    ended = [event for event in log if isinstance(event, nain_jaune.DealEnded)]
    assert [list(event.changes) for event in ended] == [
        deal["chips_change"] for deal in state.observation(0)["deals"]
    ]
    over = log[-1]
    assert isinstance(over, GameEnded) and over.reason == "max_deals"


# ----- sentences, word for word ------------------------------------------------------


def test_sentences_name_seats_draw_cards_and_agree_with_you_and_vous() -> None:
    played = CardPlayedToCell(seat=0, card=parse_card("QH"), cell=4)
    assert sentence("dracula", played, ["Ann", "Bob"], Style()) == "Ann plays Q♡ to b2."
    assert sentence("dracula", played, ["You", "Bob"], Style()) == "You play Q♡ to b2."
    assert sentence("dracula", played, ["Vous", "Bob"], Style(lang="fr")) == "Vous jouez D♡ en b2."
    put = sentence("thracula", played, ["Ann", "Bob", "Cy"], Style(lang="fr"))
    assert put == "Ann pose D♡ face visible en b2."
    hidden = CardDealt(seat=1, card=parse_card("7D")).for_seat(0)
    assert sentence("nain-jaune", hidden, NAMES[:4], Style()) == "Bob is dealt a card."
    trick = colour_blind.TrickWon(
        seat=2, trick=3, cards=(0, 13, 26), row_card=parse_card("KS"), good=False, points=-13
    )
    assert sentence("colour-blind", trick, NAMES[:3], Style()) == (
        "Cy wins trick 3 (A♠ A♡ A♢) and the row card K♠ (-13)."
    )
    bonus_event = EndBonus(seats=(1, 3), bonus=28)
    bonus = sentence("dracula-partnership", bonus_event, NAMES[:4], Style(lang="fr"))
    assert bonus == "Bonus de fin : Bob et Dan ajoutent 28."


def test_nain_jaune_stakes_sentence_lists_each_seat_when_someone_pays_short() -> None:
    full = nain_jaune.StakesPaid(paid=(15, 15, 15), boxes=(3, 6, 9, 12, 15))
    short = nain_jaune.StakesPaid(paid=(15, 7, 15), boxes=(3, 6, 7, 8, 10))
    assert sentence("nain-jaune", full, NAMES[:3], Style()).startswith(
        "Everyone puts 15 chips on the board"
    )
    assert sentence("nain-jaune", short, NAMES[:3], Style(lang="fr")).startswith(
        "Mises : Ann 15, Bob 7, Cy 15 ;"
    )


@pytest.mark.parametrize("name", parlour.game_names())
def test_every_event_a_game_emits_is_on_its_rules_page(name: str) -> None:
    # parlour check's events check: three matches' kinds, each under "## Events".
    from parlour.kit.check import check_parts

    report = check_parts(name, only=("events",))
    if game_parts(name).pages is None or report.status("events") == "absent":
        pytest.skip(f"{name} declares no events or no pages (optional parts)")
    assert report.ok and "each on the rules page" in report.results[0].note, report.text()
