"""Events: what happened, as frozen records a game emits while it applies actions.

A game describes each change a player could want to read about (a card played to
a cell, a trick won, a box claimed, a deal scored) as an :class:`Event`. Events
are data, not sentences: a renderer turns them into text in the language asked
for, and the same events serve every seat, every language, the terminal log,
replays and the browser's animations.

An event that shows a card some seats may not see names that card in one of its
``secret_fields`` and says who may see it in :meth:`Event.audience`;
:meth:`Event.for_seat` blanks the secret for everyone else. A spectator is seat
``None`` and sees only what every seat sees.

An event that brings a card out of hiding (a card dealt, drawn, turned up,
taken from a face-down place, or a hand shown) says so once, on its class:
``shows_card = True``. Its :meth:`Event.audience` then says who sees the card,
and :meth:`Event.shown_to` answers "whom did this event show a card they had
not seen?". The table's undo policy reads nothing else: a move after which some
event showed anyone a card cannot be taken back at a table of several people.

Recording costs nothing unless someone asks for it: a State keeps no events until
:meth:`~parlour.core.game.State.record_events` is called, and
:meth:`~parlour.core.game.State.event_log` rebuilds them by replay otherwise.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class CardDealt(Event):
...     kind = "card_dealt"
...     secret_fields = ("card",)
...     shows_card = True
...     seat: int
...     card: int | None
...     def audience(self) -> tuple[int, ...]:
...         return (self.seat,)
>>> CardDealt(seat=1, card=5).for_seat(0)
CardDealt(seat=1, card=None)
>>> CardDealt(seat=1, card=5).for_seat(1)
CardDealt(seat=1, card=5)
>>> CardDealt(seat=1, card=5).shown_to()
(1,)
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar


@dataclass(frozen=True)
class Event:
    """Something that happened in a match. Games subclass it, one class per kind."""

    kind: ClassVar[str] = "event"
    """A short stable name (``card_played``), used by renderers and the web protocol."""
    secret_fields: ClassVar[tuple[str, ...]] = ()
    """Fields that only the seats in :meth:`audience` may see (set to ``None`` for others)."""
    shows_card: ClassVar[bool] = False
    """True for a kind of event that brings a card out of hiding: a card dealt,
    drawn or turned up, a card taken from a face-down place, a hand shown. The
    seats that see the card are the :meth:`audience` (every seat when it is None;
    nobody when it is empty, as for a card laid face down). A card played from
    the player's own hand, or a card already face up moving, is no such event:
    its player knew it, and nobody else learns anything that was hidden."""
    milestone: ClassVar[bool] = False
    """True for a kind of event after which a table pauses so people can take in
    the board: a trick won, a coffin scored, a deal or round ended."""
    ends_deal: ClassVar[bool] = False
    """True for the kind of event that closes a deal (or round) with its scores:
    the interfaces show the finished deal's board after it."""
    quiet: ClassVar[bool] = False
    """True for a kind of event a log folds rather than telling one by one (a card
    dealt, a card laid face down)."""
    plays_card: ClassVar[bool] = False
    """True for a kind of event in which a seat plays a card from its hand; the
    event's ``card`` field names it (the interfaces mark the last card played)."""

    def audience(self) -> tuple[int, ...] | None:
        """The seats that may see the secret fields; ``None`` means every seat."""
        return None

    def shown_to(self) -> tuple[int, ...] | None:
        """The seats this event shows a card they had not seen before: ``()``
        when it shows none (the kind of event shows no card, or shows it to
        nobody), ``None`` when it shows one to every seat (and spectators)."""
        if not self.shows_card:
            return ()
        return self.audience()

    def for_seat(self, seat: int | None) -> Event:
        """This event as ``seat`` sees it (``None``: a spectator): the secret
        fields are blanked unless the seat is in the audience."""
        if not self.secret_fields:
            return self
        audience = self.audience()
        if audience is None or (seat is not None and seat in audience):
            return self
        return replace(self, **dict.fromkeys(self.secret_fields))

    def to_json(self) -> dict[str, Any]:
        """A JSON-friendly dict: ``kind``, the kind's facts for a table
        (:data:`TABLE_FACTS`: ``milestone``, ``ends_deal``, ``quiet``,
        ``plays_card``) and every field (tuples become lists). An interface reads
        the facts instead of keeping its own lists of kinds.

        >>> from parlour.core.shared_events import CardDealt
        >>> CardDealt(seat=0, card=None).to_json()["quiet"]
        True
        """
        data: dict[str, Any] = {"kind": self.kind}
        for name in TABLE_FACTS:
            data[name] = bool(getattr(self, name))
        for name in _field_names(type(self)):
            data[name] = _jsonable(getattr(self, name))
        return data


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""Each event class's field names, read once (every message of every move
writes its events)."""


def _field_names(kind: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(item.name for item in fields(kind))
    return names


TABLE_FACTS = ("milestone", "ends_deal", "quiet", "plays_card")
"""The class facts :meth:`Event.to_json` puts in every event's JSON; no event
kind may have a field of one of these names."""


def _jsonable(value: object) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(item) for item in value]
    return value


LoggedEvent = tuple[int, Event]
"""An event with the index in ``State.history`` of the step that caused it."""
