"""The replay frames of a finished table (``parlour.web.replay``): each deal's
end is a frame of its own with the finished board of that deal (never the next
deal's), the public frames show no hand, and a game not over has no replay."""

from __future__ import annotations

import pytest

from parlour.core.registry import game_names
from parlour.table import SeatSpec, Table
from parlour.web.replay import replay_frames

OPTIONS = {
    "dracula": {"deals": 2},
    "dracula-partnership": {"deals": 1},
    "thracula": {"deals": 1},
    "colour-blind": {"players": 3, "deals": 1},
    "nain-jaune": {"players": 4, "max_deals": 1},
    "casino": {"players": 2, "target": 1},
}


PLAYERS = {"dracula": 2, "dracula-partnership": 4, "thracula": 3}


def finished(game_name: str, seed: int = 5) -> Table:
    """A game of random bots played to its end."""
    players = int(str(OPTIONS[game_name].get("players", PLAYERS.get(game_name, 2))))
    seats = [SeatSpec("bot", f"Bot {seat + 1}", bot="random") for seat in range(players)]
    table = Table.create(game_name, seats, options=OPTIONS[game_name], seed=seed)
    while not table.is_over():
        table.play_bot_move()
    return table


@pytest.mark.parametrize("game_name", sorted(OPTIONS))
def test_each_deal_end_is_a_frame_with_its_own_finished_board(game_name: str) -> None:
    assert game_name in game_names()
    table = finished(game_name)
    closing = [event for _, event in table.events_for(None) if type(event).ends_deal]
    replay = replay_frames(table, None, table.names, "en")
    frames = replay["frames"]
    ends = [index for index, frame in enumerate(frames) if frame["deal_end"]]
    assert len(ends) == len(closing) >= 1
    assert ends[-1] == len(frames) - 1, "the game's last frame is its last deal's end"
    for index, event in zip(ends, closing, strict=True):
        view = frames[index]["view"]
        before = frames[index - 1]["view"]
        for key in ("deal", "dealer", "coffin_number"):
            if key in view and view[key] is not None:
                assert view[key] == before[key], (key, index)
        if event.kind == "coffin_scored":
            assert all(cell is not None for cell in view["coffin"]), view["coffin"]
            assert None not in view["row_values"]
    assert not any(frame["view"].get("hand") for frame in frames), "the public view has no hand"
    mine = replay_frames(table, 0, table.names, "fr")["frames"]
    assert len(mine) == len(frames) and any(frame["view"].get("hand") for frame in mine)


def test_a_game_not_over_has_no_replay() -> None:
    table = Table.create(
        "dracula", [SeatSpec("bot", "A", bot="random"), SeatSpec("bot", "B", bot="random")]
    )
    table.play_bot_move()
    with pytest.raises(ValueError, match="finished"):
        replay_frames(table, None, table.names, "en")


@pytest.mark.parametrize("game_name", sorted(OPTIONS))
def test_a_review_process_builds_the_same_replay_from_the_record(game_name: str) -> None:
    """The server has its replays built by a review process from the table's
    record (``review_worker.build_replay``): the same frames as the table's
    own, as the bytes sent, with their gzip form."""
    import gzip
    import json

    from parlour.web.review_worker import build_replay

    table = finished(game_name)
    record = table.snapshot().serialize()
    for seat in (None, 0):
        body, packed = build_replay(record, seat, list(table.names), "fr")
        assert json.loads(body) == replay_frames(table, seat, table.names, "fr")
        assert packed is not None and gzip.decompress(packed) == body


def test_reviews_being_worked_out_never_refuse_the_same_addresss_replay() -> None:
    """Reviews and quick jobs (retried moves, replays) are counted apart per
    address: a household whose ``reviews_per_address`` reviews are being worked
    out is refused a third review (429), yet its replay is built. (Two players
    of today's deals behind one address, each reading a review, once left the
    third unable to open a replay.)"""
    from parlour.web.limits import ServerLimits
    from parlour.web.review import ReviewDesk
    from parlour.web.served import ByteCache, TooManyRequestsError
    from test_web_hub import run_apart

    table = finished("thracula")
    desk = ReviewDesk(ByteCache(1 << 24), ServerLimits(review_workers=2, reviews_per_address=2))
    address = "192.0.2.7"

    async def run() -> None:
        try:
            for seat in (0, 1):
                answer = await desk.request(table, seat, lambda seat=seat: seat, "en", address)
                assert answer.status == 202, answer.body
            with pytest.raises(TooManyRequestsError, match="at most 2 reviews"):
                await desk.request(table, 2, lambda: 2, "en", address)
            assert desk.facts()["running"] + desk.facts()["waiting"] == 2
            served = await desk.replay(table, 0, table.names, "en", address)
            assert served.status == 200 and served.body.startswith(b'{"game":"thracula"')
        finally:
            desk.close()

    run_apart(run)
