"""The review of a finished game (issue 25, docs/review.md): each decision of a
seat judged on that seat's View only, the par on the same cards, and who may
read a table's review.

The reviews here use :data:`parlour.review.FAST_SETTINGS` (few samples): the
properties tested hold at any number of samples.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import parlour
from parlour.bots import make_bot
from parlour.core.game import CHANCE, State
from parlour.core.registry import game_class, game_names
from parlour.review import (
    BLUNDER,
    FAST_SETTINGS,
    GOOD,
    SeatPlayer,
    grade_of,
    review_match,
    thresholds_for,
)
from parlour.review.par import par_of
from test_casino import first_deal  # tests/ is on the path

# ----- helpers ----------------------------------------------------------------------------


def planted_casino(move: str) -> State:
    """Casino, seat 0 to play first: its 10S captures the 10D and the 8S + 2S on
    the table at once (three points and four spades in one move, whatever the
    hidden cards). ``move`` is what seat 0 plays."""
    hands = {0: "10S KC QC JC", 1: "3H 4H 5H 6H"}
    game = parlour.load_game("casino", first_dealer=1)
    state = game.new_initial_state(deck=first_deal(2, 1, hands, "10D 8S 2S AS"))
    assert state.current_player() == 0
    state.apply_text(move)
    return state


def bots_play(state: State, bots: list[Any], *, until: Any = None) -> State:
    """The bots play ``state`` on (to the end, or until ``until(state)``)."""
    while not state.is_terminal() and not (until is not None and until(state)):
        seat = state.current_player()
        state.apply_action(bots[seat].choose(state.view(seat)))
    return state


def replayed_with(state: State, texts: list[str], swap: dict[str, str]) -> State:
    """A fresh match of the same game replaying ``texts`` (one per history step),
    with the chance outcomes named in ``swap`` exchanged."""
    twin = state.game.new_initial_state()
    for text in texts:
        if twin.current_player() == CHANCE:
            text = swap.get(text, text)
        twin.apply_text(text)
    return twin


def step_texts(state: State) -> list[str]:
    """The text of every step of ``state``'s history."""
    replay = state.game.new_initial_state()
    texts = []
    for action in state.history:
        texts.append(replay.action_to_string(action))
        replay.apply_action(action)
    return texts


# ----- grading ----------------------------------------------------------------------------


def test_every_game_declares_rising_review_thresholds() -> None:
    for name in game_names():
        game = parlour.load_game(name)
        low, middle, high = thresholds_for(game)
        assert 0 < low < middle < high
        assert "review_thresholds" in vars(game_class(name)), name


def test_a_loss_within_noise_is_good_and_thresholds_grade_the_rest() -> None:
    thresholds = (1.0, 3.0, 6.0)
    assert grade_of(0.9, 0.1, thresholds) == GOOD
    assert grade_of(1.0, 0.1, thresholds) == "inaccuracy"
    assert grade_of(3.0, 0.1, thresholds) == "mistake"
    assert grade_of(6.0, 0.1, thresholds) == BLUNDER
    assert grade_of(6.0, 3.1, thresholds) == GOOD


# ----- a planted blunder, a forced move ---------------------------------------------------


def test_a_planted_blunder_is_flagged_as_a_blunder_with_the_capture_as_the_better_move() -> None:
    review = review_match(planted_casino("10S trail"), 0, settings=FAST_SETTINGS, par=None)
    [decision] = review.decisions
    assert decision.played.text == "10S trail"
    assert decision.grade == BLUNDER
    assert decision.best.text == "10S take"
    assert decision.loss >= review.thresholds[2]
    assert decision.explanation_played and decision.explanation_best
    assert review.costliest() == [decision]
    # The capture itself is good.
    review = review_match(planted_casino("10S take"), 0, settings=FAST_SETTINGS, par=None)
    assert review.decisions[0].grade == GOOD
    assert review.decisions[0].loss == 0.0


