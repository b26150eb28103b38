"""The example game, Twelve (``tests/example_game``), works from its folder alone.

The folder holds the game's package (``twelve``: every part a game may have)
and the metadata of a distribution that declares it
(``twelve-1.0.dist-info``: its ``parlour.games`` entry point). Putting the folder
on ``PYTHONPATH`` is the whole installation: every check here runs parlour in a
child process so started, and no file of parlour names the game.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = Path(__file__).resolve().parent / "example_game"
GAME = "twelve"


def environment(**more: str) -> dict[str, str]:
    """This environment with the example folder (and parlour's sources) first on
    ``PYTHONPATH``: the game is installed by that alone."""
    paths = [str(EXAMPLE), str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "NO_COLOR": "1", **more}


def run(command: list[str], stdin: str = "", **more: str) -> subprocess.CompletedProcess[str]:
    """Run ``command`` in a child with the example game installed; fail on an error."""
    result = subprocess.run(
        command,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env=environment(**more),
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result


def python(code: str) -> str:
    """What ``code`` prints, run with the example game installed."""
    return run([sys.executable, "-c", code]).stdout


def test_the_folder_holds_the_whole_game_and_nothing_else_names_it() -> None:
    package = EXAMPLE / GAME
    parts = ("__init__.py", "rules.py", "events.py", "text.py", "heuristic.py", "tensor.py")
    parts += ("explain.py", "examples.py", "lesson.py", "board.js", "board.css", "golden.txt")
    for part in parts:
        assert (package / part).is_file(), part
    for page in ("reference.md", "howto.en.md", "howto.fr.md"):
        assert (package / "pages" / page).is_file(), page
    # No file of parlour (its sources, its build, its other tests) names the game.
    naming = re.compile(rf"\b{GAME}\b", re.IGNORECASE)
    here = Path(__file__).resolve()
    places = [*(ROOT / "src").rglob("*"), *(ROOT / "tests").rglob("*"), ROOT / "setup.py"]
    places.append(ROOT / "pyproject.toml")
    named = [
        path.relative_to(ROOT)
        for path in places
        if path.is_file()
        and path.suffix in (".py", ".js", ".css", ".html", ".toml", ".md", ".txt")
        and EXAMPLE not in path.parents
        and not any(part.endswith(".egg-info") for part in path.parts)  # pip's build notes
        and path != here
        and naming.search(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert named == [], f"files outside the example's folder name it: {named}"


def test_it_is_registered_through_its_entry_point_and_passes_the_conformance_test() -> None:
    output = python(
        "import importlib.metadata as m, json, parlour\n"
        "from parlour.core.registry import game_parts\n"
        "from parlour.testing import check_game\n"
        "points = [e.value for e in m.entry_points(group='parlour.games') if e.name == 'twelve']\n"
        "print(json.dumps({'names': parlour.game_names(), 'points': points,\n"
        "    'package': game_parts('twelve').package}))\n"
        "for options in parlour.game_class('twelve').conformance_options:\n"
        "    check_game('twelve', playouts=20, **options)\n"
    )
    found = json.loads(output.splitlines()[-1])
    assert GAME in found["names"]
    assert found["points"] == ["twelve:PARTS"]
    assert found["package"] == "twelve"


PLAY = [sys.executable, "-m", "parlour", "play", GAME, "--seed", "3", "-o", "deals=1"]
"""The line mode (standard input is no terminal), one deal, a fixed seed."""


def test_it_is_played_in_the_plain_terminal_in_english_and_french(tmp_path: Path) -> None:
    for lang, words in (("en", ("Score sheet", "Your hand")), ("fr", ("Votre main", "Donne 1"))):
        result = run(
            [*PLAY, "--lang", lang],
            "1\n" * 12,
            PARLOUR_DATA_DIR=str(tmp_path / lang),
        )
        for word in words:
            assert word in result.stdout, (lang, word, result.stdout[-2000:])
        assert "--seed 3" in result.stdout  # the match ran to its end


BOTS_PLAY = """
import parlour
from parlour.bots import make_bot
game = parlour.load_game("twelve", deals=2)
for kind in ("random", "heuristic", "hard"):
    state = game.new_initial_state(seed=5)
    bots = [make_bot(kind, seat) for seat in range(2)]
    while not state.is_terminal():
        seat = state.current_player()
        view = state.view(seat)
        action = bots[seat].choose(view)
        assert action in view.legal_actions, (kind, action)
        state.apply_action(action)
    print(kind, sum(state.returns()))
from parlour.bots.ismcts import hard_iterations
print("hard budget", hard_iterations("twelve"))
"""


def test_the_random_heuristic_and_hard_bots_play_it() -> None:
    lines = python(BOTS_PLAY).splitlines()
    assert lines[:3] == ["random 10.0", "heuristic 10.0", "hard 10.0"]  # 5 points a deal
    assert lines[3] in ("hard budget 400", "hard budget 200")  # its heuristic part's


def test_the_cross_cutting_tests_pick_it_up_from_the_registry() -> None:
    # The adapters' own API tests, the bots' and the web protocol's loop over
    # parlour.game_names(): with the folder on the path, they test the game too.
    files = [
        "tests/test_adapters_openspiel.py",
        "tests/test_adapters_pettingzoo.py",
        "tests/test_adapters_gymnasium.py",
        "tests/test_bots.py",
        "tests/test_web_api.py",
    ]
    command = [sys.executable, "-m", "pytest", *files, "-o", "addopts=", "-v", "-k", GAME]
    result = run([*command, "-p", "no:warnings"])
    outcomes: dict[str, list[str]] = {}
    for line in result.stdout.splitlines():
        found = re.match(r"(tests/\S+?\.py)::(\S+) (PASSED|FAILED|ERROR|SKIPPED)", line)
        if found:
            outcomes.setdefault(found.group(3), []).append(f"{found.group(1)}::{found.group(2)}")
    assert "FAILED" not in outcomes and "ERROR" not in outcomes, outcomes
    assert {name.split("::")[0] for name in outcomes.get("PASSED", [])} == set(files), outcomes
    assert len(outcomes["PASSED"]) >= 20, outcomes


def serve_with_the_example(tmp_path: Path) -> Any:
    """A real ``parlour serve`` (tests/live.py) started with the example installed."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from live import ServeProcess

    previous = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(EXAMPLE), previous]))
    try:
        return ServeProcess(f"sqlite://{tmp_path / 'tables.sqlite3'}").start()
    finally:
        if previous is None:
            os.environ.pop("PYTHONPATH")
        else:
            os.environ["PYTHONPATH"] = previous


