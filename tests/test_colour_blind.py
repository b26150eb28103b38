"""Colour-blind: rule clauses of rules-decisions.md §2 on forced deals, the
notation and forced-deal order of §6, views, sampling and the conformance test."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import parlour
from parlour.core.cards import format_card, parse_card
from parlour.core.errors import IllegalActionError, InvalidOptionError, ParlourError, ParseError
from parlour.core.game import CHANCE, State
from parlour.core.sampler import Rng
from parlour.games.colour_blind.rules import (
    ColourBlindGame,
    ColourBlindState,
    good_colour_is_red,
    recipient,
    row_points,
    trick_winner_index,
)
from parlour.games.colour_blind.text import render
from parlour.render import Style
from parlour.testing import check_game


def cards(text: str) -> list[int]:
    return [parse_card(word) for word in text.split()]


def forced_deck(
    dealer: int,
    hands: dict[int, str],
    row: str,
    *,
    players: int = 3,
    last: str | None = None,
    pack: Sequence[int] | None = None,
) -> list[str]:
    """A deck in the engine's dealing order, from the hands and row wanted.

    Hands not given in full are filled round-robin, in card order, from the cards
    left over (the 14th card for two players is taken from the leftovers too if
    not given).
    """
    pack_cards = list(pack) if pack is not None else list(range(52))
    row_cards = cards(row)
    full = {seat: cards(hands.get(seat, "")) for seat in range(players)}
    used = set(row_cards) | {card for hand in full.values() for card in hand}
    if last is not None:
        used.add(parse_card(last))
    spare = [card for card in pack_cards if card not in used]
    seat = 0
    while any(len(hand) < 13 for hand in full.values()):
        if len(full[seat]) < 13:
            full[seat].append(spare.pop(0))
        seat = (seat + 1) % players
    while len(row_cards) < 13:
        row_cards.append(spare.pop(0))
    last_card = parse_card(last) if last is not None else (spare.pop(0) if players == 2 else None)
    deck: list[str] = []
    for round_number in range(13):
        for offset in range(players):
            deck.append(format_card(full[(dealer + 1 + offset) % players][round_number]))
        deck.append(format_card(row_cards[round_number]))
    if last_card is not None:
        deck.append(format_card(last_card))
    return deck


def new_state(deck: list[str] | list[list[str]], **options: object) -> ColourBlindState:
    game = parlour.load_game("colour-blind", **options)
    state = game.new_initial_state(deck=deck)
    assert isinstance(state, ColourBlindState)
    return state


def play(state: State, texts: str) -> None:
    for text in texts.split():
        state.apply_text(text)


def play_out_deal(state: ColourBlindState, scripted: dict[int, list[str]] | None = None) -> None:
    """Play the current deal to its end: scripted seats play their list in order
    (first legal one), everybody else the first legal card."""
    deal = state.deal_index
    scripted = {seat: list(order) for seat, order in (scripted or {}).items()}
    while not state.is_terminal() and state.deal_index == deal:
        player = state.current_player()
        legal = state.legal_actions()
        choice = legal[0]
        for text in scripted.get(player, []):
            if parse_card(text) in legal:
                choice = parse_card(text)
                scripted[player].remove(text)
                break
        state.apply_action(choice)


TOP_HAND = "AS AH AD AC KS KH KD KC QS QH QD QC JS"
"""Thirteen cards that win every trick when led with JS first (nobody else can
equal a rank of J or more, and both others must follow spades to the JS)."""


# ----- dealing (§6) -------------------------------------------------------------------


def test_forced_deal_order_three_players() -> None:
    deck = [format_card(card) for card in range(52)]
    state = new_state(deck, first_dealer=2)
    # Dealer 2: seat 0, seat 1, seat 2, then the dummy, 13 rounds.
    assert state.observation(0)["hand"] == [format_card(card) for card in range(0, 52, 4)]
    assert state.observation(1)["hand"] == [format_card(card) for card in range(1, 52, 4)]
    assert state.observation(2)["hand"] == [format_card(card) for card in range(2, 52, 4)]
    assert state.observation(0)["row"] == [format_card(card) for card in range(3, 52, 4)]
    assert [recipient(3, 2, index) for index in range(5)] == [0, 1, 2, 3, 0]


def test_row_is_dummy_in_dealt_order() -> None:
    row = "KC 2H 3H 4H 5H 6H 7H 2S 3S 4S 5S 6S QD"
    state = new_state(forced_deck(0, {}, row), first_dealer=0)
    assert state.observation(1)["row"] == row.split()
    assert state.observation(1)["row_next"] == 0


def test_deals_pass_left_and_deck_per_deal() -> None:
    first = forced_deck(1, {}, "2H 3H 4H 5H 6H 7H 8H 2S 3S 4S 5S 6S 7S")
    second = forced_deck(2, {}, "2D 3D 4D 5D 6D 7D 8D 2C 3C 4C 5C 6C 7C")
    state = new_state([first, second], first_dealer=1)
    assert state.dealer == 1
    play_out_deal(state)
    assert state.dealer == 2
    assert state.observation(0)["row"][0] == "2D"
    assert state.current_player() == 0


def test_first_dealer_random_is_a_public_chance_event() -> None:
    game = parlour.load_game("colour-blind")
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert state.action_to_string(2) == "seat 2"
    state.apply_text("Seat 2")
    assert state.observation(0)["dealer"] == 2
    assert state.seen_history(1) == ((CHANCE, 2),)


# ----- trick play (§2) ----------------------------------------------------------------


def test_dealer_left_leads_first_trick() -> None:
    state = new_state(forced_deck(1, {}, ""), first_dealer=1)
    assert state.current_player() == 2


def test_follow_suit_when_able() -> None:
    deck = forced_deck(0, {1: "5S 9H", 2: "7S KH", 0: "2S"}, "")
    state = new_state(deck, first_dealer=0)
    play(state, "5S")
    legal = [format_card(card) for card in state.legal_actions()]
    assert all(card.endswith("S") for card in legal)
    before = state.serialize()
    with pytest.raises(IllegalActionError, match="you must follow suit: you hold ♠"):
        state.apply_text("KH")
    assert state.serialize() == before


def test_any_card_when_void_in_led_suit() -> None:
    spades = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    deck = forced_deck(0, {1: spades}, "")
    state = new_state(deck, first_dealer=0)
    play(state, "5S")
    assert len(state.legal_actions()) == 13


def test_follow_suit_false_allows_any_card() -> None:
    deck = forced_deck(0, {1: "5S", 2: "7S KH"}, "")
    state = new_state(deck, first_dealer=0, follow_suit=False)
    play(state, "5S")
    assert len(state.legal_actions()) == 13
    play(state, "KH")


def test_off_suit_winner_highest_rank_whatever_the_suit() -> None:
    spades = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    deck = forced_deck(0, {0: spades, 1: "4H", 2: "KH QD"}, "JH")
    state = new_state(deck, first_dealer=0)
    # Seat 1 leads 4H, seat 2 follows KH, seat 0 (void in hearts) plays 7S.
    play(state, "4H KH 7S")
    observation = state.observation(0)
    assert observation["row_won_by"] == [2]
    assert observation["won"][2] == ["JH"]
    assert state.current_player() == 2  # the winner leads


def test_ace_is_high_in_play() -> None:
    assert trick_winner_index(cards("KS AS QS")) == 1
    assert trick_winner_index(cards("2S AC KS")) == 1
    assert trick_winner_index(cards("2H 3C")) == 1


def test_equal_ranks_last_played_wins() -> None:
    assert trick_winner_index(cards("9S 9H 3S")) == 1
    assert trick_winner_index(cards("9S 9H 9C")) == 2
    assert trick_winner_index(cards("9S 9H")) == 1
    deck = forced_deck(0, {1: "9S", 2: "9H 2D", 0: "9C 2C"}, "5D")
    state = new_state(deck, first_dealer=0, follow_suit=False)
    play(state, "9S 9H 9C")
    assert state.row_owner == [0]


def test_trick_winner_takes_next_row_card_and_leads() -> None:
    deck = forced_deck(0, {1: "2S 3S", 2: "AS 4S", 0: "5S 6S"}, "KH QC")
    state = new_state(deck, first_dealer=0)
    play(state, "2S AS 5S")
    assert state.observation(1)["won"] == [[], [], ["KH"]]
    assert state.observation(1)["row_next"] == 1
    assert state.current_player() == 2
    play(state, "4S 6S 3S")
    assert state.observation(2)["won"] == [["QC"], [], ["KH"]]
    assert state.current_player() == 0
    # The trick's own cards never score: only row cards are listed as won.
    assert state.observation(2)["tricks"][0]["cards"] == ["2S", "AS", "5S"]


# ----- colour and scoring -------------------------------------------------------------


def test_good_colour_is_majority_of_row_red() -> None:
    state = new_state(forced_deck(0, {}, "2H 3H 4H 5H 6H 7H 8H KS KC QS QC JS JC"), first_dealer=0)
    assert state.observation(0)["good_colour"] == "red"


def test_good_colour_is_majority_of_row_black() -> None:
    state = new_state(forced_deck(0, {}, "AH KH QH JH 10H 9H 2S 3S 4S 5S 6S 7S 2C"), first_dealer=0)
    assert state.observation(2)["good_colour"] == "black"
    assert good_colour_is_red(cards("2H 3H 4H 5H 6H 7H 8H 2S 3S 4S 5S 6S 7S"))


def test_deal_score_good_minus_bad() -> None:
    row = "10H 9H 8H 7H 10D 9D 8D 2C 3C 4C 5C 6C 7C"  # red 61, black 27
    deck = forced_deck(0, {1: TOP_HAND}, row)
    state = new_state(deck, first_dealer=0, deals=1)
    play_out_deal(state, {1: TOP_HAND.split()[::-1]})
    assert state.row_owner == [1] * 13
    assert state.score_sheet()[0].scores == (0, 34, 0)
    assert state.returns() == [0.0, 34.0, 0.0]
    assert row_points(cards(row), good_red=True) == 34


def test_face_values_ace_one_court_cards_eleven_to_thirteen() -> None:
    assert row_points(cards("AH JH QH KH"), good_red=True) == 1 + 11 + 12 + 13
    assert row_points(cards("AS 10C"), good_red=True) == -11


def test_negative_deal_score_counts_zero() -> None:
    row = "2H 3H 4H 5H 2D 3D 4D 10C 9C 8C 7C 6C JC"  # red 23, black 51
    deck = forced_deck(0, {1: TOP_HAND}, row)
    state = new_state(deck, first_dealer=0, deals=1)
    play_out_deal(state, {1: TOP_HAND.split()[::-1]})
    assert state.deal_points == [0, -28, 0]
    assert state.score_sheet()[0].scores == (0, 0, 0)
    assert state.returns() == [0.0, 0.0, 0.0]
    assert "negative" in state.score_sheet()[0].note


def test_game_is_one_deal_per_player_by_default() -> None:
    state = parlour.load_game("colour-blind").new_initial_state(seed=4)
    deals = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[-1])
    deals = len(state.score_sheet())
    assert deals == 3
    totals = [sum(line.scores[seat] for line in state.score_sheet()) for seat in range(3)]
    assert state.returns() == [float(total) for total in totals]


def test_target_score_ends_after_the_deal_reaching_it() -> None:
    row = "10H 9H 8H 7H 10D 9D 8D 2C 3C 4C 5C 6C 7C"  # seat 1 scores 34
    deck = forced_deck(0, {1: TOP_HAND}, row)
    state = new_state(deck, first_dealer=0, target_score=30)
    play_out_deal(state, {1: TOP_HAND.split()[::-1]})
    assert state.is_terminal()
    assert state.winners() == [1]


def test_equal_totals_share_the_win() -> None:
    deck = forced_deck(0, {1: TOP_HAND}, "2H 3H 4H 5H 2D 3D 4D 10C 9C 8C 7C 6C JC")
    state = new_state(deck, first_dealer=0, deals=1)
    play_out_deal(state, {1: TOP_HAND.split()[::-1]})
    assert state.winners() == [0, 1, 2]


# ----- two players --------------------------------------------------------------------


def pack_without(ranks: str) -> list[int]:
    removed = set(ranks.split())
    return [card for card in range(52) if format_card(card)[:-1] not in removed]


def test_two_player_deal_removes_789_and_deals_13_13_14() -> None:
    pack = pack_without("7 8 9")
    deck = forced_deck(0, {}, "", players=2, pack=pack)
    assert len(deck) == 40
    state = new_state(deck, players=2, first_dealer=0)
    assert [len(state.observation(seat)["hand"]) for seat in (0, 1)] == [13, 13]
    assert len(state.observation(0)["row"]) == 13
    assert state.last_card == parse_card(deck[39])
    assert state.current_player() == 1  # the non-dealer leads
    # Order: non-dealer, dealer, dummy, 13 rounds, then the dummy's 14th card.
    assert state.observation(1)["hand"][0] == deck[0]
    assert state.observation(0)["hand"][0] == deck[1]
    assert state.observation(0)["row"][0] == deck[2]
    with pytest.raises(ParseError, match="7S is not in the pack"):
        new_state(["7S", *deck[1:]], players=2)


def test_two_player_removed_ranks_jqk() -> None:
    game = parlour.load_game("colour-blind", players=2, removed_ranks="JQK")
    assert game.pack(0) == sum(1 << card for card in pack_without("J Q K"))
    state = game.new_initial_state(seed=1)
    seen = set()
    for seat in (0, 1):
        seen |= set(state.observation(seat)["hand"])
    seen |= set(state.observation(0)["row"])
    assert not any(card[:-1] in ("J", "Q", "K") for card in seen)
    assert any(card[:-1] == "8" for card in seen)


def test_fourteenth_card_does_not_count_for_majority() -> None:
    pack = pack_without("7 8 9")
    row = "2S 3S 4S 5S 6S 10S JS 2H 3H 4H 5H 6H 10H"  # 7 black, 6 red
    deck = forced_deck(0, {}, row, players=2, last="KH", pack=pack)
    state = new_state(deck, players=2, first_dealer=0)
    assert state.observation(0)["good_colour"] == "black"


def test_two_player_last_card_unused() -> None:
    pack = pack_without("7 8 9")
    deck = forced_deck(0, {}, "", players=2, last="KH", pack=pack)
    state = new_state(deck, players=2, first_dealer=0, deals=1)
    for seat in (0, 1):
        assert "KH" not in str(state.observation(seat))
    play_out_deal(state)
    for seat in (0, 1):
        observation = state.observation(seat)
        assert observation["last_card"] is None
        assert "KH" not in str(observation["won"])
    assert state.last_card_owner == -1


def test_two_player_last_card_goes_to_last_trick() -> None:
    pack = pack_without("7 8 9")
    row = "2S 3S 4S 5S 6S 10S JS 2H 3H 4H 5H 6H 10H"  # black good; KH costs 13
    deck = forced_deck(0, {}, row, players=2, last="KH", pack=pack)
    unused = new_state(deck, players=2, first_dealer=0, deals=1)
    taken = new_state(deck, players=2, first_dealer=0, deals=1, last_card="last_trick")
    play_out_deal(unused)
    play_out_deal(taken)
    winner = taken.row_owner[-1]
    assert taken.last_card_owner == winner
    assert taken.observation(1 - winner)["last_card"] == "KH"
    assert "KH" in taken.observation(0)["won"][winner]
    assert taken.deal_points[winner] == unused.deal_points[winner] - 13
    assert taken.deal_points[1 - winner] == unused.deal_points[1 - winner]


# ----- notation and bad input -------------------------------------------------------


def test_action_notation_and_tolerant_parsing() -> None:
    deck = forced_deck(0, {1: "10H QH"}, "")
    state = new_state(deck, first_dealer=0)
    action = parse_card("10H")
    assert state.action_to_string(action) == "10H"
    for text in ("10H", "th", " t♥ ", "10♡", "10h"):
        assert state.string_to_action(text) == action


def test_malformed_text_raises_and_names_the_form() -> None:
    state = new_state(forced_deck(0, {}, ""), first_dealer=0)
    before = state.serialize()
    for text in ("", "QH QS", "ZZ", "play QH"):
        with pytest.raises(ParseError, match="write one card such as 'QH'"):
            state.apply_text(text)
    assert state.serialize() == before


def test_card_not_held_is_illegal() -> None:
    state = new_state(forced_deck(0, {1: "5S", 2: "QH"}, ""), first_dealer=0)
    before = state.serialize()
    with pytest.raises(IllegalActionError, match="you do not hold QH") as error:
        state.apply_text("QH")
    assert "seat 1" in str(error.value) and "5S" in str(error.value)
    assert state.serialize() == before


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"players": 4}, "allowed: 3 | 2"),
        ({"first_dealer": 2, "players": 2}, "allowed: random | 0 | 1"),
        ({"removed_ranks": "JQK"}, "only with players=2"),
        ({"last_card": "last_trick"}, "only with players=2"),
        ({"players": 2, "last_card": "first"}, "allowed: unused | last_trick"),
        ({"deals": 0}, "allowed: a whole number 1–100"),
    ],
)
def test_bad_options_raise_naming_what_is_allowed(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        parlour.load_game("colour-blind", **options)


# ----- views and sampling -----------------------------------------------------------


def test_view_hides_other_hands_and_fourteenth_card() -> None:
    pack = pack_without("7 8 9")
    deck = forced_deck(0, {}, "", players=2, last="KH", pack=pack)
    state = new_state(deck, players=2, first_dealer=0)
    observation = state.observation(0)
    other = state.observation(1)["hand"]
    assert not set(other) & set(str(observation).replace("'", " ").split())
    assert observation["hand_sizes"] == [13, 13]
    assert observation["dummy_last_card"] is True and observation["last_card"] is None
    hidden = [step for step in state.seen_history(0) if step[1] is None]
    assert len(hidden) == 14  # the other hand and the 14th card


def test_states_differing_only_in_hidden_cards_give_equal_views() -> None:
    base = forced_deck(0, {1: "5S 6H", 2: "7S 8H"}, "")
    swapped = list(base)
    first, second = base.index("6H"), base.index("8H")
    swapped[first], swapped[second] = swapped[second], swapped[first]
    one = new_state(base, first_dealer=0)
    two = new_state(swapped, first_dealer=0)
    assert one.view(0) == two.view(0)
    assert one.view(1) != two.view(1)
    play(one, "5S 7S")
    play(two, "5S 7S")
    assert one.view(0) == two.view(0)
    pack = pack_without("7 8 9")
    deck = forced_deck(0, {}, "", players=2, last="KH", pack=pack)
    other = list(deck)
    other[0], other[39] = other[39], other[0]  # seat 1's first card and the 14th card
    a = new_state(deck, players=2, first_dealer=0)
    b = new_state(other, players=2, first_dealer=0)
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)


def random_position(game: ColourBlindGame, seed: int) -> State:
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    for _ in range(rng.randrange(0, 120)):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    "options",
    [{}, {"follow_suit": False}, {"players": 2}, {"players": 2, "last_card": "last_trick"}],
)
def test_sample_state_is_consistent_with_the_view(options: dict[str, object]) -> None:
    game = parlour.load_game("colour-blind", **options)
    for seed in range(25):
        state = random_position(game, seed)
        for seat in range(game.num_players):
            view = state.view(seat)
            sampled = view.sample_state(Rng(seed))
            assert sampled.view(seat) == view


def test_sample_state_mid_deal_with_explicit_chance() -> None:
    game = parlour.load_game("colour-blind", first_dealer=0)
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    view = state.view(1)
    assert view.sample_state(Rng(1)).view(1) == view


def test_sample_state_respects_voids() -> None:
    # Seat 2 shows a void in spades at once; seat 0 too.
    spades_for_1 = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    deck = forced_deck(0, {1: spades_for_1}, "")
    state = new_state(deck, first_dealer=0)
    play(state, "2S")
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    # Seat 0 (viewer) knows nothing new, but seat 1's view: the others are void in ♠.
    view = state.view(1)
    spades = sum(1 << card for card in range(13))
    hidden_seen: set[int] = set()
    for seed in range(30):
        sampled = view.sample_state(Rng(seed))
        assert isinstance(sampled, ColourBlindState)
        assert sampled.view(1) == view
        assert sampled.hands[0] & spades == 0 and sampled.hands[2] & spades == 0
        hidden_seen.add(sampled.hands[0])
    assert len(hidden_seen) > 1  # the hidden hands really are drawn


def test_sample_state_gives_a_void_suit_to_the_other_hand() -> None:
    # Seat 0 shows a void in hearts; the hidden hearts must all go to seat 2.
    deck = forced_deck(
        0, {1: "2H", 2: "3H 4H 5H", 0: "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"}, ""
    )
    state = new_state(deck, first_dealer=0)
    play(state, "2H 3H 2S")
    view = state.view(1)
    hearts = sum(1 << card for card in range(13, 26))
    for seed in range(30):
        sampled = view.sample_state(Rng(seed))
        assert isinstance(sampled, ColourBlindState)
        assert sampled.hands[0] & hearts == 0
        assert sampled.view(1) == view


# ----- rendering ----------------------------------------------------------------------


def test_render_shows_row_marker_good_colour_scores_and_trick_without_colour() -> None:
    deck = forced_deck(0, {1: "2S 3S", 2: "AS 4S", 0: "5S 6S"}, "KH QC 2D")
    state = new_state(deck, first_dealer=0)
    play(state, "2S AS 5S 4S")
    text = render(state.view(0), Style(colour=False), ["Ann", "Bob", "Cy"])
    assert "\x1b" not in text
    assert "»Q♣«" in text
    assert "K♡" in text  # red suits outlined, black solid
    assert "Good colour:" in text
    assert "Cy" in text and "Your turn" in text
    assert "Trick: Cy 4♠" in text


# ----- conformance ------------------------------------------------------------------


@pytest.mark.parametrize("options", ColourBlindGame.conformance_options)
def test_conformance(options: dict[str, object]) -> None:
    check_game("colour-blind", playouts=2, **options)


def test_max_game_length_is_an_upper_bound() -> None:
    game = parlour.load_game("colour-blind")
    state = game.new_initial_state(seed=9)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history) == game.max_game_length()  # random dealer + 3 × (52 + 39)


def test_observation_of_unknown_seat_raises() -> None:
    state = parlour.load_game("colour-blind").new_initial_state(seed=1)
    with pytest.raises(ParlourError, match="seats are 0 to 2"):
        state.observation(3)


def test_render_in_french() -> None:
    state = new_state(forced_deck(0, {}, ""), first_dealer=0)
    text = render(state.view(1), Style(lang="fr"), ["Ann", "Bob", "Cy"])
    assert "Bonne couleur" in text and "Votre main" in text


@pytest.mark.parametrize(
    ("lang", "names", "said"),
    [
        ("en", ["You", "Bot 2", "Bot 3"], "You 0 (-21: below zero counts 0), Bot 2 12"),
        ("fr", ["Vous", "Robot 2", "Robot 3"], "Vous 0 (-21 : un résultat négatif compte 0)"),
    ],
)
def test_a_negative_deal_is_said_in_the_rules_words(lang: str, names: list[str], said: str) -> None:
    """tmux at 80×24: "You 0 (-21 counts 0)" left a newcomer guessing. The deal's
    score says the rule as the player's page words it: below zero counts 0."""
    from parlour.games.colour_blind.events import DealScored
    from parlour.games.colour_blind.text import sentence

    event = DealScored(1, (-21, 12, 3), (0, 12, 3), (0, 12, 3))
    text = sentence(event, names, Style(lang=lang))
    assert text is not None and said in text, text