def test_a_forced_move_is_never_judged() -> None:
    state = planted_casino("10S take")
    bots = [make_bot("heuristic", 1), make_bot("heuristic", 2)]
    bots_play(state, bots, until=lambda s: len(s.history) > 40)
    forced_steps = set()
    replay = state.game.new_initial_state()
    for step, action in enumerate(state.history):
        if replay.current_player() == 0 and len(replay.legal_actions()) == 1:
            forced_steps.add(step)
        replay.apply_action(action)
    assert forced_steps, "the match must hold a forced move for this test to mean anything"
    review = review_match(state, 0, settings=FAST_SETTINGS, par=None)
    judged = {decision.step for decision in review.decisions}
    assert not judged & forced_steps
    assert review.forced == len(forced_steps)
    assert all(decision.legal_count >= 2 for decision in review.decisions)


# ----- hidden cards -----------------------------------------------------------------------


def test_the_review_of_a_seat_does_not_change_when_cards_hidden_from_it_are_swapped() -> None:
    """Twin matches: the same moves, but a card in seat 1's hand (never played)
    exchanged with a card not yet dealt. Seat 0 sees the same, so its review is
    the same to the last digit; the true states differ."""
    state = parlour.load_game("casino", first_dealer=1).new_initial_state(seed=21)
    bots = [make_bot("heuristic", 1), make_bot("heuristic", 2)]

    def enough(current: State) -> bool:
        hand = current.observation(1)["hand"]
        return isinstance(hand, list) and len(hand) == 2 and current.current_player() == 0

    bots_play(state, bots, until=enough)
    kept = state.observation(1)["hand"]
    assert isinstance(kept, list) and kept
    hidden_card = str(kept[-1])
    dealt = {text for text in step_texts(state)}
    undealt = next(
        parlour.core.cards.format_card(card)
        for card in range(52)
        if parlour.core.cards.format_card(card) not in dealt
        and parlour.core.cards.format_card(card) not in json.dumps(state.observation(0))
    )
    texts = step_texts(state)
    twin = replayed_with(state, texts, {hidden_card: undealt, undealt: hidden_card})
    assert twin.observation(1) != state.observation(1)
    assert twin.view(0) == state.view(0)
    one = review_match(state, 0, settings=FAST_SETTINGS, par=None)
    two = review_match(twin, 0, settings=FAST_SETTINGS, par=None)
    assert one.decisions_reviewed >= 2
    assert json.dumps(one.to_json()) == json.dumps(two.to_json())


# ----- the par ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "options"), [("casino", {"target": 1}), ("dracula", {"deals": 2})]
)
def test_the_par_replays_the_record_exactly_when_the_par_bot_played_the_seat(
    name: str, options: dict[str, object]
) -> None:
    state = parlour.load_game(name, **options).new_initial_state(seed=8)
    players = [SeatPlayer("hard:30", 11), SeatPlayer("heuristic", 2)]
    bots = [make_bot(player.bot, player.seed) for player in players]
    bots_play(state, bots)
    pars = par_of(state, 0, players)
    assert len(pars) == len(state.score_sheet()) >= 1
    texts = step_texts(state)
    replay = state.game.new_initial_state()
    by_deal: dict[int, list[str]] = {}
    for action, text in zip(state.history, texts, strict=True):
        if replay.current_player() == 0:
            by_deal.setdefault(replay.deals_scored() + 1, []).append(text)
        replay.apply_action(action)
    for item in pars:
        assert item.par == item.score
        assert list(item.par_moves) == by_deal[item.deal]