def test_it_is_played_over_the_web_protocol_by_a_real_server(tmp_path: Path) -> None:
    pytest.importorskip("websockets", reason="the live server tests need websockets")
    pytest.importorskip("uvicorn", reason="the web tests need the web extra")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import httpx

    from live import Client, make_table, tokens_of

    server = serve_with_the_example(tmp_path)
    try:
        games = httpx.get(server.base + "/api/games", timeout=30).json()["games"]
        assert GAME in [game["name"] for game in games]
        board = httpx.get(f"{server.base}/games/{GAME}/board.js", timeout=30)
        assert board.status_code == 200 and "export const boards" in board.text
        assert board.text == (EXAMPLE / GAME / "board.js").read_text(encoding="utf-8")
        created = make_table(server.base, game=GAME, options={"deals": 1}, seats=["human"] * 2)
        table, tokens = str(created["table"]), tokens_of(created)
        players = {seat: Client(server, table, token) for seat, token in tokens.items()}
        spectator = Client(server, table)
        state = players[0].first
        for _ in range(40):  # a one-deal game is eight moves
            if state["over"]:
                break
            seat = int(state["to_act"])
            mine = players[seat].state_at(state["version"])
            assert mine["view"]["hand"], "the seat on turn sees its hand"
            other = players[1 - seat].state_at(state["version"])
            assert set(other["view"]["hand"]).isdisjoint(mine["view"]["hand"])
            state = players[seat].move_first_legal(mine)
            assert state["type"] == "state", state
        assert state["over"] and sum(state["result"]) == 5
        seen = spectator.state_at(state["version"])
        assert seen["view"].get("hand") in (None, []), "a spectator sees no hand"
        kinds = {entry["event"]["kind"] for entry in seen["events"]}
        assert "twelve_trick_won" in kinds or spectator.messages
    finally:
        server.stop()


