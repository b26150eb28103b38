"""Nain Jaune: rule clauses of rules-decisions.md §3 on forced deals, the notation
and forced-deal order of §6, automatic moves, views, sampling, rendering and the
conformance test."""

from __future__ import annotations

import json
import random
import re

import pytest

import parlour
from parlour.core.cards import format_card, parse_card
from parlour.core.errors import IllegalActionError, InvalidOptionError, ParseError
from parlour.core.game import CHANCE, State
from parlour.core.sampler import Rng
from parlour.games.nain_jaune.rules import (
    CLAIM,
    DEAL_TABLE,
    PLAY_ON,
    STOP,
    NainJauneGame,
    NainJauneState,
    hand_constraints,
)
from parlour.games.nain_jaune.text import move_groups, render
from parlour.render import Style
from parlour.testing import check_game

# ----- helpers --------------------------------------------------------------------------


def forced_deck(
    hands: dict[int, str], *, players: int = 3, dealer: int = 2, step: int = 1
) -> list[str]:
    """The deck in the engine's dealing order for the hands wanted: one card at a
    time from the player after the dealer, in the direction of play; the cards
    left aside (the rest of the pack) last. Hands not given in full are filled
    round-robin, in card order, from the cards left over."""
    size, aside = DEAL_TABLE[players]
    full = {seat: hands.get(seat, "").split() for seat in range(players)}
    used = {parse_card(card) for hand in full.values() for card in hand}
    assert len(used) == sum(len(hand) for hand in full.values()), "a card is given twice"
    spare = [format_card(card) for card in range(52) if card not in used]
    seat = 0
    while any(len(hand) < size for hand in full.values()):
        if len(full[seat]) < size:
            full[seat].append(spare.pop(0))
        seat = (seat + 1) % players
    assert len(spare) == aside
    assert all(len(hand) == size for hand in full.values()), "a hand is too long"
    deck = []
    for round_number in range(size):
        for offset in range(1, players + 1):
            deck.append(full[(dealer + step * offset) % players][round_number])
    return deck + spare


def new_state(deck: list[str] | list[list[str]], **options: object) -> NainJauneState:
    options.setdefault("players", 3)
    options.setdefault("first_dealer", 2)
    game = parlour.load_game("nain-jaune", **options)
    state = game.new_initial_state(deck=deck)
    assert isinstance(state, NainJauneState)
    return state


def play(state: State, texts: str) -> None:
    for text in texts.split(","):
        state.apply_text(text.strip())


def events(state: NainJauneState, player: int = 0) -> list[dict[str, object]]:
    found = state.observation(player)["events"]
    assert isinstance(found, list)
    return found


def compact(state: NainJauneState) -> list[str]:
    """The deal's events as short texts, e.g. ``0:2S`` (chosen), ``0:3S!`` (forced),
    ``sans0:5``, ``pass1:5``, ``block2:5``, ``king2``, ``claim2:7D=15``."""
    result = []
    for event in events(state):
        kind = event["type"]
        if kind == "play":
            result.append(f"{event['player']}:{event['card']}" + ("!" if event["forced"] else ""))
        elif kind == "sans":
            result.append(
                f"sans{event['player']}:{event['rank']}" + ("*" if event["stopped"] else "")
            )
        elif kind in ("pass", "block"):
            result.append(f"{kind}{event['player']}:{event['rank']}")
        elif kind in ("king", "out"):
            result.append(f"{kind}{event['player']}")
        elif kind == "claim":
            result.append(f"claim{event['player']}:{event['box']}={event['chips']}")
        elif kind == "forgot":
            result.append(f"forgot{event['player']}:{event['box']}+{event['penalty']}")
        elif kind == "pay":
            result.append(f"pay{event['player']}>{event['to']}={event['chips']}/{event['owed']}")
        elif kind == "double":
            result.append(
                f"double{event['player']}:{event['box']}+{event['chips']}/{event['owed']}"
            )
        elif kind == "grand_opera":
            result.append(f"opera{event['player']}={event['chips']}")
        else:
            result.append(str(kind))
    return result


# Three players, seat 2 deals, seat 0 leads. Seat 0 holds one 3 and one 4 and
# no 5; seat 1 holds no 5; seat 2 holds the only 5 in play (5C), two 6s, two 7s
# (7D, the yellow dwarf, and 7C) and then a straight 8C 9C 10D JC QC KC.
SEAT_0 = "AS AH 2S 3S 4S 7S 8S 8H 9S 9H 10S 10H JS QH KS"
SEAT_1 = "AD 2H 3H 4H 6S 7H 8D 9D 10C JH JD QS QD KH KD"
SEAT_2 = "AC 2D 3D 4D 5C 6H 6C 7D 7C 8C 9C 10D JC QC KC"
ASIDE = ["2C", "3C", "4C", "5S", "5H", "5D", "6D"]
BASIC = forced_deck({0: SEAT_0, 1: SEAT_1, 2: SEAT_2})


# ----- dealing (§3, §6) -----------------------------------------------------------------


def test_forced_deal_order_one_card_at_a_time_from_the_player_after_the_dealer() -> None:
    state = new_state(BASIC)
    assert BASIC[:3] == ["AS", "AD", "AC"]
    assert sorted(BASIC[-7:]) == sorted(ASIDE)
    for seat, hand in enumerate((SEAT_0, SEAT_1, SEAT_2)):
        assert sorted(state.observation(seat)["hand"]) == sorted(hand.split())


@pytest.mark.parametrize("players", sorted(DEAL_TABLE))
def test_deal_table_cards_each_and_left_aside(players: int) -> None:
    game = parlour.load_game("nain-jaune", players=players, first_dealer=0)
    state = game.new_initial_state(seed=players)
    size, aside = DEAL_TABLE[players]
    assert {3: (15, 7), 4: (12, 4), 5: (9, 7), 6: (8, 4), 7: (7, 3), 8: (6, 4)}[players] == (
        size,
        aside,
    )
    # Only the hands are dealt: the cards left aside are not chance steps at all.
    assert len(state.history) == players * size
    observation = state.observation(0)
    assert observation["left_aside"] == aside
    # Cards played so far were forced or chosen; hands plus pile are the dealt cards.
    total = sum(observation["hand_sizes"]) + len(observation["pile"])
    assert total == players * size


