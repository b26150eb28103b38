"""Sentences for the game log, made from events (``parlour.core.events``).

One function, :func:`sentence`, turns one event, as a seat saw it, into a
sentence in the language asked for. Each game module under ``parlour.render``
may define ``sentence(event, names, style) -> str | None`` for its own event
kinds; the events every game shares are said here.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from parlour.core.events import Event
from parlour.render import Style


def sentence(game_name: str, event: Event, names: Sequence[str], style: Style) -> str:
    """``event`` as one sentence in ``style.lang``, with ``names`` for the seats."""
    module_name = "parlour.render." + game_name.replace("-", "_")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        module = None
    own = getattr(module, "sentence", None) if module is not None else None
    if own is not None:
        text: str | None = own(event, names, style)
        if text is not None:
            return text
    return generic_sentence(event, names)


def generic_sentence(event: Event, names: Sequence[str]) -> str:
    """A plain rendering of any event: its kind and fields."""
    data = event.to_json()
    kind = data.pop("kind")
    details = ", ".join(f"{key} {value}" for key, value in data.items())
    return f"{kind}: {details}" if details else str(kind)