def test_the_par_of_another_bot_is_its_own_score_on_the_same_cards() -> None:
    state = parlour.load_game("dracula", deals=2).new_initial_state(seed=8)
    players = [SeatPlayer("heuristic", 11), SeatPlayer("heuristic", 2)]
    bots_play(state, [make_bot(player.bot, player.seed) for player in players])
    pars = par_of(state, 0, [SeatPlayer("random", 5), players[1]])
    lines = [line.scores[0] for line in state.score_sheet()]
    assert pars[0].score == lines[0]
    # The last deal's score carries the end bonus: the deals add up to the result.
    assert sum(item.score for item in pars) == state.returns()[0] > sum(lines)
    assert any(item.par != item.score for item in pars)


def test_the_par_is_the_mean_of_several_replays_with_their_spread() -> None:
    state = parlour.load_game("dracula", deals=1).new_initial_state(seed=8)
    players = [SeatPlayer("heuristic", 11), SeatPlayer("heuristic", 2)]
    bots_play(state, [make_bot(player.bot, player.seed) for player in players])
    [single] = par_of(state, 0, [SeatPlayer("easy", 5), players[1]])
    [item] = par_of(state, 0, [SeatPlayer("easy", 5), players[1]], replays=3)
    assert len(item.replays) == 3 and item.replays[0] == single.par
    assert item.par == pytest.approx(sum(item.replays) / 3)
    assert (item.spread > 0) == (len(set(item.replays)) > 1)
    assert item.to_json()["spread"] == round(item.spread, 3)


# ----- storage and the web ----------------------------------------------------------------


@pytest.mark.parametrize("kind", ["memory", "sqlite", "postgresql"])
def test_a_stored_review_is_read_back_per_seat_and_deals_and_goes_with_its_table(
    kind: str, tmp_path: Any, request: pytest.FixtureRequest
) -> None:
    from parlour.table import MemoryTableStore, SqliteTableStore

    store: Any
    if kind == "memory":
        store = MemoryTableStore()
    elif kind == "sqlite":
        store = SqliteTableStore(tmp_path / "t.sqlite3")
    else:
        from parlour.table.postgres import PostgresTableStore

        store = PostgresTableStore(request.getfixturevalue("postgres_url"))
        request.addfinalizer(store.close)
    store.create("t1", {"game": "dracula"})
    assert store.review("t1", 0, 1) is None
    store.store_review("t1", 0, 1, {"format": 1, "seat": 0, "name": "Zoé"})
    store.store_review("t1", 1, 1, {"format": 1, "seat": 1})
    assert store.review("t1", 0, 1) == {"format": 1, "seat": 0, "name": "Zoé"}
    assert store.review("t1", 1, 1) == {"format": 1, "seat": 1}
    assert store.review("t1", 0, 2) is None
    store.delete("t1")
    store.create("t1", {"game": "dracula"})
    assert store.review("t1", 0, 1) is None


