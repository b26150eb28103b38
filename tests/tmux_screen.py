"""A real terminal for tests: a ``parlour`` command run in tmux at a given size,
driven with keys and read back as the screen shows it.

``Screen.rows()`` is what a person sees now (one string per row of the window);
``Screen.lines()`` is the whole session, scroll-back included, with each line
the program printed whole (tmux joins the rows a terminal wrapped), so a line
wider than the window shows up as a line wider than the window.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path
from types import TracebackType

import pytest

import parlour

SOURCES = str(Path(parlour.__file__).resolve().parents[1])
"""The folder holding the ``parlour`` package under test."""

WAIT_SECONDS = 120.0
"""How long to wait for a text to appear before failing (a slow, shared machine)."""


def need_tmux() -> None:
    """Skip the test, saying why, where tmux is not installed."""
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")


class Screen:
    """One tmux session running one command (use it in a ``with`` block)."""

    def __init__(
        self,
        arguments: list[str],
        data_dir: Path,
        *,
        width: int = 80,
        height: int = 24,
        lang_variable: str = "C.UTF-8",
    ) -> None:
        need_tmux()
        self.name = f"parlour-test-{uuid.uuid4().hex[:10]}"
        self.socket = str(data_dir / "tmux.sock")
        environment = {
            "PYTHONPATH": SOURCES,
            "PARLOUR_DATA_DIR": str(data_dir),
            "NO_COLOR": "1",
            "LANG": lang_variable,
            "LC_ALL": lang_variable,
            "TERM": "xterm-256color",
            "HOME": str(data_dir),
        }
        command = " ".join(
            [
                "env",
                *(f"{key}={shlex.quote(value)}" for key, value in environment.items()),
                shlex.quote(sys.executable),
                "-m",
                "parlour",
                *(shlex.quote(argument) for argument in arguments),
                # keep the window after the program ends, so its last screen can be read
                "; sleep 600",
            ]
        )
        # One tmux invocation: the scroll-back is set before the window is made.
        self._tmux(
            "-f",
            "/dev/null",
            "start-server",
            ";",
            "set-option",
            "-g",
            "history-limit",
            "20000",
            ";",
            "new-session",
            "-d",
            "-s",
            self.name,
            "-x",
            str(width),
            "-y",
            str(height),
            command,
        )

    def _tmux(self, *arguments: str) -> str:
        result = subprocess.run(
            ["tmux", "-S", self.socket, *arguments],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "TMUX": ""},
        )
        return result.stdout

    def __enter__(self) -> Screen:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True, check=False)

    def type(self, text: str) -> None:
        """Type ``text`` and press Enter."""
        if text:
            self._tmux("send-keys", "-t", self.name, "-l", text)
        self._tmux("send-keys", "-t", self.name, "Enter")

    def rows(self) -> list[str]:
        """The window's rows as shown now."""
        return self._tmux("capture-pane", "-p", "-t", self.name).split("\n")

    def lines(self) -> list[str]:
        """Every line of the session so far (scroll-back included), each as the
        program printed it (rows wrapped by the terminal joined again)."""
        return self._tmux("capture-pane", "-p", "-J", "-S", "-", "-t", self.name).split("\n")

    def wait_for(self, text: str, *, count: int = 1) -> list[str]:
        """Wait until ``text`` has been printed ``count`` times in the session;
        the window's rows then. Fails with the screen when it never comes."""
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            if "\n".join(self.lines()).count(text) >= count:
                time.sleep(0.3)  # let the lines printed with it arrive
                return self.rows()
            if time.monotonic() > deadline:
                screen = "\n".join(self.rows())
                raise AssertionError(f"{text!r} never appeared; the screen:\n{screen}")
            time.sleep(0.2)
