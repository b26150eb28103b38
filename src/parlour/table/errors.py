"""The errors a table raises. Each message names what was wrong and what is allowed."""

from __future__ import annotations

from parlour.core.errors import IllegalActionError, ParlourError, Refusal


class TableError(ParlourError):
    """Something asked of a table that it cannot do (the table is left unchanged)."""


class NotYourTurnError(TableError):
    """A seat tried to move while another seat is on turn (or there is no such seat)."""


class StaleVersionError(TableError):
    """A move was sent for an older version of the table than the current one."""


class UndoRefusedError(TableError):
    """The table's undo policy does not allow this undo now.

    ``code`` says why in one word, so that an interface can say it in its own
    language: ``over``, ``no_person``, ``not_a_person``, ``nothing``,
    ``others_moved``, ``revealed``, ``not_allowed`` (a table whose meta says
    ``"undo": false``, such as today's deals).
    """

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


class TableNotFoundError(TableError):
    """No table with that id in the store."""


class DamagedSaveError(TableError):
    """A save file that cannot be read; the message names the file and the fault."""


class IllegalMoveError(IllegalActionError):
    """An action that exists in the game but that the rules forbid now.

    ``reason`` is the rule's reason alone, in a player's words (English);
    ``refusal`` is the same reason structured, for any language.
    """

    def __init__(self, message: str, reason: str, refusal: Refusal | None = None) -> None:
        super().__init__(message, refusal)
        self.reason = reason