def test_a_tables_review_is_served_only_to_whom_it_may_be_shown(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Mid-game, a seat's review (of the finished deals) goes only to that seat's
    token; once the game is over, to anyone, and it is computed once."""
    pytest.importorskip("starlette", reason="the web tests need the web extra")
    import random
    import time

    from starlette.testclient import TestClient

    import parlour.web.review
    from parlour.web import create_app

    monkeypatch.setattr(parlour.web.review, "WEB_SETTINGS", FAST_SETTINGS)
    app = create_app(
        f"sqlite://{tmp_path / 'tables.sqlite3'}",
        bot_delay=0,
        message_rate=1000,
        message_burst=1000,
    )

    def ready(client: TestClient, path: str, token: str | None) -> dict[str, Any]:
        for _ in range(600):  # a bound so that nothing can hang, not a timing assertion
            if token is None:
                response = client.get(path)
            else:
                response = client.post(path, json={"token": token})
            assert response.status_code in (200, 202), response.text
            if response.status_code == 200:
                body: dict[str, Any] = response.json()
                return body
            time.sleep(0.2)
        raise AssertionError("the review never became ready")

    with TestClient(app) as client:
        created = client.post(
            "/api/tables",
            json={"game": "dracula", "options": {"deals": 2}, "seats": ["human", "human"]},
        ).json()
        table_id = created["table"]
        tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
        rng = random.Random(4)
        with (
            client.websocket_connect(f"/ws/tables/{table_id}") as first,
            client.websocket_connect(f"/ws/tables/{table_id}") as second,
        ):
            sockets = {0: first, 1: second}
            for seat, socket in sockets.items():
                socket.send_json({"type": "hello", "token": tokens[seat], "lang": "en"})

            def state_of(socket: Any, version: int = -1) -> dict[str, Any]:
                socket.send_json({"type": "state"})
                while True:
                    message: dict[str, Any] = socket.receive_json()
                    if message["type"] == "state" and message["version"] >= version:
                        return message

            def play_until(done: Any) -> None:
                version = -1
                while True:
                    states = [state_of(socket, version) for socket in (first, second)]
                    state = max(states, key=lambda item: item["version"])
                    version = state["version"]
                    if done(state):
                        return
                    mine = [item for item in states if item["legal"]]
                    if not mine or mine[0]["version"] != version:
                        continue
                    socket = first if mine[0] is states[0] else second
                    choice = rng.choice(mine[0]["legal"])
                    socket.send_json(
                        {"type": "move", "action": choice["action"], "version": version}
                    )

            path = f"/api/tables/{table_id}/review/0"
            assert client.post(path, json={"token": tokens[0]}).status_code == 409
            play_until(lambda state: state["view"]["deal"] == 2 or state["over"])
            # Mid-game: only seat 0's own token opens seat 0's review.
            assert client.get(path).status_code == 403
            assert client.post(path, json={"token": tokens[1]}).status_code == 403
            assert client.post(path, json={"token": "not-a-token"}).status_code == 403
            mine = ready(client, path, tokens[0])
            assert mine["review"]["seat"] == 0 and mine["review"]["deals"] == 1
            assert mine["review"]["pars"] == []  # no par before the end
            play_until(lambda state: state["over"])
        # Over: a player of the table starts anyone's review; nobody without a
        # token can start one (issue 29), but once made anyone may read it, with
        # the par; a second read is the stored one, the same bytes.
        other_path = f"/api/tables/{table_id}/review/1"
        refused = client.get(other_path)
        assert refused.status_code == 403 and "token" in refused.json()["error"]
        assert client.get("/api/server").json()["reviews"]["running"] == 0
        other = ready(client, other_path, tokens[0])
        assert other["review"]["seat"] == 1 and len(other["review"]["pars"]) == 2
        first = client.get(other_path)
        again = client.get(other_path)
        assert again.status_code == 200 and again.json() == other
        assert first.content == again.content and first.headers["etag"] == again.headers["etag"]
        assert client.get(f"/api/tables/{table_id}/review/7").status_code == 404


def test_a_review_reads_in_french_without_an_english_word() -> None:
    import re

    from parlour.review.text import review_lines
    from test_french import ALLOWED, ENGLISH_WORDS

    state = planted_casino("10S trail")
    review = review_match(state, 0, settings=FAST_SETTINGS, par=None, lang="fr")
    text = "\n".join(review_lines(review, state.game, ["Vous", "Robot"], "fr"))
    assert "gaffe" in text
    words = {word.lower() for word in re.findall(r"[A-Za-z]+", text)}
    assert not (words & ENGLISH_WORDS) - ALLOWED, (words & ENGLISH_WORDS) - ALLOWED
    english = "\n".join(review_lines(review, state.game, ["You", "Bot"], "en"))
    assert "blunder" in english


def test_a_review_quotes_moves_with_suit_symbols_in_every_language() -> None:
    """A sentence quotes "10♠ trail", never the engine's "10S trail" (the
    Colour-blind review read "You played AC … against 5C"); the quoted move
    stands in brackets, where it reads in French too (the playtest read « Vous
    avez joué A♢ pose »); and a Casino decision is placed in its round, as the
    table heads it (it said "Deal 2" under "round 2 · deal 1 of 6")."""
    from parlour.review.text import review_lines

    state = planted_casino("10S trail")
    review = review_match(state, 0, settings=FAST_SETTINGS, par=None, lang="en")
    english = "\n".join(review_lines(review, state.game, ["You", "Bot"], "en", every=True))
    assert re.search(r"^Round 1, move \d+ \(10♠ trail\): \w+\.", english, re.M), english
    assert "10S" not in english and "Deal 1" not in english
    assert "on this round" in english and "per round" in english
    french = "\n".join(review_lines(review, state.game, ["Vous", "Robot"], "fr", every=True))
    assert re.search(r"^Manche 1, coup \d+ \(10♠ pose\) : \w+\.", french, re.M), french
    assert "10S" not in french and "Vous avez joué" not in french
    assert "sur cette manche" in french and "par manche" in french
    assert review.to_json()["line"] == "round"  # what the browser's review page reads


def test_a_stored_review_is_explained_again_in_the_language_asked() -> None:
    from parlour.review import explain_decisions
    from test_french import english_words

    state = planted_casino("10S trail")
    review = review_match(state, 0, settings=FAST_SETTINGS, par=None, lang="en").to_json()
    [decision] = review["decisions"]
    # The planted capture, explained in the game's terms (what it takes), not just its text.
    assert "takes" in decision["explanation_best"]
    told = explain_decisions(review, state.history, state.game, 0, "fr")
    [french] = told["decisions"]
    assert french["explanation_best"] != decision["explanation_best"]
    assert "prend" in french["explanation_best"]
    assert english_words(french["explanation_best"]) == []
    assert english_words(french["explanation_played"]) == []


def test_a_retried_move_is_said_in_the_words_the_review_gave_it() -> None:
    """ "Find a better move" answers with the judge's own sentence: the move
    played, tried again, reads exactly as the review's verdict on it, in each
    language; a move better than the review's is said to be so, and the
    review's better move needs no words of its own."""
    from parlour.i18n import said_move
    from parlour.review import explain_decisions
    from parlour.web.review import tried_words

    state = planted_casino("10S trail")
    review = review_match(state, 0, settings=FAST_SETTINGS, par=None).to_json()
    for lang in ("en", "fr"):
        [decision] = explain_decisions(review, state.history, state.game, 0, lang)["decisions"]
        played = {
            "action": decision["played"]["action"],
            "loss": decision["loss"],
            "loss_error": decision["loss_error"],
            "better_than_best": False,
        }
        said = tried_words(played, decision, review, "points", lang)
        assert said == decision["words"]
        assert said_move(decision["best"]["text"], lang) in said  # what it costs, against what
        best = {**played, "action": decision["best"]["action"], "loss": 0.0}
        assert tried_words(best, decision, review, "points", lang) == ""
        better = {**played, "better_than_best": True}
        assert tried_words(better, decision, review, "points", lang) == (
            "Better than the review's choice: well found!"
            if lang == "en"
            else "Mieux que le choix de l'analyse : bien trouvé !"
        )