def test_cards_left_aside_are_never_seen() -> None:
    state = new_state(BASIC)
    play(state, "2S")
    for seat in range(3):
        text = json.dumps(state.observation(seat))
        for card in ASIDE:
            assert f'"{card}"' not in text
    # Even after the deal, the aside cards stay unseen (hands shown are the dealt ones).
    while state.deal_number == 1 and not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    for seat in range(3):
        summary = state.observation(seat)["deals"][0]
        shown = {card for hand in summary["dealt"] for card in hand}
        assert not shown & set(ASIDE)


def test_each_deal_is_its_own_pack_section_and_the_deal_passes_on() -> None:
    second = forced_deck({}, dealer=0)
    state = new_state([BASIC, second], max_deals=2, start_chips=300)
    while state.deal_number == 1 and not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.dealer == 0
    assert state.observation(1)["hand"] == sorted(
        second[0::3][:15], key=parse_card
    )  # seat 1 is first after dealer 0


def test_first_dealer_random_is_a_public_chance_event() -> None:
    game = parlour.load_game("nain-jaune", players=4)
    state = game.new_initial_state()
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(seat, 0.25) for seat in range(4)]
    assert state.action_to_string(3) == "seat 3"
    state.apply_text("seat 3")
    assert state.observation(0)["dealer"] == 3
    assert state.seen_history(1)[0] == (CHANCE, 3)


def test_direction_anticlockwise_deals_and_plays_to_the_right() -> None:
    deck = forced_deck({2: SEAT_0, 1: SEAT_1, 0: SEAT_2}, dealer=0, step=-1)
    state = new_state(deck, first_dealer=0, direction="anticlockwise")
    assert sorted(state.observation(2)["hand"]) == sorted(SEAT_0.split())
    assert state.current_player() == 2  # the player after the dealer, to his right
    play(state, "2S")
    # Seat 2 says sans 5; seat 1 passes; seat 0 (holding 5C) takes over.
    assert compact(state)[1:7] == ["2:2S", "2:3S!", "2:4S!", "sans2:5", "pass1:5", "0:5C!"]
    assert state.current_player() == 0


# ----- stakes and the board (§3) -----------------------------------------------------------


def test_stakes_before_every_deal() -> None:
    state = new_state(BASIC)
    observation = state.observation(0)
    assert [box["chips"] for box in observation["boxes"]] == [3, 6, 9, 12, 15]
    assert [box["card"] for box in observation["boxes"]] == ["10D", "JC", "QS", "KH", "7D"]
    assert observation["chips"] == [85, 85, 85]
    assert events(state)[0] == {"type": "stakes", "dealer": 2, "each": 15, "paid": [15, 15, 15]}


# Eight players, seat 7 deals. Seat 0 runs 8S 9S, says "sans 10"; seat 1 takes
# with 10C and says "sans valet"; everybody passes until seat 0, who holds JS and
# runs JS QS KS, then AS alone: out. Seat 1 played, so no grand opéra; 7D, 10D and
# KH stay in hands and double their boxes; JC is left aside.
CARRY_HANDS = {
    0: "8S 9S JS QS KS AS",
    1: "10C 7D 2S 3S 4S 5S",
    2: "10D 6S 7S 2H 3H 4H",
    3: "KH 5H 6H 7H 8H 9H",
    4: "10H AH AD 2D 3D 4D",
    5: "5D 6D 8D 9D QH QD",
    6: "10S AC 2C 3C 4C 5C",
    7: "6C 7C 8C 9C QC KC",
}
CARRY = forced_deck(CARRY_HANDS, players=8, dealer=7)


def test_sans_offer_goes_round_to_the_announcer_side() -> None:
    state = new_state(CARRY, players=8, first_dealer=7, max_deals=1, start_chips=200)
    play(state, "8S")
    tail = compact(state)
    assert tail[1:5] == ["0:8S", "0:9S!", "sans0:10", "1:10C!"]
    assert tail[5:12] == ["sans1:J", *(f"pass{seat}:J" for seat in range(2, 8))]
    assert tail[12:18] == ["0:JS!", "0:QS!", "claim0:QS=24", "0:KS!", "king0", "0:AS!"]
    assert tail[18] == "out0"


def test_unclaimed_boxes_carry_over_to_the_next_deal() -> None:
    state = new_state(CARRY, players=8, first_dealer=7, max_deals=2, start_chips=200)
    play(state, "8S")
    tail = compact(state.clone())
    assert state.deal_number == 2
    last = [event for event in state.observation(0)["last_deal_events"]]
    doubles = [(e["player"], e["box"], e["chips"]) for e in last if e["type"] == "double"]
    assert doubles == [(1, "7D", 40), (2, "10D", 8), (3, "KH", 32)]
    assert not any(event["type"] == "grand_opera" for event in last)
    # After deal 1: 10D 16, JC 16 (its card was aside), QS 0 (claimed), KH 64, 7D 80;
    # then the second deal's stakes: 8, 16, 24, 32, 40.
    boxes = [box["chips"] for box in state.observation(0)["boxes"]]
    assert boxes == [24, 32, 24, 96, 120]
    assert tail[0] == "stakes"
    assert sum(state.chips) + sum(boxes) == 1600


# ----- runs, sans X, blocks and Kings (§3) ------------------------------------------------


def test_runs_ascend_regardless_of_suit_and_a_single_card_is_played_for_the_player() -> None:
    state = new_state(BASIC)
    assert state.current_player() == 0
    assert len(state.legal_actions()) == 15  # any card starts the deal
    play(state, "2S")
    assert compact(state)[1:4] == ["0:2S", "0:3S!", "0:4S!"]
    # Seat 2 now chooses between two 6s (6H, 6C): suits do not matter.
    assert state.current_player() == 2
    assert [format_card(a) for a in state.legal_actions()] == ["6H", "6C"]
    play(state, "6C")
    assert compact(state)[-1] == "2:6C"


