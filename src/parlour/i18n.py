"""The sentences of the terminal table, in English and French.

Both the line mode and the full-screen table take every word they show from
here, so the two say the same thing. :func:`move_sentence` turns an action's
text into a sentence of the game log ("Ana places Q♡ at b2."); it only reads the
text (presentation), never the rules.

>>> tr("fr", "undone")
'Coup annulé : vous rejouez votre dernière décision.'
>>> move_sentence("dracula", "Ana", "QH b2", "en")
'Ana places Q♡ at b2.'
"""

from __future__ import annotations

import re

from parlour.core.cards import parse_card
from parlour.core.errors import ParseError
from parlour.render import Style

LANGUAGES = ("en", "fr")
"""The languages of the table."""

_PLAIN = Style()

SECOND_PERSON = ("You", "Vous")
"""Default names of a lone human seat; sentences about them use the second person."""

DEFAULT_HUMAN = {"en": "You", "fr": "Vous"}
"""The default name of a lone human seat, per language."""

SENTENCES: dict[str, dict[str, str]] = {
    "en": {
        "welcome": "{title}.",
        "seed_after": "The deal's seed was {seed} (play it again with --seed {seed}).",
        "help_hint": "Type 'help' for help.",
        "your_move": "{name}, your move: ",
        "not_allowed": "Not allowed: {reason}.",
        "not_allowed_line": "Not allowed: {reason}. Type 'moves' for the list.",
        "not_your_turn": "it is not your turn",
        "no_move_number": "There is no move {number}; choose 1 to {count}, or type 'help'.",
        "legal_moves": "Legal moves:",
        "groups_intro": "{count} legal moves; choose a card first:",
        "moves_with": "Moves with {label}:",
        "which_one": "Which one (number or text; 'back' to choose again)? ",
        "not_in_group": "That is not one of these {count} moves.",
        "moves_count": "{count} moves",
        "group_back": "Escape: back",
        "plays_generic": "{name}: {move}.",
        "plays_card": "{name} plays {card}.",
        "places": "{name} places {card} at {cell}.",
        "chooses_rows": "{name} chooses rows (Queen's way).",
        "chooses_columns": "{name} chooses columns (King's way).",
        "takes_card": "{name} takes {card}.",
        "takes_hidden": "{name} takes the face-down card at {cell}.",
        "puts": "{name} puts {card} in its place.",
        "plays_card_you": "{name} play {card}.",
        "places_you": "{name} place {card} at {cell}.",
        "chooses_rows_you": "{name} choose rows (Queen's way).",
        "chooses_columns_you": "{name} choose columns (King's way).",
        "takes_card_you": "{name} take {card}.",
        "takes_hidden_you": "{name} take the face-down card at {cell}.",
        "puts_you": "{name} put {card} in its place.",
        "undone": "Undone: you are back at your last decision.",
        "nothing_to_undo": "Nothing to undo: you have not decided anything yet.",
        "undo_over": "Nothing to undo: the game is over.",
        "undo_others_moved": "Too late to undo: another player has moved since your move.",
        "undo_revealed": "Too late to undo: a card was revealed since your move.",
        "undo_again": "Only one move can be taken back: play on.",
        "hint": "Hint ({bot} bot): {move}",
        "hint_thinking": "Looking for a good move…",
        "hint_random": "(only a random bot is installed: a legal move, not advice)",
        "hint_not_your_turn": "No hint now: it is not your turn.",
        "no_rules": "{title} has no rules page yet.",
        "no_score": "No deal has been scored yet.",
        "score_sheet": "Score sheet:",
        "final": "Final: {scores}",
        "wins": "{name} wins.",
        "win_you": "You win.",
        "shared": "Shared win: {names}.",
        "abandoned": "Game abandoned.",
        "saved": "Game saved: {path}",
        "not_saved": "The game could not be saved: {error}",
        "save_question": "Save the game to resume it later? [y/n] ",
        "resume_with": "Resume it with: parlour resume {id}",
        "pass_keyboard": "Pass the keyboard to {name}.",
        "press_enter": "Press Enter when ready (others look away). ",
        "turn_of": "--- {name}'s turn ---",
        "game_over": "Game over.",
        "log_title": "Game log",
        "moves_title": "Your moves",
        "waiting": "Waiting for {name}…",
        "type_move": "type a move, e.g. {example} (Enter to play, Escape to cancel)",
        "keys_help": (
            "↑↓ Enter play · Esc back · : type · h hint · u undo · r rules · s scores · "
            "l log · t français · q quit"
        ),
        "quit_title": "Leave the game?",
        "quit_save": "s  save and quit",
        "quit_nosave": "d  quit without saving",
        "quit_cancel": "Escape  keep playing",
        "cover": "Pass the keyboard to {name}.\n\nEveryone else, look away.\n\nPress Enter to show "
        "{name}'s hand.",
        "close": "Escape to close",
        "replay_step": "Step {step} of {steps}",
        "replay_keys": "→/Space next, ← back, Home/End first/last, q quit",
        "replay_start": "Start of the match.",
        "help": (
            "Type a move as text (as listed, e.g. 'QH b2') or its number in the list.\n"
            "Commands: moves (list the legal moves again), table (draw the table again),\n"
            "score (the score sheet), log (the game log), hint (what the strongest bot would\n"
            "play), undo (back to your previous decision), rules (the rules page),\n"
            "save (save and go on), help, quit."
        ),
    },
    "fr": {
        "welcome": "{title}.",
        "seed_after": "La graine de cette donne était {seed} (rejouez-la avec --seed {seed}).",
        "help_hint": "Tapez « help » pour l'aide.",
        "your_move": "{name}, votre coup : ",
        "not_allowed": "Interdit : {reason}.",
        "not_allowed_line": "Interdit : {reason}. Tapez « moves » pour la liste.",
        "not_your_turn": "ce n'est pas votre tour",
        "no_move_number": "Il n'y a pas de coup {number} ; choisissez de 1 à {count}, ou tapez "
        "« help ».",
        "legal_moves": "Coups permis :",
        "groups_intro": "{count} coups permis ; choisissez d'abord une carte :",
        "moves_with": "Coups avec {label} :",
        "which_one": "Lequel (numéro ou texte ; « back » pour revenir) ? ",
        "not_in_group": "Ce n'est pas l'un de ces {count} coups.",
        "moves_count": "{count} coups",
        "group_back": "Échap : retour",
        "plays_generic": "{name} : {move}.",
        "plays_card": "{name} joue {card}.",
        "places": "{name} pose {card} en {cell}.",
        "chooses_rows": "{name} choisit les lignes (voie de la Reine).",
        "chooses_columns": "{name} choisit les colonnes (voie du Roi).",
        "takes_card": "{name} prend {card}.",
        "takes_hidden": "{name} prend la carte cachée en {cell}.",
        "puts": "{name} pose {card} à sa place.",
        "plays_card_you": "{name} jouez {card}.",
        "places_you": "{name} posez {card} en {cell}.",
        "chooses_rows_you": "{name} choisissez les lignes (voie de la Reine).",
        "chooses_columns_you": "{name} choisissez les colonnes (voie du Roi).",
        "takes_card_you": "{name} prenez {card}.",
        "takes_hidden_you": "{name} prenez la carte cachée en {cell}.",
        "puts_you": "{name} posez {card} à sa place.",
        "undone": "Coup annulé : vous rejouez votre dernière décision.",
        "nothing_to_undo": "Rien à annuler : vous n'avez encore rien décidé.",
        "undo_over": "Rien à annuler : la partie est finie.",
        "undo_others_moved": "Trop tard pour annuler : un autre joueur a joué depuis votre coup.",
        "undo_revealed": "Trop tard pour annuler : une carte a été révélée depuis votre coup.",
        "undo_again": "Un seul coup peut être annulé : jouez.",
        "hint": "Conseil (robot {bot}) : {move}",
        "hint_thinking": "Recherche d'un bon coup…",
        "hint_random": "(seul un robot au hasard est installé : un coup permis, pas un conseil)",
        "hint_not_your_turn": "Pas de conseil : ce n'est pas votre tour.",
        "no_rules": "{title} n'a pas encore de page de règles.",
        "no_score": "Aucune donne n'a encore été comptée.",
        "score_sheet": "Feuille de marque :",
        "final": "Résultat : {scores}",
        "wins": "{name} gagne.",
        "win_you": "Vous gagnez.",
        "shared": "Victoire partagée : {names}.",
        "abandoned": "Partie abandonnée.",
        "saved": "Partie enregistrée : {path}",
        "not_saved": "La partie n'a pas pu être enregistrée : {error}",
        "save_question": "Enregistrer la partie pour la reprendre plus tard ? [o/n] ",
        "resume_with": "Reprenez-la avec : parlour resume {id}",
        "pass_keyboard": "Passez le clavier à {name}.",
        "press_enter": "Appuyez sur Entrée quand vous êtes prêt (les autres détournent les yeux). ",
        "turn_of": "--- À {name} ---",
        "game_over": "Partie terminée.",
        "log_title": "Journal",
        "moves_title": "Vos coups",
        "waiting": "{name} réfléchit…",
        "type_move": "tapez un coup, par ex. {example} (Entrée pour jouer, Échap pour annuler)",
        "keys_help": (
            "↑↓ Entrée jouer · Échap retour · : taper · h conseil · u annuler · r règles · "
            "s scores · l journal · t English · q quitter"
        ),
        "quit_title": "Quitter la partie ?",
        "quit_save": "s  enregistrer et quitter",
        "quit_nosave": "d  quitter sans enregistrer",
        "quit_cancel": "Échap  continuer à jouer",
        "cover": "Passez le clavier à {name}.\n\nLes autres, détournez les yeux.\n\nAppuyez sur "
        "Entrée pour montrer la main de {name}.",
        "close": "Échap pour fermer",
        "replay_step": "Étape {step} sur {steps}",
        "replay_keys": "→/Espace suivant, ← retour, Début/Fin première/dernière, q quitter",
        "replay_start": "Début de la partie.",
        "help": (
            "Tapez un coup en texte (comme dans la liste, par ex. « QH b2 ») ou son numéro.\n"
            "Commandes : moves (la liste des coups), table (redessiner la table),\n"
            "score (la feuille de marque), log (le journal), hint (ce que jouerait le meilleur\n"
            "robot), undo (revenir à votre décision précédente), rules (les règles),\n"
            "save (enregistrer et continuer), help, quit."
        ),
    },
}


