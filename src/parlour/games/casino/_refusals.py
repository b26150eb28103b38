"""Why a Casino step or move is refused: the sentences, declared once as data,
and the functions that choose one for a state.

Each key maps to its English and French templates (``{named}`` values: cards in
the engine's text, numbers); the free functions below pick the key and the values
for a state (:func:`parlour.core.errors.refusal`), an interface renders it in its
language. A sentence names a build in words ("the build of 9", « la construction
de 9 »); where the refusal tells the player what to add, the notation they type
follows once in parentheses (``b9``).
"""

from __future__ import annotations

from parlour.core.cards import format_card, iter_bits
from parlour.core.errors import COMMON_REFUSALS, Refusal, RefusalSentences, refusal
from parlour.games.casino._sums import VALUE, value_sum
from parlour.games.casino.rules import (
    ADD_BUILD_BASE,
    ADD_CARD_BASE,
    CODE_CAPTURE,
    CODE_TRAIL,
    DONE,
    KINDS,
    NUM_DISTINCT_ACTIONS,
    PHASE_PLAY,
    START_ACTIONS,
    CasinoState,
    is_action_id,
)

REFUSALS: RefusalSentences = {
    **COMMON_REFUSALS,
    "not_chance_outcome": (
        "it is not one of the possible chance outcomes",
        "ce n'est pas un des tirages possibles",
    ),
    "not_casino_action": (
        "it is not a Casino action: actions are whole numbers from 0 to {last}",
        "ce n'est pas un coup du Casino : les coups sont des nombres entiers de 0 à {last}",
    ),
    "no_move_begun": (
        "no move is being made: start one with a card and what it does "
        "(e.g. '7H take', '5S build 9', '3C trail')",
        "aucun coup n'est en cours : commencez-en un avec une carte et ce qu'elle fait "
        "(par exemple « 7H take », « 5S build 9 », « 3C trail »)",
    ),
    "finish_move": (
        "finish the move being made first ({move}): add a table card or a build, or say done",
        "finissez d'abord le coup en cours ({move}) : ajoutez une carte de la table ou une "
        "construction, ou dites « done »",
    ),
    "not_held": (
        "you do not hold {card}; your hand: {hand}",
        "vous n'avez pas {card} ; votre main : {hand}",
    ),
    "owner_may_not_trail": (
        "you own the build of {value} and may not trail",
        "vous possédez la construction de {value} et ne pouvez pas poser seule",
    ),
    "owner_may_not_trail_many": (
        "you own the builds of {values} and {last} and may not trail",
        "vous possédez les constructions de {values} et {last} et ne pouvez pas poser seule",
    ),
    "could_capture": (
        "that card could capture, and a card that could capture may not be trailed",
        "cette carte peut prendre, et une carte qui peut prendre ne peut pas être posée seule",
    ),
    "court_none_on_table": (
        "a {rank} captures only table cards of its own rank, and there is none on the table",
        "un {rank} ne prend que les cartes de son rang, et il n'y en a aucune sur la table",
    ),
    "nothing_makes": (
        "nothing on the table makes {value}: no loose card of {value}, no loose cards "
        "adding up to {value}, no build of {value}",
        "rien sur la table ne fait {value} : ni carte libre de {value}, ni cartes libres "
        "dont la somme fait {value}, ni construction de {value}",
    ),
    "courts_never_build": (
        "J, Q and K never build",
        "V, D et R ne construisent jamais",
    ),
    "worth_more": (
        "{card} alone is worth more than {value}",
        "{card} vaut à elle seule plus que {value}",
    ),
    "keep_a_card": (
        "to build {value} you must keep a card of value {value} in your hand",
        "pour construire {value}, gardez en main une carte de valeur {value}",
    ),
    "no_build_here": (
        "{card} can make no build of {value} here: a build needs loose cards adding up to "
        "{need} with it, or a single build it raises to {value}",
        "{card} ne peut construire {value} ici : il faut des cartes libres dont la somme "
        "fait {need} avec elle, ou une construction simple qu'elle monte à {value}",
    ),
    "owner_last_card": (
        "after this you would hold no card of value {value} to take your build of {value}",
        "après ce coup vous n'auriez plus de carte de valeur {value} pour prendre votre "
        "construction de {value}",
    ),
    "owner_last_card_many": (
        "after this you would not hold a card of the value of each of your builds, of "
        "{values} and {last}",
        "après ce coup vous n'auriez plus une carte de la valeur de chacune de vos "
        "constructions, de {values} et {last}",
    ),
    "choose_same_rank": (
        "choose the card of its rank that {card} takes",
        "choisissez la carte de son rang que {card} prend",
    ),
    "group_short": (
        "the played card's group adds up to {sum}: add table cards (or the build it raises) "
        "to make {value}",
        "le groupe de la carte jouée fait {sum} : ajoutez des cartes de la table (ou la "
        "construction qu'elle monte) pour faire {value}",
    ),
    "group_needs_more": (
        "the group being made adds up to {sum}: it needs {more} more",
        "le groupe en cours fait {sum} : il lui manque {more}",
    ),
    "merge_build": (
        "a new build of {value} merges with the build of {value} on the table: add it (b{value})",
        "une nouvelle construction de {value} se joint à la construction de {value} de la "
        "table : ajoutez-la (b{value})",
    ),
    "last_card_takes_build": (
        "your last card of value {value} must take your build of {value}: add it (b{value})",
        "votre dernière carte de valeur {value} doit prendre votre construction de {value} : "
        "ajoutez-la (b{value})",
    ),
    "no_card_chosen": ("no table card is chosen yet", "aucune carte de la table n'est choisie"),
    "must_take_all": (
        "the capture must take every group it can (must_take_all): {move}",
        "la prise doit prendre tous les groupes possibles (must_take_all) : {move}",
    ),
    "no_such_build": (
        "there is no build of {value} on the table (builds there: {builds})",
        "il n'y a pas de construction de {value} sur la table (constructions présentes : {builds})",
    ),
    "no_build_at_all": (
        "there is no build on the table",
        "il n'y a aucune construction sur la table",
    ),
    "build_in_move": (
        "the build of {value} is already in the move",
        "la construction de {value} est déjà dans le coup",
    ),
    "court_own_rank": (
        "a {rank} captures only table cards of its own rank",
        "un {rank} ne prend que les cartes de son rang",
    ),
    "takes_only_build": (
        "{card} can take only the build of {value} (b{value})",
        "{card} ne peut prendre que la construction de {value} (b{value})",
    ),
    "make_first": (
        "first make {value} with the played card; then the build of {value} can join",
        "faites d'abord {value} avec la carte jouée ; ensuite la construction de {value} "
        "peut se joindre",
    ),
    "only_build_joins": (
        "only the build of {value} can join a new build of {value} now (a raise comes first)",
        "seule la construction de {value} peut se joindre à une nouvelle construction de "
        "{value} maintenant (on monte d'abord)",
    ),
    "multiple_build": (
        "the build of {value} is a multiple build: its value never changes",
        "la construction de {value} est une construction multiple : sa valeur ne change jamais",
    ),
    "second_build": (
        "raising the build of {build} to {value} would make a second build of {value}, "
        "and a raise cannot also call",
        "monter la construction de {build} à {value} ferait une seconde construction de "
        "{value}, et monter n'est pas appeler",
    ),
    "raise_too_much": (
        "{card} and the build of {build} make {sum}, more than {value}",
        "{card} et la construction de {build} font {sum}, plus que {value}",
    ),
    "raise_only_played": (
        "the build of {build} and {card} make {sum}, not {value}: a raise adds only the "
        "played card (raise_with_table_cards is off)",
        "la construction de {build} et {card} font {sum}, pas {value} : on ne monte qu'avec "
        "la carte jouée (raise_with_table_cards est désactivée)",
    ),
    "raise_lacking": (
        "no loose cards left make up the {lacking} that the build of {build} and {card} lack",
        "aucune carte libre restante ne fait les {lacking} qui manquent à la construction "
        "de {build} et à {card}",
    ),
    "part_of_build": (
        "{card} is part of the build of {value} (b{value}): a build is taken or combined whole",
        "{card} fait partie de la construction de {value} (b{value}) : une construction se "
        "prend ou se combine entière",
    ),
    "not_on_table": ("{card} is not on the table", "{card} n'est pas sur la table"),
    "card_in_move": ("{card} is already in the move", "{card} est déjà dans le coup"),
    "court_takes_one": (
        "a {rank} takes one card of its rank",
        "un {rank} prend une carte de son rang",
    ),
    "no_number": (
        "{card} has no number: J, Q and K join no sum",
        "{card} n'a pas de nombre : V, D et R n'entrent dans aucune somme",
    ),
    "raise_adds_only_played": (
        "a raise adds only the played card (raise_with_table_cards is off)",
        "on ne monte qu'avec la carte jouée (raise_with_table_cards est désactivée)",
    ),
    "group_too_big": (
        "{card} would bring the group to {sum}, more than {value}",
        "{card} porterait le groupe à {sum}, plus que {value}",
    ),
    "group_incomplete": (
        "with {card} the group (now {sum}) could not be completed to {value} from the loose "
        "cards left",
        "avec {card}, le groupe (à {sum}) ne pourrait pas être complété à {value} avec les "
        "cartes libres restantes",
    ),
    "build_whole": (
        "a build is taken or combined whole, never in part",
        "une construction se prend ou se combine entière, jamais en partie",
    ),
    "court_capture_mode": (
        "a {rank} captures only table cards of its own rank (court_capture={mode})",
        "un {rank} ne prend que les cartes de son rang (court_capture={mode})",
    ),
    "capture_all_groups": (
        "the capture must be groups adding to {value}, and take every group it can",
        "la prise doit être des groupes de {value}, et prendre tous les groupes possibles",
    ),
    "groups_add_up": (
        "every group taken must add up to {value} (a loose card, a sum, or the build of {value})",
        "chaque groupe pris doit faire {value} (une carte libre, une somme ou la "
        "construction de {value})",
    ),
    "one_raise": (
        "only one build can be raised at a time",
        "on ne monte qu'une construction à la fois",
    ),
    "raise_not_make": (
        "the build of {build} and {card} with these cards do not make {value}",
        "la construction de {build} et {card} avec ces cartes ne font pas {value}",
    ),
    "cards_do_not_make": (
        "the cards do not make {value}: a build is the played card with loose cards adding "
        "to {value} (with other groups of {value} to call it), or one single build raised "
        "by the played card",
        "les cartes ne font pas {value} : une construction, c'est la carte jouée avec des "
        "cartes libres qui font {value} (avec d'autres groupes de {value} pour l'appeler), "
        "ou une construction simple montée par la carte jouée",
    ),
}
"""Why a Casino step or move is refused, in English and French (with the
refusals every game shares)."""


