"""Table chat over the table's WebSocket: ``{"type": "chat", "text": …}`` or
``{"type": "chat", "reaction": "well_played"}``.

While the game is on there are two channels: the players' (seated connections)
and the spectators' (everyone else), so that nobody on the rail can help a
player; once the game is over there is one channel, ``all``, and everyone sees
the whole conversation. Every message is stored with the table before it is
sent (``web_chat``), and a connection that says hello gets the history its
channel may read. Text is plain text: the server refuses control characters
and the pages put it in with ``textContent`` only.
"""

from __future__ import annotations

import secrets
import time
import unicodedata
import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from parlour.web.people import ChatLine
from parlour.web.seats import BIDI_CONTROLS

if TYPE_CHECKING:
    from parlour.web.hub import Connection, Hub, Room
    from parlour.web.people import PeopleBook

MAX_CHAT_CHARACTERS = 300
"""The longest chat message, in characters."""
CHAT_RATE = 0.5
"""Chat messages one connection may send per second, on average."""
CHAT_BURST = 5
"""Chat messages one connection may send at once before the rate applies."""
MAX_TABLE_CHAT = 1000
"""The most messages one table's chat keeps; then it refuses more."""
REACTIONS: dict[str, dict[str, str]] = {
    "well_played": {"en": "Well played", "fr": "Bien joué"},
    "thanks": {"en": "Thanks", "fr": "Merci"},
    "oops": {"en": "Oops", "fr": "Oups"},
    "hello": {"en": "Hello", "fr": "Bonjour"},
    "good_game": {"en": "Good game", "fr": "Bonne partie"},
}
"""The quick reactions, by key, in both languages (a client shows them in its own)."""

CHAT_WORDS = {
    "en": {
        "too_long": "a chat message may be at most {most} characters",
        "empty": 'a chat message needs "text" (plain text) or a "reaction" ({reactions})',
        "control": "a chat message is plain text: U+{code} is a control character",
        "too_fast": "you write too fast: at most {burst} messages, then one every {every:g} s",
        "full": "this table's chat is full ({most} messages)",
        "reaction": "unknown reaction {given!r}; reactions: {reactions}",
    },
    "fr": {
        "too_long": "un message ne peut dépasser {most} caractères",
        "empty": 'un message a besoin de "text" (texte simple) ou d’une "reaction" ({reactions})',
        "control": "un message est du texte simple : U+{code} est un caractère de contrôle",
        "too_fast": "vous écrivez trop vite : {burst} messages, puis un toutes les {every:g} s",
        "full": "la discussion de cette table est pleine ({most} messages)",
        "reaction": "réaction inconnue {given!r} ; réactions : {reactions}",
    },
}
"""The refusals of a chat message, in both languages."""


class ChatError(Exception):
    """A chat message refused; the sentence is in the connection's language."""


def refusal(lang: str, sentence: str, **values: Any) -> ChatError:
    """A :class:`ChatError` with the sentence of key ``sentence`` in ``lang``."""
    words = CHAT_WORDS.get(lang, CHAT_WORDS["en"])
    return ChatError(words[sentence].format(**values))


def clean_text(text: object, lang: str) -> str:
    """A chat message's text in NFC, white space collapsed; refused when it is
    not text, holds a control (or bidirectional control) character, or is too long."""
    reactions = ", ".join(REACTIONS)
    if not isinstance(text, str):
        raise refusal(lang, "empty", reactions=reactions)
    if len(text) > 4 * MAX_CHAT_CHARACTERS:
        raise refusal(lang, "too_long", most=MAX_CHAT_CHARACTERS)
    text = unicodedata.normalize("NFC", text)
    for character in text:
        if unicodedata.category(character) in ("Cc", "Cs") and character not in "\n\t":
            raise refusal(lang, "control", code=f"{ord(character):04X}")
        if character in BIDI_CONTROLS:
            raise refusal(lang, "control", code=f"{ord(character):04X}")
    text = " ".join(text.split())
    if not text:
        raise refusal(lang, "empty", reactions=reactions)
    if len(text) > MAX_CHAT_CHARACTERS:
        raise refusal(lang, "too_long", most=MAX_CHAT_CHARACTERS)
    return text