def test_holding_the_next_rank_obliges_playing_it() -> None:
    state = new_state(BASIC)
    play(state, "2S")
    # No decision was offered for 3S and 4S: the history holds only 2S.
    assert [state.action_to_string(a) for a in state.history[45:]] == ["2S"]
    with pytest.raises(IllegalActionError, match="run needs a 6"):
        state.apply_text("7C")
    with pytest.raises(IllegalActionError, match="may_stop is false"):
        state.apply_action(STOP)


def test_may_stop_lets_a_player_stop_while_holding_the_next_rank() -> None:
    state = new_state(BASIC, may_stop=True)
    play(state, "2S")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["3S", "stop"]
    play(state, "stop")
    # "sans 3" by choice; seat 1 holds 3H and must take over (no stop when offered),
    # then may stop again in his own run.
    assert compact(state)[2:] == ["sans0:3*", "1:3H!"]
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["4H", "stop"]


def test_sans_passes_to_the_next_player_holding_the_rank() -> None:
    state = new_state(BASIC)
    play(state, "2S")
    assert compact(state)[4:7] == ["sans0:5", "pass1:5", "2:5C!"]
    sans = state.observation(1)["sans"]
    assert sans == [
        {"player": 0, "rank": "5", "stopped": False, "passed": [1], "taken_by": 2, "blocked": False}
    ]


def test_king_restarts_the_run_with_any_card() -> None:
    state = new_state(BASIC)
    play(state, "2S, 6H, 7C")
    # 8C 9C 10D JC QC KC follow by force; after the King seat 2 starts anew.
    assert compact(state)[-10:] == [
        "2:7C",
        "2:8C!",
        "2:9C!",
        "2:10D!",
        "claim2:10D=3",
        "2:JC!",
        "claim2:JC=6",
        "2:QC!",
        "2:KC!",
        "king2",
    ]
    assert state.current_player() == 2
    assert state.observation(2)["needed_rank"] is None
    assert sorted(state.observation(2)["hand"]) == sorted("AC 2D 3D 4D 6C 7D".split())
    assert len(state.legal_actions()) == 6


def test_block_nobody_holds_the_rank_last_player_starts_anew() -> None:
    state = new_state(BASIC)
    play(state, "2S, 6H, 7C, 4D")
    # 5C is gone and the other 5s are aside: nobody has a 5.
    assert compact(state)[-5:] == ["2:4D", "sans2:5", "pass0:5", "pass1:5", "block2:5"]
    assert state.current_player() == 2
    assert state.observation(0)["sans"][-1]["blocked"] is True
    assert state.observation(0)["run"] == []
    assert len(state.legal_actions()) == 5  # any card: AC 2D 3D 6C 7D


def test_on_block_next_rank_forces_the_lowest_rank_above() -> None:
    state = new_state(BASIC, on_block="next_rank")
    play(state, "2S, 6H, 7C, 4D")
    # After the block on 5, seat 2 must play his lowest rank above 5: 6C, his only
    # one, so it is played for him; 7D follows (and wins its box); then "sans 8".
    tail = compact(state)
    start = tail.index("block2:5")
    assert tail[start + 1 :] == ["2:6C!", "2:7D!", "claim2:7D=15", "sans2:8"]
    assert state.current_player() == 0
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["8S", "8H"]


def test_on_block_next_rank_illegal_card_names_the_rule() -> None:
    # As BASIC, but seat 2 holds 6D instead of AC (AC is left aside).
    deck = forced_deck({0: SEAT_0, 1: SEAT_1, 2: SEAT_2.replace("AC", "6D")})
    state = new_state(deck, on_block="next_rank")
    play(state, "2S, 6H, 7C, 4D")
    assert compact(state)[-1] == "block2:5"
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["6D", "6C"]
    with pytest.raises(IllegalActionError, match="lowest rank above it"):
        state.apply_text("2D")
    any_rank = new_state(deck)
    play(any_rank, "2S, 6H, 7C, 4D")
    assert len(any_rank.legal_actions()) == 5


# ----- boxes (§3) -------------------------------------------------------------------------


def test_board_card_claims_its_box_at_once() -> None:
    state = new_state(BASIC)
    play(state, "2S, 6H, 7D")
    assert "claim2:7D=15" in compact(state)
    observation = state.observation(0)
    assert observation["boxes"][4]["chips"] == 0
    # 10D and JC followed by force and were claimed too.
    assert "claim2:10D=3" in compact(state) and "claim2:JC=6" in compact(state)
    assert observation["chips"][2] == 85 + 15 + 3 + 6


def test_claim_manual_makes_the_claim_an_action() -> None:
    state = new_state(BASIC, claim="manual")
    play(state, "2S, 6H, 7D")
    assert state.observation(2)["phase"] == "claim"
    assert state.legal_actions() == [CLAIM, PLAY_ON]
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["claim", "play on"]
    play(state, "claim")
    assert "claim2:7D=15" in compact(state)
    # 8C, 9C follow by force; 10D stops for a claim even though it was forced.
    assert compact(state)[-1] == "2:10D!"
    assert state.legal_actions() == [CLAIM, PLAY_ON]


def test_forgot_penalty_stays_leaves_the_box() -> None:
    state = new_state(BASIC, claim="manual", forgot_penalty="stays")
    play(state, "2S, 6H, 7D, play on")
    assert "forgot2:7D+0" in compact(state)
    assert state.observation(0)["boxes"][4]["chips"] == 15
    assert state.observation(0)["chips"][2] == 85


def test_forgot_penalty_double_adds_the_content_again() -> None:
    state = new_state(BASIC, claim="manual", forgot_penalty="double")
    play(state, "2S, 6H, 7D, play on")
    assert "forgot2:7D+15" in compact(state)
    assert state.observation(0)["boxes"][4]["chips"] == 30
    assert state.observation(0)["chips"][2] == 70