def _values(builds: int) -> list[int]:
    """The build values (2–10) set in the bit mask ``builds``, in order."""
    return [value for value in range(2, 11) if builds >> value & 1]


def builds_refusal(key: str, builds: int) -> Refusal:
    """The refusal ``key`` naming the builds of the bit mask ``builds`` by their
    values: ``{value}`` for one build, or the ``_many`` form of the key with
    ``{values}`` and ``{last}`` ("the builds of 7, 8 and 9")."""
    values = _values(builds)
    if len(values) == 1:
        return refusal(REFUSALS, key, value=values[0])
    head = ", ".join(str(value) for value in values[:-1])
    return refusal(REFUSALS, key + "_many", values=head, last=values[-1])


def owner_words(state: CasinoState) -> Refusal:
    """The refusal of a move after which the player would keep no card of a build's value."""
    return builds_refusal("owner_last_card", state._owned_values(state.to_play))


def illegal_refusal(state: CasinoState, action: int) -> Refusal:
    """Why ``action`` (a Casino action, not legal now) is refused."""
    if state.phase != PHASE_PLAY:
        return refusal(REFUSALS, "not_chance_outcome")
    if not is_action_id(action):
        return refusal(REFUSALS, "not_casino_action", last=NUM_DISTINCT_ACTIONS - 1)
    if state.pending_card < 0:
        if action >= START_ACTIONS:
            return refusal(REFUSALS, "no_move_begun")
        card, kind = divmod(action, KINDS)
        return start_refusal(state, card, kind)
    if action < START_ACTIONS:
        return refusal(REFUSALS, "finish_move", move=state.move_text())
    if action == DONE:
        return done_refusal(state)
    if action >= ADD_BUILD_BASE:
        return build_refusal(state, action - ADD_BUILD_BASE + 2)
    return card_refusal(state, action - ADD_CARD_BASE)


