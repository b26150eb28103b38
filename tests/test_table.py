"""The table (``parlour.table``): every game played through ``submit`` only, moves
refused with nothing changed, the undo policy, stores, reopening in another
process, and the seed kept secret until the end."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

import parlour
from parlour.core.errors import IllegalActionError, ParlourError, ParseError
from parlour.core.events import Event
from parlour.render import Style
from parlour.table import (
    MemoryTableStore,
    NotYourTurnError,
    SeatSpec,
    SqliteTableStore,
    StaleVersionError,
    Table,
    TableError,
    TableNotFoundError,
    UndoRefusedError,
)
from parlour.table import table as table_module
from parlour.tui.session import game_log

SOURCES = str(Path(parlour.__file__).resolve().parents[1])
"""The sources under test, for the subprocesses."""


def seats_for(players: int, people: int = 1, bot: str = "random") -> list[SeatSpec]:
    """``people`` people first, then bots."""
    return [
        SeatSpec("person", f"Person {seat + 1}") if seat < people else SeatSpec("bot", bot=bot)
        for seat in range(players)
    ]


def play_through_submit(table: Table, limit: int = 5000) -> int:
    """Play to the end through ``submit`` only: people take their first legal move,
    bots answer through ``choose_bot_move``. Returns the number of moves."""
    moves = 0
    while not table.is_over():
        if table.bot_to_act() is not None:
            seat, action, version = table.choose_bot_move()
        else:
            seat = table.seat_to_act()
            assert seat is not None
            action = table.legal_moves(seat)[0][0]
            version = table.version
        before = table.version
        table.submit(seat, action, version)
        assert table.version == before + 1
        moves += 1
        assert moves < limit, "the game did not end"
    return moves


@pytest.mark.parametrize("name", parlour.game_names())
def test_every_game_plays_to_the_end_through_submit_at_its_smallest_table(name: str) -> None:
    info = parlour.core.registry.game_class(name).info
    options = {"players": info.min_players} if info.min_players != info.max_players else {}
    game = parlour.load_game(name, **options)
    table = Table.create(name, seats_for(game.num_players), options=options, seed=11)
    moves = play_through_submit(table)
    assert table.version == moves
    result = table.result()
    assert result is not None and len(result) == game.num_players
    record = json.loads(table.record_json())
    assert record["game"] == name
    assert table.legal_moves(0) == []


def test_several_people_and_bots_at_one_table() -> None:
    table = Table.create("nain-jaune", seats_for(4, people=2), seed=5)
    assert table.people() == [0, 1]
    play_through_submit(table)
    assert table.is_over() and table.result() is not None


def refused_without_change(table: Table, error: type[Exception], call: object) -> str:
    """Run ``call``; it must raise ``error`` and leave the table exactly as it was."""
    before = (table.snapshot().serialize(), table.version, table.history_length())
    with pytest.raises(error) as raised:
        call()  # type: ignore[operator]
    assert (table.snapshot().serialize(), table.version, table.history_length()) == before
    return str(raised.value)


def test_wrong_seat_stale_version_and_illegal_moves_change_nothing() -> None:
    table = Table.create("dracula", seats_for(2, people=2), options={"deals": 1}, seed=2)
    seat = table.seat_to_act()
    assert seat is not None
    other = 1 - seat
    legal = table.legal_moves(seat)
    message = refused_without_change(
        table, NotYourTurnError, lambda: table.submit(other, legal[0][0], table.version)
    )
    assert f"not seat {other}'s turn" in message and f"seat {seat}" in message
    message = refused_without_change(
        table, NotYourTurnError, lambda: table.submit(7, legal[0][0], table.version)
    )
    assert "no seat 7" in message and "0 to 1" in message
    message = refused_without_change(
        table, StaleVersionError, lambda: table.submit(seat, legal[0][0], table.version + 3)
    )
    assert "version 3" in message and "now at version 0" in message
    refused_without_change(table, ParseError, lambda: table.submit(seat, "QQ z9", 0))
    refused_without_change(table, ParseError, lambda: table.submit(seat, 2.5, 0))  # type: ignore[arg-type]
    refused_without_change(table, ParseError, lambda: table.submit(seat, True, 0))  # type: ignore[arg-type]
    message = refused_without_change(table, IllegalActionError, lambda: table.submit(seat, -945, 0))
    assert "legal now:" in message
    table.submit(seat, legal[0][0], 0)  # the direction
    seat = table.seat_to_act()
    assert seat is not None
    hand = table.view_for(seat).observation["hand"]  # type: ignore[union-attr]
    message = refused_without_change(
        table, IllegalActionError, lambda: table.submit(seat, f"{hand[0]} a1", table.version)
    )
    assert "a1 is not next to a card in the coffin" in message and "legal now:" in message


def test_a_bot_answer_made_stale_by_an_undo_is_refused() -> None:
    table = Table.create("dracula", seats_for(2), options={"deals": 1}, seed=4)
    while table.bot_to_act() is not None:
        table.play_bot_move()
    person = table.people()[0]
    table.submit(person, table.legal_moves(person)[0][0], table.version)
    while table.bot_to_act() is None:
        table.submit(person, table.legal_moves(person)[0][0], table.version)
    seat, action, version = table.choose_bot_move()
    table.undo(person, table.version)
    refused_without_change(table, StaleVersionError, lambda: table.submit(seat, action, version))


def test_undo_with_one_person_goes_back_as_far_as_wanted() -> None:
    table = Table.create("thracula", seats_for(3), options={"deals": 1}, seed=6)
    while table.bot_to_act() is not None:
        table.play_bot_move()
    start = table.snapshot().serialize()
    assert not table.can_undo(0)
    with pytest.raises(UndoRefusedError) as refused:
        table.undo(0, table.version)
    assert refused.value.code == "nothing"
    positions = []
    for _ in range(4):
        positions.append(table.snapshot().serialize())
        table.submit(0, table.legal_moves(0)[0][0], table.version)
        while table.bot_to_act() is not None:
            table.play_bot_move()
    for position in reversed(positions):
        assert table.can_undo(0)
        table.undo(0, table.version)
        assert table.snapshot().serialize() == position  # the same cards, dealt again
    assert table.snapshot().serialize() == start
    assert not table.can_undo(0)
    assert not table.can_undo(1)  # a bot never takes a move back
    with pytest.raises(UndoRefusedError, match="is a bot"):
        table.undo(1, table.version)


def undo_refusal(table: Table, seat: int) -> str:
    """The code of the table's refusal to undo for ``seat`` (which must refuse,
    changing nothing)."""
    assert not table.can_undo(seat)
    codes: list[str] = []

    def undo() -> None:
        try:
            table.undo(seat, table.version)
        except UndoRefusedError as error:
            codes.append(error.code)
            raise

    refused_without_change(table, UndoRefusedError, undo)
    return codes[0]


def move_first(table: Table) -> tuple[int, bool]:
    """Play the first legal move of the seat on turn; return the seat and whether a
    chance outcome (a card dealt or turned) followed it."""
    seat = table.seat_to_act()
    assert seat is not None
    length = table.history_length()
    table.submit(seat, table.legal_moves(seat)[0][0], table.version)
    return seat, table.history_length() > length + 1


def test_undo_with_two_people_only_your_last_move_before_anything_else() -> None:
    table = Table.create("dracula", seats_for(2, people=2), options={"deals": 1}, seed=3)
    first = table.seat_to_act()
    assert first is not None and undo_refusal(table, first) == "nothing"
    seat, revealed = move_first(table)  # the direction; the deal follows it
    assert revealed and undo_refusal(table, seat) == "revealed"
    before = table.snapshot().serialize()
    seat, revealed = move_first(table)
    assert not revealed
    other = table.seat_to_act()
    assert other is not None and other != seat
    assert undo_refusal(table, other) in ("nothing", "others_moved")  # not its move
    assert table.can_undo(seat)
    table.undo(seat, table.version)
    assert table.snapshot().serialize() == before
    assert undo_refusal(table, seat) == "again"  # once only
    seat, _ = move_first(table)
    second, revealed = move_first(table)
    assert second != seat and not revealed
    assert undo_refusal(table, seat) == "others_moved"
    assert table.can_undo(second)
    table_over = Table.create("dracula", seats_for(2, people=2), options={"deals": 1}, seed=3)
    play_through_submit(table_over)
    assert undo_refusal(table_over, 0) == "over"


def every_setting() -> list[tuple[str, dict[str, object]]]:
    """Every game with each of its conformance option sets (player counts among them)."""
    return [
        (name, dict(options))
        for name in parlour.game_names()
        for options in parlour.core.registry.game_class(name).conformance_options
    ]


@pytest.mark.parametrize(("name", "options"), every_setting())
def test_every_chance_step_that_deals_a_card_shows_it_by_an_event_to_exactly_its_seers(
    name: str, options: dict[str, object]
) -> None:
    """The undo rule reads only the events' ``shown_to``: for it to cover every
    card chance deals, each chance step that deals a card must emit an event that
    shows it to exactly the seats that see the outcome (``_chance_seen_by``,
    which the views are built from), and no chance step may show more."""
    import random

    game = parlour.load_game(name, **options)
    players = game.num_players
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        state.record_events()
        while not state.is_terminal():
            step = len(state.history)
            chance = state.is_chance_node()
            deals_a_card = chance and state._chance_card_mask() != 0
            seers = {seat for seat in range(players) if chance and state._chance_seen_by(seat)}
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            events = [event for at, event in state.event_log() if at == step]
            shown: set[int] = set()
            for event in events:
                audience = event.shown_to()
                shown |= set(range(players)) if audience is None else set(audience)
            if not chance:
                continue
            kinds = [event.kind for event in events]
            assert shown <= seers, f"{name} step {step}: {kinds} show a card to {shown - seers}"
            if deals_a_card:
                assert shown == seers, f"{name} step {step}: {kinds} show {shown}, seen {seers}"


def test_every_event_that_hides_a_card_from_some_seats_declares_that_it_shows_one() -> None:
    from parlour.core.events import Event

    for name in parlour.game_names():
        parlour.load_game(name).new_initial_state(seed=1)  # imports every event module
    kinds: list[type[Event]] = []
    waiting = list(Event.__subclasses__())
    while waiting:
        kind = waiting.pop()
        waiting.extend(kind.__subclasses__())
        if kind.__module__.startswith(("parlour.games", "parlour.core.shared_events")):
            kinds.append(kind)
    secret = [kind for kind in kinds if kind.secret_fields]
    assert len(secret) >= 5
    for kind in secret:
        assert kind.shows_card, f"{kind.__name__} hides a card from some seats: shows_card"


def test_among_people_the_move_that_turns_up_the_dummys_last_card_cannot_be_taken_back() -> None:
    """Colour-blind for two: the last trick turns the dummy's face-down 14th card
    up (``last_card=last_trick``); the player who completed that trick cannot take
    it back, while a card led (which shows nothing hidden) can be."""
    options = {"players": 2, "last_card": "last_trick", "deals": 2, "first_dealer": 0}
    table = Table.create("colour-blind", seats_for(2, people=2), options=options, seed=4)
    seat, _ = move_first(table)  # a card led shows nothing that was hidden
    assert table.can_undo(seat)
    table.undo(seat, table.version)
    turned_up = False
    for _ in range(200):
        seat = table.seat_to_act()
        assert seat is not None
        events = table.submit(seat, table.legal_moves(seat)[0][0], table.version)
        if any(event.kind == "last_card_won" for _, event in events):
            turned_up = True
            break
    assert turned_up and not table.is_over()
    assert undo_refusal(table, seat) == "revealed"
    with pytest.raises(UndoRefusedError, match="last card won"):
        table.undo(seat, table.version)


def test_the_sqlite_store_refuses_a_move_number_twice(tmp_path: Path) -> None:
    store = SqliteTableStore(tmp_path / "tables.sqlite3")
    table = Table.create("dracula", seats_for(2, people=2), seed=1, store=store)
    seat = table.seat_to_act()
    assert seat is not None
    table.submit(seat, table.legal_moves(seat)[0][0], 0)
    with pytest.raises(StaleVersionError):
        store.append_move(table.id, 1, {"kind": "action", "seat": 0, "action": 0})
    with pytest.raises(StaleVersionError):
        store.append_move(table.id, 5, {"kind": "action", "seat": 0, "action": 0})
    # A second copy of the table (another server process) cannot accept move 2 too.
    twin = Table.open(table.id, store)
    seat = table.seat_to_act()
    assert seat is not None
    table.submit(seat, table.legal_moves(seat)[0][0], 1)
    refused_without_change(
        twin, StaleVersionError, lambda: twin.submit(seat, twin.legal_moves(seat)[0][0], 1)
    )
    header, moves = store.load(table.id)
    assert header["game"] == "dracula" and len(moves) == 2
    with pytest.raises(TableNotFoundError):
        Table.open("no-such-table", store)
    listed = store.list(finished=False)
    assert [item["id"] for item in listed] == [table.id] and listed[0]["moves"] == 2


def test_a_table_written_by_one_process_continues_exactly_in_another(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    seats = (
        "[SeatSpec('person', 'Ann'), SeatSpec('bot', bot='heuristic'), "
        "SeatSpec('bot', bot='random')]"
    )
    script = textwrap.dedent(
        f"""
        from parlour.table import SeatSpec, SqliteTableStore, Table
        store = SqliteTableStore({str(path)!r})
        table = Table.create("thracula", {seats}, options={{"deals": 1}}, seed=21, store=store)
        while table.version < 15:
            if table.bot_to_act() is not None:
                table.play_bot_move()
            else:
                table.submit(0, table.legal_moves(0)[-1][0], table.version)
        print(table.id)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": SOURCES, "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    table = Table.open(done.stdout.strip(), SqliteTableStore(path))
    assert table.version == 15

    def finish(table: Table) -> None:
        while not table.is_over():
            if table.bot_to_act() is not None:
                table.play_bot_move()
            else:
                table.submit(0, table.legal_moves(0)[-1][0], table.version)

    finish(table)
    alone = Table.create(
        "thracula",
        [
            SeatSpec("person", "Ann"),
            SeatSpec("bot", bot="heuristic"),
            SeatSpec("bot", bot="random"),
        ],
        options={"deals": 1},
        seed=21,
    )
    finish(alone)
    assert table.record_json() == alone.record_json()
    assert SqliteTableStore(path).list(finished=True)[0]["result"]["returns"] == alone.result()