def test_s_il_oublie_de_le_faire_il_double_la_mise_by_default() -> None:
    # With claim=manual and no forgot_penalty given, forgetting doubles the stake.
    state = new_state(BASIC, claim="manual")
    play(state, "2S, 6H, 7D, play on")
    assert "forgot2:7D+15" in compact(state)
    assert state.observation(0)["boxes"][4]["chips"] == 30
    assert state.observation(0)["chips"][2] == 70


def test_forgot_penalty_has_no_effect_with_claim_auto() -> None:
    for penalty in ("double", "stays"):
        state = new_state(BASIC, forgot_penalty=penalty)
        play(state, "2S, 6H, 7D")
        assert "claim2:7D=15" in compact(state)


# ----- the end of a deal (§3) ----------------------------------------------------------------

# Eight players, seat 7 deals, seat 0 leads with 8S and runs 9S … KS alone.
OPERA_HANDS = {
    0: "8S 9S 10S JS QS KS",
    1: "7D 10D AH 2H 3H 4H",  # 7D and 10D held: doubled
    2: "KH 5H 6H 7H 8H 9H",  # KH held: doubled
}
OPERA = forced_deck(OPERA_HANDS, players=8, dealer=7)


def test_first_out_wins_and_is_paid_points_for_cards_left() -> None:
    state = new_state(OPERA, players=8, first_dealer=7, max_deals=1)
    play(state, "8S")
    tail = compact(state)
    assert tail[1:7] == ["0:8S", "0:9S!", "0:10S!", "0:JS!", "0:QS!", "claim0:QS=24"]
    assert tail[7:9] == ["0:KS!", "out0"]
    # Seat 1 holds 7D 10D AH 2H 3H 4H = 7 + 10 + 1 + 2 + 3 + 4 = 27.
    assert "pay1>0=27/27" in tail
    # Seat 2 holds KH 5H … 9H = 10 + 35 = 45.
    assert "pay2>0=45/45" in tail
    assert state.is_terminal()


def test_payment_per_card() -> None:
    state = new_state(OPERA, players=8, first_dealer=7, max_deals=1, payment="per_card")
    play(state, "8S")
    assert "pay1>0=6/6" in compact(state)


def test_board_cards_still_held_double_their_box() -> None:
    state = new_state(OPERA, players=8, first_dealer=7, max_deals=1)
    play(state, "8S")
    tail = compact(state)
    # Board order: 10D (8 chips) before 7D (40 chips); after seat 1 has paid.
    index = tail.index("pay1>0=27/27")
    assert tail[index + 1 : index + 3] == ["double1:10D+8/8", "double1:7D+40/40"]
    assert tail[tail.index("pay2>0=45/45") + 1] == "double2:KH+32/32"


def test_grand_opera_sweeps_every_box_after_the_doublings() -> None:
    state = new_state(OPERA, players=8, first_dealer=7, max_deals=1)
    play(state, "8S")
    tail = compact(state)
    # Boxes: 10D 8+8, JC 16, QS 0 (claimed), KH 32+32, 7D 40+40 = 176.
    assert tail[-2:] == ["opera0=176", "game_over"]
    observation = state.observation(3)
    assert [box["chips"] for box in observation["boxes"]] == [0, 0, 0, 0, 0]
    assert observation["deals"][0]["grand_opera"] is True
    paid = sum(event["chips"] for event in events(state) if event["type"] == "pay")
    assert state.chips[0] == 85 + 24 + paid + 176
    assert sum(state.chips) == 800