def test_the_par_is_said_deal_by_deal_and_once_for_a_match_of_one_deal() -> None:
    """A one-deal match's par line beside the score sheet read "Deal 1: … you, 64"
    while the sheet's deal line said 55 (the 64 holds the end bonus): one deal
    is said once, in the match's line."""
    from parlour.review.text import par_sentences

    def stored(scores: list[float]) -> dict[str, object]:
        pars = [
            {"deal": index + 1, "score": score, "par": 40.0, "spread": 6.0, "replays": [34, 40, 46]}
            for index, score in enumerate(scores)
        ]
        return {
            "pars": pars,
            "score_total": sum(scores),
            "par_total": 40.0 * len(scores),
            "par_spread": 6.0 * len(scores) ** 0.5,
            "thresholds": [4.0, 10.0, 25.0],
            "costly": 2,
        }

    title, match_line = par_sentences(stored([64.0]), "en")
    # Words, not statistics: no "±", no count of replays (the playtest read
    # "3 times" and "13 ± 2" outside the details).
    assert title == (
        "Par (what the hard bot makes in this seat, replaying the same cards against the "
        "same opponents):"
    )
    assert match_line == (
        "Match: on these cards the hard bot averages 40 (give or take 6); you made 64: good "
        "cards, and 2 costly decisions."
    )
    two = par_sentences(stored([51.0, 30.0]), "fr")
    assert len(two) == 4
    assert two[1] == (
        "Donne 1 : avec vos cartes, le robot fait en moyenne 40 (à 6 près) ; vous, 51."
    )
    assert two[3].startswith(
        "Partie : sur ces cartes, le robot difficile fait en moyenne 80 (à 8 près)"
    )
    # A Casino review stores its line kind: its par is said round by round.
    rounds = par_sentences({**stored([5.0, 6.0]), "line": "round"}, "en")
    assert rounds[1].startswith("Round 1: with your cards the bot averages 40 (give or take 6)")
    assert par_sentences({"pars": []}, "en") == []