VOIDS = """
import random, parlour
from parlour.core.hidden import sample_by_replay
from parlour.core.sampler import Rng
from twelve.rules import hand, lacks, played_card
game = parlour.load_game("twelve", deals=2)
impossible = {"hooks": 0, "bare": 0}
samples = 0
for seed in range(150):
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(8, 30)):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    if state.is_terminal():
        continue
    view = state.view(0)
    for kind, hooks in (("hooks", {"lacks": lacks, "hand": hand}), ("bare", {})):
        sampled = sample_by_replay(game, view, Rng(seed), played_card=played_card, **hooks)
        assert sampled.view(0) == view
        replay = game.new_initial_state()
        for action in sampled.history:
            if action not in replay.legal_actions():
                impossible[kind] += 1
                break
            replay.apply_action(action)
    samples += 1
print(samples, impossible["hooks"], impossible["bare"])
"""


def test_the_core_sampler_honours_the_voids_play_revealed_through_the_games_hooks() -> None:
    # parlour.core.hidden.sample_by_replay, as Twelve uses it: with its lacks and
    # hand hooks no sampled state gives a hand a suit its player showed it lacks
    # (every move of the sampled history is legal again); without them some do.
    samples, with_hooks, without = map(int, python(VOIDS).split())
    assert samples > 40
    assert with_hooks == 0
    assert without > 0


def test_its_board_brings_its_own_words_to_the_browser(tmp_path: Path) -> None:
    # board.js exports words = {en, fr}; the shared client adds them when it
    # loads the board, so the board's own label reads in the table's language.
    pytest.importorskip("uvicorn", reason="the web tests need the web extra")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import test_web_browser
    from test_web_browser_table import DESKTOP, new_table

    chromium = test_web_browser.find_chromium()
    playwright_api = pytest.importorskip("playwright.sync_api")
    if chromium is None:
        pytest.skip("Chromium was not found")
    server = serve_with_the_example(tmp_path)
    try:
        with playwright_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium, headless=True, args=test_web_browser.CHROMIUM_ARGUMENTS
            )
            errors: list[str] = []
            for lang, label in (("en", "Trick 1 of 4"), ("fr", "Levée 1 sur 4")):
                created = new_table(
                    server.base + "/", GAME, ["human", "bot:random"], options={"deals": 1}
                )
                mine = created["seats"][0]
                context = browser.new_context(
                    viewport=DESKTOP, locale="fr-FR" if lang == "fr" else "en-GB"
                )
                context.add_init_script(f"localStorage.setItem('parlour.lang', '{lang}')")
                window = context.new_page()
                window.set_default_timeout(20000)
                window.on("pageerror", lambda error: errors.append(str(error)))
                address = f"{server.base}/#/join/{created['table']}/{mine['seat']}/{mine['token']}"
                window.goto(address)
                window.wait_for_selector("#join-name, .table-page")
                if window.locator("#join-name").count():
                    window.fill("#join-name", "Ann")
                    window.locator("form.join button").click()
                window.wait_for_selector(f".board-{GAME} .trick")
                shown = window.locator(f".board-{GAME} .trick").first.inner_text()
                # (the label's style writes it in capitals; without the hook it
                # would read as the bare key, twelve_trick)
                assert label.upper() in shown.upper(), (lang, shown)
                assert errors == []
                context.close()
            browser.close()
    finally:
        server.stop()