def test_undo_is_stored_and_replays_on_opening(tmp_path: Path) -> None:
    store = SqliteTableStore(tmp_path / "tables.sqlite3")
    table = Table.create("dracula", seats_for(2), options={"deals": 1}, seed=8, store=store)
    for _ in range(3):
        while table.bot_to_act() is not None:
            table.play_bot_move()
        table.submit(0, table.legal_moves(0)[0][0], table.version)
    table.undo(0, table.version)
    reopened = Table.open(table.id, store)
    assert reopened.version == table.version
    assert reopened.snapshot().serialize() == table.snapshot().serialize()


def test_no_seed_means_one_from_the_system_kept_secret_until_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[int] = []

    def randbits(bits: int) -> int:
        drawn.append(bits)
        return 0xDEADBEEF12345678

    monkeypatch.setattr(table_module.secrets, "randbits", randbits)
    table = Table.create("dracula", seats_for(2), options={"deals": 1})
    assert drawn == [64]
    assert table.revealed_seed() is None
    # A bot's seed is shown with its seat: it is hashed, so it does not give the
    # deal's seed away.
    bot_seed = table.seats[1].bot_seed
    assert 0xDEADBEEF12345678 not in (bot_seed, bot_seed // 1000, bot_seed - 1)
    with pytest.raises(TableError, match="once the game is over"):
        table.record_json()
    play_through_submit(table)
    assert table.revealed_seed() == 0xDEADBEEF12345678
    assert json.loads(table.record_json())["sampler"]["seed"] == 0xDEADBEEF12345678


def run_parlour(args: list[str], stdin: str, data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "parlour", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={
            "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": SOURCES,
            "PARLOUR_DATA_DIR": str(data),
        },
    )


def test_parlour_play_shows_the_seed_only_at_the_end(tmp_path: Path) -> None:
    result = run_parlour(["play", "dracula", "-o", "deals=1", "--plain"], "1\n" * 12, tmp_path)
    assert result.returncode == 0, result.stderr
    start, _, end = result.stdout.partition("Score sheet:")
    assert "seed" not in start.lower()
    assert "To deal the same cards again: parlour play dracula -o deals=1 --seed " in end
    seed = int(end.split("--seed ")[1].split()[0])
    assert seed >= 1_000_000  # drawn from 64 bits (this fails about once in 10^13 runs)


def test_an_unfinished_game_replays_only_from_the_seat_that_saved_it(tmp_path: Path) -> None:
    saved = run_parlour(
        ["play", "dracula", "-o", "deals=1", "--plain", "--opponent", "random"],
        "1\nsave\nquit\n",
        tmp_path,
    )
    assert saved.returncode == 0, saved.stderr
    identifier = saved.stdout.split("parlour resume ")[1].split()[0]
    mine = run_parlour(["replay", identifier], "", tmp_path)
    assert mine.returncode == 0, mine.stderr
    theirs = run_parlour(["replay", identifier, "--seat", "1"], "", tmp_path)
    assert theirs.returncode == 2
    assert "can be replayed only from seat 0" in theirs.stderr
    assert "Traceback" not in theirs.stderr


@dataclass(frozen=True)
class SecretCard(Event):
    """A made-up event whose card only seat 0 may see."""

    kind = "secret_card"
    secret_fields = ("card",)
    card: str | None

    def audience(self) -> tuple[int, ...]:
        return (0,)


def test_the_log_grows_with_each_move_and_shows_no_hidden_card() -> None:
    table = Table.create("dracula", seats_for(2), options={"deals": 1}, seed=9)
    names = table.names
    lengths = []
    while not table.is_over():
        table.play_bot_move() if table.bot_to_act() is not None else table.submit(
            0, table.legal_moves(0)[0][0], table.version
        )
        log = game_log("dracula", table.events_for(0), table.moves_played(), names, Style())
        lengths.append(len(log))
        for seat in (None, 0, 1):
            for _, event in table.events_for(seat):
                assert event == event.for_seat(seat)  # already filtered for that seat
    # One entry per move, after an opening entry for what chance did before it.
    assert lengths == list(range(lengths[0], lengths[0] + len(lengths)))
    assert lengths[0] in (1, 2)
    # A dealt card reaches only its receiver's log; a spectator sees none.
    for seat in (None, 0, 1):
        dealt = [event for _, event in table.events_for(seat) if event.kind == "card_dealt"]
        assert dealt
        for event in dealt:
            receiver = event.to_json()["seat"]
            assert (event.to_json()["card"] is not None) is (receiver == seat)
    moves = table.moves_played()[:1]
    secret = SecretCard(card="QH")
    for seat, shown in ((0, True), (1, False)):
        events = [(moves[0].step, secret.for_seat(seat))]
        [said] = game_log("dracula", events, moves, names, Style())
        assert ("Q♡" in " ".join(said)) is shown
        assert len(said) == 1  # the event says the move: no second sentence for it
    # An event of a later step (a card dealt after the move) follows the move's own
    # sentence when the move emitted none.
    [said] = game_log("dracula", [(moves[0].step + 1, secret)], moves, names, Style())
    assert len(said) == 2 and "Q♡" in said[1]


def test_memory_store_and_bad_tables_are_refused_clearly() -> None:
    store = MemoryTableStore()
    with pytest.raises(TableError, match="has 2 seats; 3 were given"):
        Table.create("dracula", seats_for(3), store=store)
    with pytest.raises(TableError, match="unknown bot 'genius'"):
        Table.create("dracula", [SeatSpec("person"), SeatSpec("bot", bot="genius")])
    with pytest.raises(TableError, match="its own name"):
        Table.create("dracula", [SeatSpec("person", "Ann"), SeatSpec("person", "Ann")])
    table = Table.create("dracula", [SeatSpec("person"), SeatSpec("bot", bot="random")])
    assert table.names == ["Player 1", "Bot 2"]
    assert table.view_for(None) is None and isinstance(table.public_observation(), dict)
    while table.bot_to_act() is not None:
        table.play_bot_move()
    with pytest.raises(TableError, match="no bot is on turn"):
        table.choose_bot_move()
    with pytest.raises(NotYourTurnError, match="not on turn"):
        table.hint(1)
    assert table.hint(0).action in [action for action, _ in table.legal_moves(0)]


def test_a_casino_move_written_in_one_line_is_submitted_as_all_its_steps() -> None:
    table = Table.create("casino", [SeatSpec("person", "Ann"), SeatSpec("person", "Bob")], seed=5)
    while True:
        seat = table.seat_to_act()
        assert seat is not None, "no capture of several cards in this deal"
        moves = table.legal_moves(seat)
        line = _one_line_capture(table, seat, moves)
        if line is not None:
            break
        table.submit(seat, moves[0][0], table.version)
    before, version = table.snapshot().serialize(), table.version
    # A line whose last card is not on the table is refused whole: nothing changes.
    with pytest.raises(ParlourError):
        table.submit(seat, line + "+KD", version)
    assert table.snapshot().serialize() == before and table.version == version
    events = table.submit(seat, line, version)
    assert table.version > version + 1  # one stored move per step
    assert [event.kind for _, event in events] == ["capture"]
    assert table.seat_to_act() != seat


def _one_line_capture(table: Table, seat: int, moves: list[tuple[int, str]]) -> str | None:
    """A legal capture of several loose cards at this position, in one line."""
    for action, text in moves:
        if not text.endswith(" take"):
            continue
        trial = table._state.clone()
        trial.apply_action(action)
        cards = []
        while trial.current_player() == seat:
            step = trial.legal_actions()[0]
            step_text = trial.action_to_string(step)
            trial.apply_action(step)
            if step_text == "done" or step_text.startswith("b"):
                return None
            cards.append(step_text)
        if len(cards) >= 2:
            return text + " " + "+".join(cards)
    return None


def test_a_french_hint_names_the_seats_in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playtest at 80×24: « la ligne 2 de Bot 2 peut maintenant faire au plus
    44 » on a French table whose board says Robot 2. A seat nobody named is
    said in the hint's language, as on the board; a chosen name stays as typed."""
    from parlour.table import hints

    monkeypatch.setattr(hints, "hint_bot_kind", lambda: "heuristic")

    def hint_text(bot_name: str) -> str:
        seats = [SeatSpec("person", "You"), SeatSpec("bot", bot_name, bot="random")]
        table = Table.create("dracula", seats, options={"deals": 1}, seed=1)
        while table.seat_to_act() == 1:
            table.play_bot_move()
        return table.hint(0, "fr").explanation

    said = hint_text("Bot 2")
    assert "Robot 2" in said and "Bot 2" not in said.replace("Robot 2", ""), said
    assert "Dracul" in hint_text("Dracul"), hint_text("Dracul")