@dataclass
class Speaker:
    """Who a connection is, for the chat: the account signed in (if any), and
    its own rate limit."""

    account_id: str = ""
    name: str = ""
    tokens: float = float(CHAT_BURST)
    last: float | None = None

    def take(self, now: float) -> bool:
        """Spend one message of the rate limit at ``now``; False when none is left."""
        if self.last is not None:
            self.tokens = min(float(CHAT_BURST), self.tokens + (now - self.last) * CHAT_RATE)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def channel_of(room: Room, connection: Connection) -> str:
    """The channel a connection writes in and reads: ``all`` once the game is
    over, else ``players`` for a seat, ``spectators`` for anyone else."""
    if room.table.is_over():
        return "all"
    return "players" if connection.seat is not None else "spectators"


def may_read(channel: str, reader: str) -> bool:
    """Whether a reader of channel ``reader`` sees a message of ``channel``."""
    return reader == "all" or channel == reader or channel == "all"


def line_message(line: ChatLine) -> dict[str, Any]:
    """One chat message as it goes on the wire (a reaction carries its key and
    both languages' words; the client picks its own)."""
    message: dict[str, Any] = {
        "type": "chat",
        "id": line.message_id,
        "at": line.said,
        "channel": line.channel,
        "seat": line.seat,
        "name": line.name,
        "text": line.text,
    }
    if line.reaction:
        message["reaction"] = line.reaction
        message["words"] = REACTIONS.get(line.reaction, {})
    return message


class ChatDesk:
    """The chat of every table of one server process."""

    def __init__(self, book: PeopleBook) -> None:
        self.book = book
        self.speakers: weakref.WeakKeyDictionary[Connection, Speaker] = weakref.WeakKeyDictionary()

    def speaker(self, connection: Connection) -> Speaker:
        """The chat's facts of a connection (made on first use)."""
        found = self.speakers.get(connection)
        if found is None:
            found = self.speakers[connection] = Speaker()
        return found

    def signed_in(self, connection: Connection, account_id: str, name: str) -> None:
        """Note the account of a connection (its hello carried a session)."""
        speaker = self.speaker(connection)
        speaker.account_id, speaker.name = account_id, name

    def history(self, room: Room, connection: Connection) -> dict[str, Any]:
        """``{"type": "chat_history", "messages": […]}``: what the connection's
        channel may read of the table's chat, oldest first."""
        reader = channel_of(room, connection)
        lines = [
            line_message(line)
            for line in self.book.chat(room.table.id)
            if may_read(line.channel, reader)
        ]
        return {"type": "chat_history", "channel": reader, "messages": lines}

    def say(self, hub: Hub, room: Room, connection: Connection, message: Mapping[str, Any]) -> None:
        """Store one message and send it to every connection of its channel;
        a :class:`ChatError` (in the connection's language) when refused."""
        lang = connection.lang
        speaker = self.speaker(connection)
        reaction = message.get("reaction")
        text = ""
        if reaction is not None:
            if not isinstance(reaction, str) or reaction not in REACTIONS:
                shown = reaction if isinstance(reaction, str) else type(reaction).__name__
                raise refusal(lang, "reaction", given=shown[:40], reactions=", ".join(REACTIONS))
            text = REACTIONS[reaction]["en"]
        else:
            text = clean_text(message.get("text"), lang)
        if not speaker.take(time.monotonic()):
            raise refusal(lang, "too_fast", burst=CHAT_BURST, every=1 / CHAT_RATE)
        if self.book.chat_count(room.table.id) >= MAX_TABLE_CHAT:
            raise refusal(lang, "full", most=MAX_TABLE_CHAT)
        channel = channel_of(room, connection)
        name = hub.names(room)[connection.seat] if connection.seat is not None else speaker.name
        line = ChatLine(
            message_id=secrets.token_urlsafe(9),
            said=time.time(),
            channel=channel,
            seat=connection.seat,
            name=name,
            account_id=speaker.account_id,
            text=text,
            reaction=reaction or "",
        )
        self.book.add_chat(room.table.id, line)
        wire = line_message(line)
        for other in room.connections:
            if may_read(channel, channel_of(room, other)):
                hub.send(other, wire)