def start_refusal(state: CasinoState, card: int, kind: int) -> Refusal:
    """Why ``card`` cannot start a move of ``kind`` here."""
    player = state.to_play
    hand = state.hands[player]
    if not hand >> card & 1:
        return refusal(
            REFUSALS,
            "not_held",
            card=format_card(card),
            hand=" ".join(format_card(c) for c in iter_bits(hand)),
        )
    owned = state._owned_values(player)
    rest_values = state._hand_values(hand & ~(1 << card))
    missing = owned & ~rest_values
    value = VALUE[card]
    if kind == CODE_TRAIL:
        if owned and not state.options.owner_may_trail:
            return builds_refusal("owner_may_not_trail", owned)
        if missing:
            return owner_words(state)
        return refusal(REFUSALS, "could_capture")
    if kind == CODE_CAPTURE:
        if value == 0:
            if missing:
                return owner_words(state)
            return refusal(REFUSALS, "court_none_on_table", rank=format_card(card)[:-1])
        if missing & ~(1 << value) or (missing and not state.build_cards[value]):
            return owner_words(state)
        return refusal(REFUSALS, "nothing_makes", value=value)
    if value == 0:
        return refusal(REFUSALS, "courts_never_build")
    if kind < value:
        return refusal(REFUSALS, "worth_more", card=format_card(card), value=kind)
    if not rest_values >> kind & 1:
        return refusal(REFUSALS, "keep_a_card", value=kind)
    if missing:
        return owner_words(state)
    return refusal(REFUSALS, "no_build_here", card=format_card(card), value=kind, need=kind - value)