def test_a_gap_under_the_par_that_costly_decisions_explain_is_said_to_be_theirs() -> None:
    """The playtest read "the hard bot averages 111 (give or take 66); you made
    50: about the par, though 1 decision cost" beside that decision's "costs
    about 113 points": 61 under the par is not about the par when a blunder
    explains it, even within the replays' spread."""
    from parlour.review.text import par_sentences

    def stored(score: float, losses: list[float]) -> dict[str, object]:
        decisions = [
            {"grade": "blunder" if loss >= 25 else "mistake", "loss": loss} for loss in losses
        ]
        good = {"grade": "good", "loss": 1.0}
        return {
            "pars": [{"deal": 1, "score": score, "par": 111.0, "spread": 66.0}],
            "score_total": score,
            "par_total": 111.0,
            "par_spread": 66.0,
            "thresholds": [4.0, 10.0, 25.0],
            "costly": len(decisions),
            "decisions": [good, *decisions],
        }

    assert par_sentences(stored(50.0, [113.0]), "en")[-1].endswith(
        "you made 50: 1 costly decision accounts for much of the gap."
    )
    assert par_sentences(stored(50.0, [113.0]), "fr")[-1].endswith(
        "vous avez fait 50 : 1 décision coûteuse explique une bonne part de l'écart."
    )
    assert par_sentences(stored(50.0, [40.0, 30.0]), "en")[-1].endswith(
        "2 costly decisions account for much of the gap."
    )
    # A gap the costly decisions do not explain stays the cards' and the others' play.
    assert par_sentences(stored(90.0, [8.0]), "en")[-1].endswith(
        "you made 90: about the par, though with 1 costly decision."
    )


def test_the_progress_counts_the_decisions_the_review_lists_apart_from_the_par() -> None:
    """The playtest's review said "Décisions jugées : 1 sur 5" while it worked and
    "Décisions jugées : 4" once done: the total of its progress counted the par's
    replayed deal as a decision. The review says how its steps split before it
    starts, and the server's 202 answers count the decisions as the finished
    review lists them, the par's deals apart."""
    import queue

    from parlour.web import review_worker
    from parlour.web.review import working_answer

    state = parlour.load_game("dracula", deals=1).new_initial_state(seed=4)
    bots = [make_bot("random", 1), make_bot("medium", 2)]
    bots_play(state, bots)
    plans: list[tuple[int, int]] = []
    steps: list[tuple[int, int]] = []
    review = review_match(
        state,
        0,
        settings=FAST_SETTINGS,
        plan=lambda decisions, deals: plans.append((decisions, deals)),
        progress=lambda done, total: steps.append((done, total)),
    )
    assert plans == [(review.decisions_reviewed, 1)]
    assert steps[-1] == (review.decisions_reviewed + 1, review.decisions_reviewed + 1)

    told: queue.Queue[Any] = queue.Queue()
    previous = review_worker._progress
    review_worker._progress = told  # type: ignore[assignment]
    try:
        record = state.to_record().to_json()
        data = review_worker.compute_review("job", record, 0, [], "fr", FAST_SETTINGS)
    finally:
        review_worker._progress = previous
    answers = []
    while not told.empty():
        job, done, total, decisions = told.get_nowait()
        assert job == "job"
        answers.append(working_answer(done, total, decisions))
    listed = len(data["decisions"])
    assert listed == review.decisions_reviewed
    assert answers and all(answer["decisions"] == listed for answer in answers)
    assert [answer["judged"] for answer in answers] == [*range(1, listed + 1), listed]
    assert answers[-1]["deals"] == 1 and answers[-1]["replayed"] == 1