def test_no_grand_opera_when_another_player_played() -> None:
    state = new_state(BASIC, max_deals=1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert not any(kind.startswith("opera") for kind in compact(state))


def test_short_payment_pays_what_he_has_step_by_step() -> None:
    # 20 chips: 5 left after the stakes. Seat 1 owes 27 and pays 5, then has
    # nothing left for doubling 10D and 7D.
    state = new_state(OPERA, players=8, first_dealer=7, max_deals=1, start_chips=20)
    play(state, "8S")
    tail = compact(state)
    index = tail.index("pay1>0=5/27")
    assert tail[index + 1 : index + 3] == ["double1:10D+0/8", "double1:7D+0/40"]
    assert state.chips[1] == 0


def test_game_end_below_stakes_ends_when_a_player_holds_fewer_than_15_chips() -> None:
    state = new_state(OPERA, players=8, first_dealer=7, start_chips=40, game_end="below_stakes")
    play(state, "8S")
    assert state.is_terminal()
    assert events(state)[-1] == {"type": "game_over", "reason": "stakes"}
    assert state.returns() == [float(chips) for chips in state.chips]
    assert min(state.returns()) < 15


# Eight players, seat 7 deals; seat 0 runs 8S … KS alone (grand opéra). The other
# board cards are left aside, so nobody doubles; each other seat pays 34–36 points
# out of the 45 chips left after the stakes of 60, keeping 9–11.
SHORT_HANDS = {
    0: "8S 9S 10S JS QS KS",
    1: "10H 8D 8C 4H 4D AC",
    2: "JH 8H 7S 4S 4C AD",
    3: "QH 9C 7H 5C 3S AH",
    4: "JD 9D 7C 5D 3H AS",
    5: "QD 9H 6S 5H 3D 2C",
    6: "KD KC 6H 5S 3C 2D",
    7: "10C QC 6D 6C 2S 2H",
}
SHORT = forced_deck(SHORT_HANDS, players=8, dealer=7)


def test_jusqu_a_ce_qu_un_joueur_n_ait_plus_de_pion_short_players_play_on() -> None:
    state = new_state([SHORT], players=8, first_dealer=7, start_chips=60)
    play(state, "8S")
    first = state.completed[0]
    assert [60 + change for change in first[4]] == [411, 10, 11, 10, 10, 10, 9, 9]
    # Nobody has run out of chips: the game goes on although seats 1–7 hold fewer
    # than 15, and each stakes all he has.
    assert not state.is_terminal() and state.deal_number == 2
    assert events(state)[0]["paid"] == [15, 10, 11, 10, 10, 10, 9, 9]
    assert state.chips == [396, 0, 0, 0, 0, 0, 0, 0]


def test_a_short_player_stakes_box_by_box_in_board_order() -> None:
    state = new_state([SHORT], players=8, first_dealer=7, start_chips=60)
    play(state, "8S")
    # The grand opéra emptied the boxes. 10 chips fill 10D 1, JC 2, QS 3, KH 4 and
    # leave 7D empty; 11 chips put the last one on 7D; 9 chips put 3 on KH.
    boxes = [box["chips"] for box in state.observation(0)["boxes"]]
    assert boxes == [8, 16, 24, 4 + 5 * 4 + 2 * 3, 5 + 1]


def test_the_game_ends_after_the_deal_in_which_a_player_has_no_chips() -> None:
    state = new_state([SHORT], players=8, first_dealer=7, start_chips=60)
    play(state, "8S")
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.deal_number == 2
    assert min(state.chips) == 0
    assert events(state)[-1] == {"type": "game_over", "reason": "chips"}
    assert sum(state.chips) + sum(box["chips"] for box in state.observation(0)["boxes"]) == 480
    # With game_end=below_stakes the same first deal ends the game at once.
    old = new_state([SHORT], players=8, first_dealer=7, start_chips=60, game_end="below_stakes")
    play(old, "8S")
    assert old.is_terminal() and old.deal_number == 1


def test_records_of_rules_version_1_map_to_explicit_options() -> None:
    options = NainJauneGame.legacy_options(1, {"players": 3, "claim": "manual"})
    assert options == {
        "players": 3,
        "claim": "manual",
        "game_end": "below_stakes",
        "forgot_penalty": "stays",
    }
    # A version 1 record names forgot_penalty itself; it is kept.
    kept = NainJauneGame.legacy_options(1, {"forgot_penalty": "double", "claim": "manual"})
    assert kept is not None and kept["forgot_penalty"] == "double"
    assert NainJauneGame.legacy_options(9, {}) is None
    # The SHORT deal ended the game under version 1 (seats below 15 chips): its
    # record, replayed with those options, ends there; with today's it goes on.
    state = new_state([SHORT], players=8, first_dealer=7, start_chips=60)
    play(state, "8S")
    record = state.to_record()
    first_deal = record.chance[:48]
    v1_options = {
        key: value
        for key, value in record.options.items()
        if key not in ("game_end", "forgot_penalty")
    }
    options = NainJauneGame.legacy_options(1, v1_options)
    assert options is not None
    replayed = parlour.MatchRecord("nain-jaune", 2, options, first_deal, ["8S"]).replay()
    assert replayed.is_terminal() and replayed.deal_number == 1
    today = parlour.MatchRecord("nain-jaune", 2, v1_options, first_deal, ["8S"]).replay()
    assert not today.is_terminal()


def test_max_deals_ends_the_game_and_returns_are_chips() -> None:
    state = new_state([BASIC, forced_deck({}, dealer=0)], max_deals=2, start_chips=300)
    assert state.returns() == [0.0, 0.0, 0.0]
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.deal_number == 2
    assert state.returns() == [float(chips) for chips in state.chips]
    sheet = state.score_sheet()
    assert [line.deal for line in sheet] == [1, 2]
    total = [sum(line.scores[seat] for line in sheet) for seat in range(3)]
    assert [300 + change for change in total] == state.returns()


def test_chips_carry_over_from_deal_to_deal() -> None:
    state = new_state([BASIC, forced_deck({}, dealer=0)], max_deals=2, start_chips=300)
    while state.deal_number == 1 and not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    change = state.completed[0][4]
    assert state.observation(0)["chips"] == [300 + change[seat] - 15 for seat in range(3)]


# ----- only real choices are actions (§3 last clause) ----------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3},
        {"players": 5, "may_stop": True},
        {"players": 6, "on_block": "next_rank"},
        {"players": 8, "claim": "manual"},
    ],
)
def test_a_player_is_asked_only_with_two_or_more_legal_actions(options: dict[str, object]) -> None:
    game = parlour.load_game("nain-jaune", max_deals=2, **options)
    rng = random.Random(5)
    for seed in range(10):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert len(legal) >= 2
            state.apply_action(rng.choice(legal))
        # Every played card is in the events; only the chosen ones in the history.
        replay = game.deserialize_state(state.serialize())
        assert replay.observation(0) == state.observation(0)


def test_forced_moves_are_events_not_actions() -> None:
    state = new_state(BASIC)
    play(state, "2S")
    plays = [event for event in events(state) if event["type"] == "play"]
    assert [(event["card"], event["forced"]) for event in plays] == [
        ("2S", False),
        ("3S", True),
        ("4S", True),
        ("5C", True),
    ]
    assert len(state.history) == 45 + 1


# ----- notation and bad input ------------------------------------------------------------------


def test_action_notation_and_tolerant_parsing() -> None:
    state = new_state(BASIC)
    assert state.string_to_action("2S") == parse_card("2S")
    assert state.string_to_action(" 2♠ ") == parse_card("2S")
    assert state.string_to_action("t♥") == parse_card("10H")
    assert state.string_to_action("STOP") == STOP
    assert state.string_to_action("Play On") == PLAY_ON
    assert state.string_to_action("claim") == CLAIM
    assert state.string_to_action("sans") == STOP  # the announcement itself
    assert state.action_to_string(parse_card("10H")) == "10H"


def test_malformed_text_raises_and_names_the_form() -> None:
    state = new_state(BASIC)
    before = state.serialize()
    for text in ("", "2S 3S", "V1", "zz", "stop 2S"):
        with pytest.raises(ParseError, match="'7D'"):
            state.string_to_action(text)
    assert state.serialize() == before