def done_refusal(state: CasinoState) -> Refusal:
    """Why the move being made is not complete."""
    card = state.pending_card
    kind = state.pending_kind
    value = VALUE[card]
    target = value if kind == CODE_CAPTURE else kind
    if value == 0:
        return refusal(REFUSALS, "choose_same_rank", card=format_card(card))
    if kind != CODE_CAPTURE and not state.pending_groups:
        group_sum = value + state.pending_raise + value_sum(state.pending_open)
        return refusal(REFUSALS, "group_short", sum=group_sum, value=target)
    if state.pending_open:
        group_sum = value_sum(state.pending_open)
        return refusal(REFUSALS, "group_needs_more", sum=group_sum, more=target - group_sum)
    build = state.build_cards[target]
    if build and not build & state.pending_taken:
        if kind != CODE_CAPTURE:
            return refusal(REFUSALS, "merge_build", value=target)
        if state._missing() >> target & 1:
            return refusal(REFUSALS, "last_card_takes_build", value=target)
    if not state.pending_taken:
        return refusal(REFUSALS, "no_card_chosen")
    return refusal(REFUSALS, "must_take_all", move=state.move_text())


def build_refusal(state: CasinoState, build: int) -> Refusal:
    """Why the build of value ``build`` cannot join the move being made."""
    cards = state.build_cards[build]
    if not cards:
        existing = [f"b{v}" for v in range(2, 11) if state.build_cards[v]]
        if not existing:
            return refusal(REFUSALS, "no_build_at_all")
        return refusal(REFUSALS, "no_such_build", value=build, builds=", ".join(existing))
    if cards & state.pending_taken:
        return refusal(REFUSALS, "build_in_move", value=build)
    card = state.pending_card
    kind = state.pending_kind
    value = VALUE[card]
    played = format_card(card)
    if value == 0:
        return refusal(REFUSALS, "court_own_rank", rank=played[:-1])
    if kind == CODE_CAPTURE:
        return refusal(REFUSALS, "takes_only_build", card=played, value=value)
    if build == kind:
        return refusal(REFUSALS, "make_first", value=kind)
    if state.pending_groups or state.pending_taken:
        return refusal(REFUSALS, "only_build_joins", value=kind)
    if state.build_multiple[build]:
        return refusal(REFUSALS, "multiple_build", value=build)
    if state.build_cards[kind]:
        return refusal(REFUSALS, "second_build", build=build, value=kind)
    if value + build > kind:
        return refusal(
            REFUSALS, "raise_too_much", card=played, build=build, sum=value + build, value=kind
        )
    if state._missing() & ~(1 << build):
        return owner_words(state)
    if not state.options.raise_with_table_cards:
        return refusal(
            REFUSALS,
            "raise_only_played",
            build=build,
            card=played,
            sum=value + build,
            value=kind,
        )
    lacking = kind - value - build
    return refusal(REFUSALS, "raise_lacking", lacking=lacking, build=build, card=played)


