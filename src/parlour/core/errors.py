"""The errors parlour raises.

Every error is a :class:`ParlourError`. The ones caused by bad input (an unknown
option, text that does not parse, an illegal move, a corrupt record) are also
:class:`ValueError`, so callers that only know the standard library can catch
them. A message always carries its evidence: what was given, for which seat,
and what would have been allowed.
"""

from __future__ import annotations

from collections.abc import Iterable


class ParlourError(Exception):
    """The root of every error raised by parlour."""


class InvalidOptionError(ParlourError, ValueError):
    """An option that a game does not have, or a value it does not allow."""


class ParseError(ParlourError, ValueError):
    """Text (a card, a move, an option value) that does not parse."""


class IllegalActionError(ParlourError, ValueError):
    """An action that is not legal in the current state; the state is unchanged."""


class RecordError(ParlourError, ValueError):
    """A match record or serialized state that cannot be loaded."""


def allowed_list(choices: Iterable[str], limit: int = 40) -> str:
    """Join ``choices`` for an error message, shortening a very long list.

    >>> allowed_list(["a", "b"])
    'a, b'
    """
    items = list(choices)
    if not items:
        return "(none)"
    if len(items) > limit:
        return ", ".join(items[:limit]) + f", … ({len(items) - limit} more)"
    return ", ".join(items)