def test_card_not_held_is_illegal_and_leaves_the_state_unchanged() -> None:
    state = new_state(BASIC)
    before = state.serialize()
    with pytest.raises(IllegalActionError, match="5C is not in your hand") as error:
        state.apply_text("5C")
    assert "legal: AS, 2S" in str(error.value)
    assert state.serialize() == before
    with pytest.raises(IllegalActionError, match="no box to claim"):
        state.apply_action(CLAIM)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"players": 9}, "allowed: a whole number 3–8"),
        ({"players": 2}, "allowed: a whole number 3–8"),
        ({"first_dealer": 5, "players": 4}, "allowed: random | 0 | 1 | 2 | 3"),
        ({"direction": "left"}, "allowed: clockwise | anticlockwise"),
        ({"on_block": "lowest"}, "allowed: any_rank | next_rank"),
        ({"claim": "never"}, "allowed: auto | manual"),
        ({"forgot_penalty": "triple"}, "allowed: double | stays"),
        ({"game_end": "never"}, "allowed: no_chips | below_stakes"),
        ({"payment": "cards"}, "allowed: points | per_card"),
        ({"start_chips": 10}, "allowed: a whole number 15–…"),
        ({"max_deals": 0}, "allowed: a whole number 1–…"),
    ],
)
def test_bad_options_raise_naming_what_is_allowed(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        parlour.load_game("nain-jaune", **options)


# ----- views and sampling ---------------------------------------------------------------------


def test_view_shows_hand_pile_run_sans_boxes_chips_and_counts_only() -> None:
    state = new_state(BASIC)
    play(state, "2S")
    observation = state.observation(1)
    assert sorted(observation["hand"]) == sorted(SEAT_1.split())
    assert [entry["card"] for entry in observation["pile"]] == ["2S", "3S", "4S", "5C"]
    assert observation["run"] == ["2S", "3S", "4S", "5C"]
    assert observation["needed_rank"] == "6"
    assert observation["hand_sizes"] == [12, 15, 14]
    assert observation["chips"] == [85, 85, 85]
    assert observation["current_player"] == 2
    text = json.dumps(observation)
    for card in SEAT_0.split() + SEAT_2.split():
        if card not in ("2S", "3S", "4S", "5C", "10D", "JC", "QS", "KH", "7D"):
            assert f'"{card}"' not in text


def test_states_differing_only_in_hidden_cards_give_equal_views() -> None:
    # Swap seat 2's 8C with seat 1's 8D: seat 0 cannot tell.
    one = forced_deck({0: SEAT_0, 1: SEAT_1, 2: SEAT_2})
    other = list(one)
    first, second = other.index("8C"), other.index("8D")
    other[first], other[second] = other[second], other[first]
    a = new_state(one)
    b = new_state(other)
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)
    play(a, "2S")
    play(b, "2S")
    assert a.view(0) == b.view(0)


def random_position(game: NainJauneGame, seed: int) -> State:
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    for _ in range(rng.randrange(0, 60)):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3},
        {"players": 4, "may_stop": True},
        {"players": 5, "on_block": "next_rank"},
        {"players": 6, "claim": "manual"},
        {"players": 4, "may_stop": True, "on_block": "next_rank", "direction": "anticlockwise"},
    ],
)
def test_sample_state_is_consistent_with_the_view(options: dict[str, object]) -> None:
    game = parlour.load_game("nain-jaune", max_deals=3, **options)
    for seed in range(12):
        state = random_position(game, seed)
        for seat in range(game.num_players):
            view = state.view(seat)
            sampled = view.sample_state(Rng(seed))
            assert sampled.view(seat) == view


def test_sample_state_respects_sans_passes() -> None:
    state = new_state(BASIC)
    play(state, "2S")
    view = state.view(0)
    for seed in range(30):
        sampled = view.sample_state(Rng(seed))
        assert isinstance(sampled, NainJauneState)
        fives = sum(1 << card for card in map(parse_card, ("5S", "5H", "5D", "5C")))
        assert not sampled.hands[1] & fives  # seat 1 passed on "sans 5"
        assert not sampled.hands[0] & fives  # seat 0 said "sans 5"
        # Seat 2 is asked for a 6: he holds two of them.
        sixes = sum(1 << card for card in map(parse_card, ("6S", "6H", "6D", "6C")))
        assert (sampled.hands[2] & sixes).bit_count() >= 2


def test_hand_constraints_from_events() -> None:
    state = new_state(BASIC)
    play(state, "2S")
    void, need = hand_constraints(list(state.events), 3, False, False)
    assert void[1] >> 5 & 1 and void[0] >> 5 & 1  # sans 5, pass on 5
    assert void[0] >> 3 & 1 and void[0] >> 4 & 1  # forced 3S, 4S: no other 3 or 4
    assert void[2] >> 5 & 1  # forced 5C
    assert need == [[0] * 14 for _ in range(3)]


def test_sample_state_at_the_end_replays_public_deals() -> None:
    state = new_state(OPERA, players=8, first_dealer=7, max_deals=1)
    play(state, "8S")
    view = state.view(4)
    assert view.sample_state(Rng(1)).view(4) == view


# ----- rendering -----------------------------------------------------------------------------


def test_render_draws_board_chips_sans_and_hand_without_colour() -> None:
    state = new_state(BASIC)
    play(state, "2S")
    names = ["Ann", "Bob", "Cy"]
    text = render(state.view(2), Style(), names)
    assert "10♢" in text and "7♢ nain" in text and "K♡" in text and "Q♠" in text
    assert "85 chips" in text and "15 cards" in text
    assert 'Ann: "no 5"; passed: Bob; taken by Cy' in text
    assert "Cy needs a 6" in text
    assert "Legal: 6♡ 6♣" in text
    assert "\x1b" not in text


def test_render_in_french() -> None:
    state = new_state(BASIC)
    play(state, "2S")
    text = render(state.view(2), Style(lang="fr"), ["Ann", "Bob", "Cy"])
    assert "Plateau" in text and "jetons" in text
    assert "Ann: « sans 5 »; n'avaient pas: Bob; repris par Cy" in text
    assert "Cy doit fournir un 6" in text


def told(state: State, since: int, seat: int, names: list[str], lang: str) -> list[str | None]:
    """The log's sentences for ``seat`` of the events from history step ``since`` on."""
    from parlour.render.narration import sentence

    style = Style(lang=lang)
    return [
        sentence("nain-jaune", event, names, style)
        for step, event in state.event_log(seat)
        if step >= since
    ]