def tr(lang: str, key: str, **values: object) -> str:
    """The sentence ``key`` in ``lang`` (English if not translated), filled in."""
    table = SENTENCES.get(lang, SENTENCES["en"])
    template = table.get(key) or SENTENCES["en"][key]
    return template.format(**values) if values else template


def pretty_move(text: str, style: Style = _PLAIN) -> str:
    """An action's text with its cards drawn as symbols (``QH b2`` → ``Q♡ b2``)."""
    words = []
    for word in re.split(r"(\s+|\+|,)", text):
        if not word.strip() or word in "+,":
            words.append(word)
            continue
        try:
            words.append(style.card(parse_card(word)))
        except (ParseError, ValueError):
            words.append(word)
    return "".join(words)


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except (ParseError, ValueError):
        return False
    return True


_CELL = re.compile(r"^[a-c][1-3]$")


def move_sentence(game_name: str, name: str, text: str, lang: str, style: Style = _PLAIN) -> str:
    """One sentence of the game log for ``name`` playing the action written ``text``.

    Known shapes of action text get a verb ("places", "takes"); any other text
    is quoted as it is, with its cards drawn as symbols.
    """
    words = text.split()
    you = "_you" if name in SECOND_PERSON else ""
    if len(words) == 1 and words[0] in ("rows", "columns"):
        return tr(lang, "chooses_" + words[0] + you, name=name)
    if len(words) == 1 and _is_card(words[0]):
        return tr(lang, "plays_card" + you, name=name, card=style.card(parse_card(words[0])))
    if len(words) == 2 and _is_card(words[0]) and _CELL.match(words[1]):
        card = style.card(parse_card(words[0]))
        return tr(lang, "places" + you, name=name, card=card, cell=words[1])
    if len(words) == 2 and words[0] == "take" and _CELL.match(words[1]):
        return tr(lang, "takes_hidden" + you, name=name, cell=words[1])
    if len(words) == 2 and words[0] == "take" and _is_card(words[1]):
        return tr(lang, "takes_card" + you, name=name, card=style.card(parse_card(words[1])))
    if len(words) == 2 and words[0] == "put" and _is_card(words[1]):
        return tr(lang, "puts" + you, name=name, card=style.card(parse_card(words[1])))
    return tr(lang, "plays_generic", name=name, move=pretty_move(text, style))
