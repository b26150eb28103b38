"""Why a Casino step or move is refused: the sentences, declared once as data.

Each key maps to its English and French templates (``{named}`` values: cards in
the engine's text, builds as ``b9``, numbers); the rules pick the key and the
values (:func:`parlour.core.errors.refusal`), an interface renders it in its
language.
"""

from __future__ import annotations

from parlour.core.errors import COMMON_REFUSALS, RefusalSentences

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
        "you own {builds} and may not trail",
        "vous possédez {builds} et ne pouvez pas poser seule",
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
        "adding up to {value}, no build b{value}",
        "rien sur la table ne fait {value} : ni carte libre de {value}, ni cartes libres "
        "dont la somme fait {value}, ni construction b{value}",
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
        "after this you would hold no card of the value of your build {builds}",
        "après ce coup vous n'auriez plus de carte de la valeur de votre construction {builds}",
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
        "a new build of {value} merges with b{value}: add b{value}",
        "une nouvelle construction de {value} se joint à b{value} : ajoutez b{value}",
    ),
    "last_card_takes_build": (
        "your last card of value {value} must take your build b{value}: add it",
        "votre dernière carte de valeur {value} doit prendre votre construction b{value} : "
        "ajoutez-la",
    ),
    "no_card_chosen": ("no table card is chosen yet", "aucune carte de la table n'est choisie"),
    "must_take_all": (
        "the capture must take every group it can (must_take_all): {move}",
        "la prise doit prendre tous les groupes possibles (must_take_all) : {move}",
    ),
    "no_such_build": (
        "there is no build b{value}; builds: {builds}",
        "il n'y a pas de construction b{value} ; constructions : {builds}",
    ),
    "build_in_move": ("b{value} is already in the move", "b{value} est déjà dans le coup"),
    "court_own_rank": (
        "a {rank} captures only table cards of its own rank",
        "un {rank} ne prend que les cartes de son rang",
    ),
    "takes_only_build": (
        "{card} can take only the build b{value}",
        "{card} ne peut prendre que la construction b{value}",
    ),
    "make_first": (
        "first make {value} with the played card; then b{value} can join",
        "faites d'abord {value} avec la carte jouée ; ensuite b{value} peut se joindre",
    ),
    "only_build_joins": (
        "only b{value} can join a build of {value} now (a raise comes first)",
        "seule b{value} peut se joindre à une construction de {value} maintenant (on monte "
        "d'abord)",
    ),
    "multiple_build": (
        "b{value} is a multiple build: its value never changes",
        "b{value} est une construction multiple : sa valeur ne change jamais",
    ),
    "second_build": (
        "raising b{build} to {value} would make a second build of {value}, "
        "and a raise cannot also call",
        "monter b{build} à {value} ferait une seconde construction de {value}, et monter "
        "n'est pas appeler",
    ),
    "raise_too_much": (
        "{card} and b{build} make {sum}, more than {value}",
        "{card} et b{build} font {sum}, plus que {value}",
    ),
    "raise_only_played": (
        "b{build} and {card} make {sum}, not {value}: a raise adds only the played card "
        "(raise_with_table_cards is off)",
        "b{build} et {card} font {sum}, pas {value} : on ne monte qu'avec la carte jouée "
        "(raise_with_table_cards est désactivée)",
    ),
    "raise_lacking": (
        "no loose cards left make up the {lacking} that b{build} and {card} lack",
        "aucune carte libre restante ne fait les {lacking} qui manquent à b{build} et {card}",
    ),
    "part_of_build": (
        "{card} is part of b{value}: a build is taken or combined whole",
        "{card} fait partie de b{value} : une construction se prend ou se combine entière",
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
        "every group taken must add up to {value} (a loose card, a sum, or the build b{value})",
        "chaque groupe pris doit faire {value} (une carte libre, une somme ou la "
        "construction b{value})",
    ),
    "one_raise": (
        "only one build can be raised at a time",
        "on ne monte qu'une construction à la fois",
    ),
    "raise_not_make": (
        "b{build} and {card} with these cards do not make {value}",
        "b{build} et {card} avec ces cartes ne font pas {value}",
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