def test_log_tells_sans_passes_and_claims_in_english_and_french() -> None:
    state = new_state(BASIC)
    since = len(state.history)
    play(state, "2S")
    names = ["Ann", "Bob", "Cy"]
    assert told(state, since, 0, names, "en") == [
        "Ann plays 2♠.",
        "Ann plays 3♠.",
        "Ann plays 4♠.",
        'Ann says "no 5".',
        "Bob has no 5.",
        "Cy plays 5♣.",
    ]
    assert told(state, since, 0, names, "fr")[3:5] == ["Ann : « sans 5 ».", "Bob n'a pas de 5."]
    since = len(state.history)
    play(state, "6H, 7D")
    english = told(state, since, 0, names, "en")
    assert "Cy wins the 7♢ (yellow dwarf) box: 15 chips." in english
    french = told(state, since, 0, names, "fr")
    assert "Cy emporte la mise du 7♢ (nain jaune) : 15 jetons." in french


def test_log_tells_end_of_deal_payments_doubling_and_grand_opera() -> None:
    state = new_state(OPERA, players=8, first_dealer=7, max_deals=1)
    since = len(state.history)
    play(state, "8S")
    names = [f"P{seat}" for seat in range(8)]
    english = told(state, since, 3, names, "en")
    assert "P0 has no cards left and wins the deal." in english
    assert "P1 pays P0 27 chips (A♡ 2♡ 3♡ 4♡ 7♢ 10♢ = 1 + 2 + 3 + 4 + 7 + 10)." in english
    assert "P1 still holds 7♢ and doubles its box (+40)." in english
    assert "Grand opéra! P0 played alone and sweeps the board: 176 chips." in english
    french = told(state, since, 3, names, "fr")
    assert "Grand opéra ! P0 a joué seul et rafle le plateau : 176 jetons." in french


def test_the_call_is_said_in_the_language_of_the_table_by_the_log_the_table_and_hints() -> None:
    """The English log said « sans dame » (and « sans 4 » (no 4)) while the
    browser's board said "sans J": one form per language, the same everywhere."""
    from parlour.games.nain_jaune.events import SansSaid
    from parlour.render.narration import sentence

    names = ["Ann", "Bob", "Tess"]
    queen = SansSaid(seat=2, rank=12, by_choice=False)
    four = SansSaid(seat=0, rank=4, by_choice=False)
    stop = SansSaid(seat=2, rank=12, by_choice=True)
    english = [sentence("nain-jaune", event, names, Style()) for event in (queen, four, stop)]
    assert english == [
        'Tess says "no queen".',
        'Ann says "no 4".',
        'Tess stops: "no queen" (by choice).',
    ]
    assert sentence("nain-jaune", four, ["You", "Bob", "Tess"], Style()) == 'You say "no 4".'
    french = [
        sentence("nain-jaune", event, names, Style(lang="fr")) for event in (queen, four, stop)
    ]
    assert french == [
        "Tess : « sans dame ».",
        "Ann : « sans 4 ».",
        "Tess s'arrête : « sans dame ».",
    ]
    for said in english:
        assert "sans" not in said and "«" not in said
    state = new_state(BASIC)
    play(state, "2S")
    table = render(state.view(2), Style(), names)
    assert 'Calls this deal:\n  Ann: "no 5"' in table
    assert "Ann: « sans 5 »" in render(state.view(2), Style(lang="fr"), names)


def test_hints_say_the_call_as_the_log_does_in_each_language() -> None:
    from parlour.core.explain import explain_move

    said: dict[str, list[str]] = {"en": [], "fr": []}
    for seed in range(4):
        game = parlour.load_game("nain-jaune")
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(40):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            view = state.view(state.current_player())
            for lang in said:
                for action in view.legal_actions:
                    explained = explain_move(view, action, lang, names=None)
                    if explained is not None:
                        said[lang].append(explained.headline)
            state.apply_action(rng.choice(state.legal_actions()))
    assert any(re.search(r'you say "no (\d+|ace|jack|queen|king)"', text) for text in said["en"])
    assert [text for text in said["en"] if "sans" in text] == []
    assert any(
        re.search(r"vous dites « sans (\d+|as|valet|dame|roi) »", text) for text in said["fr"]
    )


def test_the_browser_board_says_the_call_with_the_logs_words() -> None:
    """The board (board.js) declares the call's words again in JavaScript: they
    must be the log's (CALL_WORDS and the rank words of text.py)."""
    from pathlib import Path

    from parlour.games.nain_jaune import text

    board = (Path(text.__file__).parent / "board.js").read_text(encoding="utf-8")
    for lang in ("en", "fr"):
        block = re.search(r"\n  " + lang + r": \{\n(.*?)\n  \}", board, re.S)
        assert block is not None, lang
        words = dict(re.findall(r"(\w+): \"([^\"]*)\"", block.group(1)))
        quoted = text.CALL_WORDS[lang].format(rank="{rank}")
        assert words["nain_jaune_call"] == quoted.strip('"«» \u00a0'), lang
        for rank in ("A", "J", "Q", "K"):
            assert words[f"nain_jaune_rank_{rank}"] == text.rank_word(rank, lang), (lang, rank)
    assert 't("sans"' not in board


def test_move_groups_by_rank() -> None:
    state = new_state(BASIC)
    groups = move_groups(state.view(0))
    assert groups[0] == ("A", [parse_card("AS"), parse_card("AH")])
    assert [label for label, _ in groups][:3] == ["A", "2", "3"]


# ----- conformance and bounds ---------------------------------------------------------------


@pytest.mark.parametrize("options", NainJauneGame.conformance_options)
def test_conformance(options: dict[str, object]) -> None:
    check_game("nain-jaune", playouts=2, **options)


def test_conformance_covers_every_player_count() -> None:
    counts = {options.get("players", 4) for options in NainJauneGame.conformance_options}
    assert counts == set(range(3, 9))


def test_max_game_length_is_an_upper_bound() -> None:
    game = parlour.load_game("nain-jaune", players=3, max_deals=2)
    for seed in range(5):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
        assert len(state.history) <= game.max_game_length()