def card_refusal(state: CasinoState, other: int) -> Refusal:
    """Why the table card ``other`` cannot join the move being made."""
    text = format_card(other)
    if not state.loose >> other & 1:
        for value in range(2, 11):
            if state.build_cards[value] >> other & 1:
                return refusal(REFUSALS, "part_of_build", card=text, value=value)
        return refusal(REFUSALS, "not_on_table", card=text)
    if state.pending_taken >> other & 1:
        return refusal(REFUSALS, "card_in_move", card=text)
    card = state.pending_card
    kind = state.pending_kind
    value = VALUE[card]
    played = format_card(card)
    if value == 0:
        if state.pending_taken:
            return refusal(REFUSALS, "court_takes_one", rank=played[:-1])
        return refusal(REFUSALS, "court_own_rank", rank=played[:-1])
    if not VALUE[other]:
        return refusal(REFUSALS, "no_number", card=text)
    target = value if kind == CODE_CAPTURE else kind
    group_sum = value_sum(state.pending_open)
    if kind != CODE_CAPTURE and not state.pending_groups:
        if state.pending_raise and not state.options.raise_with_table_cards:
            return refusal(REFUSALS, "raise_adds_only_played")
        if not state.pending_raise and state._missing():
            return owner_words(state)
        group_sum += value + state.pending_raise
    if group_sum + VALUE[other] > target:
        return refusal(
            REFUSALS, "group_too_big", card=text, sum=group_sum + VALUE[other], value=target
        )
    return refusal(REFUSALS, "group_incomplete", card=text, sum=group_sum, value=target)


def move_refusal(state: CasinoState, card: int, code: int, table_cards: int) -> Refusal:
    """Why a whole move, written in one line, is not legal here."""
    player = state.to_play
    hand = state.hands[player]
    if not hand >> card & 1:
        return refusal(
            REFUSALS,
            "not_held",
            card=format_card(card),
            hand=" ".join(format_card(c) for c in iter_bits(hand)),
        )
    table = state._table_mask()
    if table_cards & ~table:
        absent = " ".join(format_card(c) for c in iter_bits(table_cards & ~table))
        return refusal(REFUSALS, "not_on_table", card=absent)
    for cards in state.build_cards:
        if cards & table_cards and cards & ~table_cards:
            return refusal(REFUSALS, "build_whole")
    owned = state._owned_values(player)
    rest_values = state._hand_values(hand & ~(1 << card))
    missing = owned & ~rest_values
    value = VALUE[card]
    if code == CODE_CAPTURE:
        if value == 0:
            return refusal(
                REFUSALS,
                "court_capture_mode",
                rank=format_card(card)[:-1],
                mode=state.options.court_capture,
            )
        if missing & ~(1 << value):
            return owner_words(state)
        if state.options.must_take_all:
            return refusal(REFUSALS, "capture_all_groups", value=value)
        return refusal(REFUSALS, "groups_add_up", value=value)
    if value == 0:
        return refusal(REFUSALS, "courts_never_build")
    if not rest_values >> code & 1:
        return refusal(REFUSALS, "keep_a_card", value=code)
    raised = [v for v in range(2, 11) if v != code and state.build_cards[v] & table_cards]
    if raised:
        if len(raised) > 1:
            return refusal(REFUSALS, "one_raise")
        if state.build_multiple[raised[0]]:
            return refusal(REFUSALS, "multiple_build", value=raised[0])
        if state.build_cards[code]:
            return refusal(REFUSALS, "second_build", build=raised[0], value=code)
        if table_cards & ~state.build_cards[raised[0]] and not (
            state.options.raise_with_table_cards
        ):
            return refusal(REFUSALS, "raise_adds_only_played")
        if missing & ~(1 << raised[0]):
            return owner_words(state)
        return refusal(
            REFUSALS, "raise_not_make", build=raised[0], card=format_card(card), value=code
        )
    if missing:
        return owner_words(state)
    return refusal(REFUSALS, "cards_do_not_make", value=code)