def test_the_review_names_the_other_seats_as_the_table_does() -> None:
    """The terminal's review said "player 2 finds 5♠ J♠ A♢ …" where the table,
    the log and the hints said "Bot 2": the explanations name the seats by the
    table's names, in the reader's language."""
    state = planted_casino("10S trail")
    for names, lang in ((["You", "Bot 2"], "en"), (["Vous", "Robot 2"], "fr")):
        review = review_match(state, 0, settings=FAST_SETTINGS, par=None, lang=lang, names=names)
        [decision] = review.flagged
        said = decision.explanation_played + " " + decision.explanation_best
        assert names[1] in said and "player 2" not in said and "joueur 2" not in said, said


def test_a_nain_jaune_review_counts_in_chips_in_both_languages() -> None:
    """The playtest read "Points are the lead…" and « points espérés perdus » in
    a Nain Jaune review whose hints said "about 14 chips": the review says the
    game's own unit, as the judge's verdicts do."""
    from parlour.review.text import review_lines

    name = "nain-jaune"
    game = parlour.load_game(name, **game_class(name).short_options)
    state = game.new_initial_state(seed=41)
    bots = [make_bot("heuristic", seat) for seat in range(game.num_players)]
    bots_play(state, bots)
    review = review_match(state, 0, settings=FAST_SETTINGS, par=None, lang="en")
    english = review_lines(review, game, ["You", "Bot 2", "Bot 3", "Bot 4"], "en")
    said = "\n".join(english[:6])
    assert "Chips are the lead" in said and "expected chips lost" in said, said
    assert "points" not in said.lower(), said
    french = "\n".join(
        review_lines(review, game, ["Vous", "Robot 2", "Robot 3", "Robot 4"], "fr")[:6]
    )
    assert "Les jetons sont l'avance" in french and "jetons espérés perdus" in french, french
    assert "point" not in french.lower(), french


def test_cards_the_game_played_for_the_seat_count_as_forced_moves() -> None:
    """The playtest's Nain Jaune log said "Only move: played 4♣ for you." twice,
    and its review "forced moves, not judged: 0": the game plays a seat's only
    legal card itself, inside another move, and the review did not count it."""
    from parlour.render.narration import played_for

    name = "nain-jaune"
    game = parlour.load_game(name, **game_class(name).short_options)
    for seed in range(40, 60):
        state = game.new_initial_state(seed=seed)
        bots = [make_bot("heuristic", seat) for seat in range(game.num_players)]
        bots_play(state, bots)
        played_for_seat = sum(1 for _, event in state.event_log(0) if played_for(event) == 0)
        if played_for_seat:
            break
    assert played_for_seat, "no seed of 40 to 59 has a card played for seat 0"
    replay = game.new_initial_state()
    turns = 0
    for action in state.history:
        turns += replay.current_player() == 0
        replay.apply_action(action)
    review = review_match(state, 0, settings=FAST_SETTINGS, par=None, lang="en")
    assert review.forced == turns - review.decisions_reviewed + played_for_seat