def test_render_claim_prompt_block_and_game_over() -> None:
    names = ["You", "Bob", "Cy"]
    state = new_state(BASIC, claim="manual")
    play(state, "2S, 6H, 7D")
    text = render(state.view(2), Style(), names)
    assert "Cy has just played 7♢: claim the box?" in text
    assert "Legal: claim play on" in text
    state = new_state(BASIC, on_block="next_rank")
    deck = forced_deck({0: SEAT_0, 1: SEAT_1, 2: SEAT_2.replace("AC", "6D")})
    state = new_state(deck, on_block="next_rank")
    play(state, "2S, 6H, 7C, 4D")
    assert "Cy starts anew: the lowest rank above 5 held" in render(state.view(0), Style(), names)
    state = new_state(OPERA, players=8, first_dealer=7, max_deals=1)
    play(state, "8S")
    text = render(state.view(0), Style(), [f"P{seat}" for seat in range(8)])
    assert "Game over. Winner: P0" in text
    assert "(grand opéra)" in text
    assert "P1 left: A♡ 2♡ 3♡ 4♡ 7♢ 10♢" in text


def test_sample_state_mid_deal_with_explicit_chance() -> None:
    game = parlour.load_game("nain-jaune", players=4)
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(1 + 20):
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.is_chance_node()
    for seat in range(4):
        view = state.view(seat)
        sampled = view.sample_state(Rng(seat))
        assert sampled.view(seat) == view
        assert sampled.is_chance_node()


TIGHT_VIEW_HISTORY = [
    int(action)
    for action in """
    1 29 31 0 11 35 46 1 13 34 44 33 17 10 36 5 27 23 21 4 16 50 20 28 8 43 26 3 19
    25 49 7 15 22 6 32 51 47 42 39 40 38 37 18 48 30 14 9 24 47 35 10 25 34 13 27 44
    46 49 11 29 30 33 40 18 33 38 11 13 41 31 40 44 28 24 19 17 42 15 12 48 27 8 16
    51 18 9 10 43 36 14 25 49 50 34 35 45 22 32 37 7 3 46 47 6 0 1 23 5 4 39 20 2 28
    3 8 10 11 12 40 43 5 6 19 24 17 22 0 20 13 49 31 25 18 48 19 27 24 33 21 4 22 12
    34 9 40 37 51 1 50 43 5 14 29 39 30 44 38 42 8 17 11 26 23 46 2 7 36 10 3 16 41
    0 47 15 28 25 9 24 3 5 46 48 36 11 41 8 23
""".split()
]
"""A match (4 players, max_deals=3) in which seat 1 knows the others are void in
most ranks: the constrained draw of their hands fails now and then."""


def test_sample_state_draws_again_when_a_constrained_draw_fails() -> None:
    game = NainJauneGame(max_deals=3)
    state = game.new_initial_state()
    for action in TIGHT_VIEW_HISTORY:
        state.apply_action(action)
    view = state.view(1)
    # This generator's first draw of the hidden hands fails; the view used to be
    # refused ("no hidden deal fits") although hands that fit it exist.
    rng = Rng()
    rng.state = 17754196623030969533
    for _ in range(40):
        sampled = view.sample_state(rng)
        assert sampled.observation(1) == view.observation


@pytest.mark.parametrize(
    ("game_end", "reason", "english", "french"),
    [
        ("no_chips", "chips", "a player has no chips left", "un joueur n'a plus de jetons"),
        (
            "below_stakes",
            "stakes",
            "a player cannot pay the stakes",
            "un joueur ne peut plus miser",
        ),
    ],
)
def test_game_end_the_last_sentence_says_the_end_the_option_chose(
    game_end: str, reason: str, english: str, french: str
) -> None:
    """A playtest read "Game over, a player cannot pay the stakes" at a table
    whose option was the default, "a player has no chips": the sentence now
    follows the option."""
    from parlour.core.shared_events import GameEnded
    from parlour.render import Style
    from parlour.render.narration import sentence

    game = parlour.load_game("nain-jaune", players=3, start_chips=15, game_end=game_end)
    chooser = random.Random(5)
    state = game.new_initial_state(seed=5)
    state.record_events()
    while not state.is_terminal():
        state.apply_action(chooser.choice(state.legal_actions()))
    ended = [event for _, event in state.event_log(0) if isinstance(event, GameEnded)]
    assert [event.reason for event in ended] == [reason]
    names = ["Ann", "Bob", "Cy"]
    assert english in sentence("nain-jaune", ended[0], names, Style())
    assert french in sentence("nain-jaune", ended[0], names, Style(lang="fr"))


@pytest.mark.parametrize(
    ("lang", "names"), [("en", ["You", "Bot 2", "Bot 3"]), ("fr", ["Vous", "Robot 2", "Robot 3"])]
)
def test_the_deal_end_box_and_the_board_write_a_change_alike(lang: str, names: list[str]) -> None:
    """tmux at 80×24: a deal's end box wrote "Bot 2 0" and the board after it
    "+0" for the same chips. Both write each seat's change the same way
    ("You -14, Bot 2 0, Bot 3 +14")."""
    from parlour.games.nain_jaune.events import DealEnded
    from parlour.render.narration import sentence

    game = parlour.load_game("nain-jaune", players=3)
    state = game.new_initial_state(seed=38)
    state.record_events()
    chooser = random.Random(38)
    ended: list[DealEnded] = []
    while not ended:
        state.apply_action(chooser.choice(state.legal_actions()))
        ended = [event for _, event in state.event_log(0) if isinstance(event, DealEnded)]
    assert 0 in ended[0].changes  # the case that differed
    style = Style(lang=lang)
    said = sentence("nain-jaune", ended[0], names, style)
    board = render(state.view(0), style, names)
    changes = ", ".join(
        f"{name} {change:+d}" if change else f"{name} 0"
        for name, change in zip(names, ended[0].changes, strict=True)
    )
    assert said is not None and changes in said, said
    assert changes in board, board
