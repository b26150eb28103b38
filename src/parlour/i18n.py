"""The sentences of the terminal table, in English and French.

Both the line mode and the full-screen table take every word they show from
here, so the two say the same thing. :func:`move_sentence` turns an action's
text into a sentence of the game log ("Ana places Q♡ at b2."); it only reads the
text (presentation), never the rules.

>>> tr("fr", "undone")  # French typography: a no-break space before the colon
'Coup annulé\xa0: vous rejouez votre dernière décision.'
>>> move_sentence("dracula", "Ana", "QH b2", "en")
'Ana places Q♡ at b2.'
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence

from parlour.core.cards import parse_card
from parlour.core.errors import ParseError, Refusal
from parlour.core.registry import game_class
from parlour.core.seat_names import (
    SECOND_PERSON,
)
from parlour.render import Style
from parlour.render.spacing import NO_BREAK_SPACE

LANGUAGES = ("en", "fr")
"""The languages of the table."""

_PLAIN = Style()

SENTENCES: dict[str, dict[str, str | list[str]]] = {
    "en": {
        "stats_not_saved": "statistics not saved: {error}",
        "saves_in": "Saved games in {path}:",
        "saves_none": "  none (every game is saved as it is played)",
        "damaged": "damaged: {why}",
        "finished": "finished",
        "moves_played_n": ["{count} move played", "{count} moves played"],
        "resume_one": "Resume one with: parlour resume NAME (or a file's path)",
        "finished_games": "Finished games (newest first, {shown} of {count}):",
        "replay_one": "See one again with: parlour replay NAME (or parlour replay GAME: "
        "its latest)",
        "no_finished_game": "no finished game of {title} is kept yet: play one with: "
        "parlour play {game}",
        "replay_which": "Which game? [1-{count}, Enter: 1] ",
        "replay_which_again": "Type a number from 1 to {count}, or Enter for the latest.",
        "autosave_off": "(This game cannot be saved: {error}. Playing on without saving.)",
        "deal_scored": "Deal {deal} scored: {scores}",
        "deal_end_pause": "{end}. Press Enter to go on. ",
        "end_of_deal": "End of the deal",
        "end_of_round": "End of the round",
        "end_of_coffin": "End of the coffin",
        "all_forced": "{name} had nothing to decide in this deal: every move was forced.",
        "all_forced_you": "You had nothing to decide in this deal: every move was forced.",
        "replay_with": "The game is kept: see it again with: parlour replay {id}\n"
        "Your play judged move by move, and the par: parlour review {id}",
        "play_again": "Play again? [y/n] ",
        "interrupted": "Interrupted.",
        "resume_offer": "An unfinished game of {title} ({moves}, {when}) is saved. "
        "Resume it? [y/n] ",
        "resume_skipped": "(An unfinished game of {title} is saved: parlour resume {id}. "
        "Starting a new one.)",
        "resumed": "Game resumed: {title}, {moves}.",
        "moves_n": ["{count} move", "{count} moves"],
        "cards_n": ["{count} card", "{count} cards"],
        "wins_n": ["{count} win", "{count} wins"],
        "games_n": ["{count} game", "{count} games"],
        "input_ended": "input ended before the game finished",
        "no_such_move": "{text!r} is not a move here; type 'moves' for the list.",
        "stats_title": "Statistics: {path}",
        "stats_none": "No finished games yet.",
        "stats_header": [
            "game",
            "opponent",
            "players",
            "played",
            "won",
            "won %",
            "best",
            "average",
        ],
        "stats_unreadable": "{error}",
        "which_game": "Which game (1–{count})? ",
        "which_game_again": "Type a number from 1 to {count}, or a game's name.",
        "name_a_game": "name a game to play: {names}",
        "no_game_chosen": "no game chosen",
        "textual_missing": "(full-screen table unavailable: Textual is not installed; "
        "pip install 'parlour[tui]'. Using the line mode.)",
        "humans_range": "--humans must be 0 to {players} for {players} players",
        "option_inert": "Note: the option {name} changes nothing at this table ({condition}).",
        "names_count": "--names needs {players} names separated by commas",
        "names_distinct": "--names must all be different",
        "sheet_header": "game deal",
        "sheet_deal": "Deal",
        "sheet_round": "Round",
        "sheet_coffin": "Coffin",
        "sheet_start": "Start",
        "sheet_bonus": "End bonus",
        "sheet_total": "Total",
        "sheet_result": "Result",
        "sheet_points": "points",
        "sheet_chips": "chips",
        "sheet_cards": "cards",
        "welcome": "{title}.",
        "seed_after": "To deal the same cards again: parlour play {game} --seed {seed}",
        "help_hint": "Type 'help' for help.",
        "your_move": "{name}, your move: ",
        "not_allowed": "Not allowed: {reason}.",
        "move_refused": "this move is not allowed now (type 'moves' for the moves allowed)",
        "not_allowed_line": "Not allowed: {reason}. Type 'moves' for the list.",
        "not_your_turn": "it is not your turn",
        "no_move_number": "There is no move {number}; choose 1 to {count}, or type 'help'.",
        "legal_moves": "Legal moves:",
        "step_moves": "{move} is not finished: choose, one at a time, what it takes or puts "
        "in its build (a number, or as written):",
        "lesson_start": "Press Enter when you have read this, to see the table. ",
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
        "coach": "Coach:",
        "play_whole_game": "A whole game: 'parlour play {game}'",
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
        "replay_keys": "→/Space next, ← back, d deal's end, Home/End first/last, q quit",
        "replay_deal_end": "end of the deal",
        "resume_again": "Answer y (yes: resume it) or n (no: a new game).",
        "level_easy": "easy",
        "level_medium": "medium",
        "level_hard": "hard",
        "level_heuristic": "heuristic",
        "level_random": "random",
        "level_expert": "expert",
        "replay_start": "Start of the match.",
        "help": (
            "Type a move as text (as listed, e.g. '{example}') or its number in the list.\n"
            "Commands: moves (list the legal moves again), table (draw the table again),\n"
            "score (the score sheet), log (the game log), hint (what the strongest bot would\n"
            "play), undo (back to your previous decision), rules (the rules page),\n"
            "save (save and go on), help, quit."
        ),
    },
    "fr": {
        "stats_not_saved": "statistiques non enregistrées : {error}",
        "saves_in": "Parties enregistrées dans {path} :",
        "saves_none": "  aucune (chaque partie est enregistrée coup par coup)",
        "damaged": "abîmée : {why}",
        "finished": "finie",
        "moves_played_n": ["{count} coup joué", "{count} coups joués"],
        "resume_one": "Reprenez-en une avec : parlour resume NOM (ou le chemin d'un fichier)",
        "finished_games": "Parties finies (les plus récentes d'abord, {shown} sur {count}) :",
        "replay_one": "Revoyez-en une avec : parlour replay NOM (ou parlour replay JEU : "
        "la dernière)",
        "no_finished_game": "aucune partie finie de {title} n'est encore conservée : jouez-en "
        "une avec : parlour play {game}",
        "replay_which": "Quelle partie ? [1-{count}, Entrée : 1] ",
        "replay_which_again": "Tapez un nombre de 1 à {count}, ou Entrée pour la dernière.",
        "autosave_off": "(Cette partie ne peut pas être enregistrée : {error}. "
        "Elle continue sans enregistrement.)",
        "deal_scored": "Donne {deal} comptée : {scores}",
        "deal_end_pause": "{end}. Appuyez sur Entrée pour continuer. ",
        "end_of_deal": "Fin de la donne",
        "end_of_round": "Fin de la manche",
        "end_of_coffin": "Fin du cercueil",
        "all_forced": "{name} n'avait rien à décider dans cette donne : tous ses coups étaient "
        "forcés.",
        "all_forced_you": "Vous n'aviez rien à décider dans cette donne : tous vos coups étaient "
        "forcés.",
        "replay_with": "La partie est conservée : revoyez-la avec : parlour replay {id}\n"
        "Votre jeu jugé coup par coup, et le par : parlour review {id}",
        "play_again": "Rejouer ? [o/n] ",
        "interrupted": "Interrompu.",
        "resume_offer": "Une partie de {title} non finie ({moves}, {when}) est enregistrée. "
        "La reprendre ? [o/n] ",
        "resume_skipped": "(Une partie de {title} non finie est enregistrée : parlour resume {id}. "
        "Nouvelle partie.)",
        "resumed": "Partie reprise : {title}, {moves}.",
        "moves_n": ["{count} coup", "{count} coups"],
        "cards_n": ["{count} carte", "{count} cartes"],
        "wins_n": ["{count} victoire", "{count} victoires"],
        "games_n": ["{count} partie", "{count} parties"],
        "input_ended": "l'entrée s'est terminée avant la fin de la partie",
        "no_such_move": "« {text} » n'est pas un coup ici ; tapez « coups » pour la liste.",
        "stats_title": "Statistiques : {path}",
        "stats_none": "Aucune partie finie pour l'instant.",
        "stats_header": [
            "jeu",
            "adversaire",
            "joueurs",
            "jouées",
            "gagnées",
            "% gagné",
            "meilleur",
            "moyenne",
        ],
        "stats_unreadable": "le fichier de statistiques {path} est abîmé ou illisible ; "
        "déplacez-le (ou supprimez-le) pour repartir de zéro",
        "which_game": "Quel jeu (1–{count}) ? ",
        "which_game_again": "Tapez un nombre de 1 à {count}, ou le nom d'un jeu.",
        "name_a_game": "nommez un jeu : {names}",
        "no_game_chosen": "aucun jeu choisi",
        "textual_missing": "(table plein écran indisponible : Textual n'est pas installé ; "
        "pip install 'parlour[tui]'. Mode ligne.)",
        "humans_range": "--humans va de 0 à {players} pour {players} joueurs",
        "option_inert": "Remarque : l'option « {name} » ne change rien à cette table "
        "({condition}).",
        "names_count": "--names demande {players} noms séparés par des virgules",
        "names_distinct": "--names doivent tous être différents",
        "sheet_header": "partie donne",
        "sheet_deal": "Donne",
        "sheet_round": "Manche",
        "sheet_coffin": "Cercueil",
        "sheet_start": "Départ",
        "sheet_bonus": "Bonus de fin",
        "sheet_total": "Total",
        "sheet_result": "Résultat",
        "sheet_points": "points",
        "sheet_chips": "jetons",
        "sheet_cards": "cartes",
        "welcome": "{title}.",
        "seed_after": "Pour redonner les mêmes cartes : parlour play {game} --seed {seed}",
        "help_hint": "Tapez « aide » pour l'aide.",
        "your_move": "{name}, votre coup : ",
        "not_allowed": "Interdit : {reason}.",
        "move_refused": "ce coup n'est pas permis maintenant (tapez « coups » pour la liste des "
        "coups permis)",
        "not_allowed_line": "Interdit : {reason}. Tapez « coups » pour la liste.",
        "not_your_turn": "ce n'est pas votre tour",
        "no_move_number": "Il n'y a pas de coup {number} ; choisissez de 1 à {count}, ou tapez "
        "« aide ».",
        "legal_moves": "Coups permis :",
        "step_moves": "{move} n'est pas fini : choisissez un à un ce qu'il prend ou met dans "
        "sa construction (un numéro, ou tel qu'écrit) :",
        "lesson_start": "Appuyez sur Entrée une fois ceci lu, pour voir la table. ",
        "groups_intro": "{count} coups permis ; choisissez d'abord une carte :",
        "moves_with": "Coups avec {label} :",
        "which_one": "Lequel (numéro ou texte ; « retour » pour revenir) ? ",
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
        "coach": "Guide :",
        "play_whole_game": "Une partie entière : « parlour play {game} »",
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
        "replay_keys": "→/Espace suivant, ← retour, d fin de donne, Début/Fin, q quitter",
        "replay_deal_end": "fin de la donne",
        "resume_again": "Répondez o (oui : la reprendre) ou n (non : une nouvelle partie).",
        "level_easy": "facile",
        "level_medium": "moyen",
        "level_hard": "difficile",
        "level_heuristic": "heuristique",
        "level_random": "au hasard",
        "level_expert": "expert",
        "replay_start": "Début de la partie.",
        "help": (
            "Tapez le numéro d'un coup dans la liste, ou le coup lui-même\n"
            "(par ex. « {example} »).\n"
            "Commandes : coups (la liste des coups), table (redessiner la table),\n"
            "score (la feuille de marque), journal (le journal), conseil (ce que jouerait le\n"
            "meilleur robot), annuler (revenir à votre décision précédente), règles (les\n"
            "règles), enregistrer (enregistrer et continuer), aide, quitter."
        ),
    },
}


def clause(text: str) -> str:
    """``text`` as a clause inside a sentence of ours: without its own closing
    full stop ("Not allowed: {reason}." would end in ".." otherwise).

    >>> clause("there is no card on the table."), clause("wait…")
    ('there is no card on the table', 'wait…')
    """
    text = text.rstrip()
    return text[:-1] if text.endswith(".") and not text.endswith("..") else text


def tr(lang: str, key: str, **values: object) -> str:
    """The sentence ``key`` in ``lang`` (English if not translated), filled in,
    with the language's typography (:func:`typeset`)."""
    template = _template(lang, key)
    if isinstance(template, list):
        raise KeyError(f"{key} has plural forms: use plural()")
    return typeset(template.format(**values) if values else template, lang)


def _template(lang: str, key: str) -> str | list[str]:
    table = SENTENCES.get(lang, SENTENCES["en"])
    return table.get(key) or SENTENCES["en"][key]


def plural(lang: str, key: str, count: int, **values: object) -> str:
    """``count`` things in ``lang``, singular or plural: "1 move", "2 moves",
    "0 coup" (French takes the singular for 0 and 1, English only for 1)."""
    forms = _template(lang, key)
    if isinstance(forms, str):
        return typeset(forms.format(count=count, **values), lang)
    singular = count in (0, 1) if lang == "fr" else count == 1
    return typeset(forms[0 if singular else 1].format(count=count, **values), lang)


def words(lang: str, key: str) -> list[str]:
    """A list of words (column headers) in ``lang``."""
    found = _template(lang, key)
    return list(found) if isinstance(found, list) else [found]


def language_from_environment(environment: Mapping[str, str] | None = None) -> str:
    """``fr`` when the locale asks for French (``LC_ALL``, then ``LC_MESSAGES``,
    then ``LANG``, the first one set decides, as the C library reads them),
    else ``en``."""
    found = os.environ if environment is None else environment
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = found.get(variable, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


FRENCH_RANKS = {"J": "V", "Q": "D", "K": "R"}
"""Valet, Dame, Roi: the French letters of the court cards."""

_COURT = re.compile(
    r"(?:(?<=\x1b\[\d\dm)|(?<=\x1b\[\dm)|(?<![A-Za-z0-9\x1b]))([JQK])(?=[♠♡♢♣♥♦SHDC](?![A-Za-z]))"
)


def french_cards(text: str) -> str:
    """``text`` with its court cards' letters in French (``Q♡`` → ``D♡``,
    ``KS b2`` → ``RS b2``); nothing else changes. V1 and V2 stay the Vampires."""
    return _COURT.sub(lambda found: FRENCH_RANKS[found.group(1)], text)


def localized_cards(text: str, lang: str) -> str:
    """Court-card letters in the language of the table (French: V D R)."""
    return french_cards(text) if lang == "fr" else text


_NOTE_WORDS_FR = (
    (re.compile(r"\brows\b"), "lignes"),
    (re.compile(r"\bcolumns\b"), "colonnes"),
    (
        re.compile(r"best lines tied, level (\d+) scored"),
        r"meilleures lignes à égalité, niveau \1 compté",
    ),
    (re.compile(r"\btie\b"), "égalité"),
    (re.compile(r"\bdeal (\d+) coffin (\d+):"), r"donne \1 cercueil \2 :"),
    (re.compile(r"good colour red"), "bonne couleur rouge"),
    (re.compile(r"good colour black"), "bonne couleur noire"),
    (re.compile(r"14th card"), "14e carte"),
    (re.compile(r"\bnegative:"), "négatif :"),
    (re.compile(r"(.+?) went out"), r"\1 est sorti"),
    (re.compile(r"(.+?) counts out"), r"\1 atteint le but"),
    (re.compile(r"stopped after (\d+) rounds"), r"arrêt après \1 tours"),
    (re.compile(r" to "), " à "),
    (re.compile(r"\bside "), "camp "),
)


def translate_note(note: str, lang: str, names: Sequence[str] = ()) -> str:
    """A score sheet's note as the player reads it: seats by name (``seat 1`` is
    the second player's name) and, in French, in French words. The engine's
    note is canonical English; this is presentation only."""
    if names:
        note = re.sub(
            r"\bseat (\d+)\b",
            lambda found: (
                names[int(found.group(1))] if int(found.group(1)) < len(names) else found.group(0)
            ),
            note,
        )
    if lang != "fr":
        return note
    for pattern, replacement in _NOTE_WORDS_FR:
        note = pattern.sub(replacement, note)
    # "Vous" takes the verb in the second person.
    note = re.sub(r"\bVous est sorti", "Vous êtes sorti", note)
    return localized_cards(pretty_move(note), lang)


_FRENCH_PLAIN = Style(lang="fr")


def pretty_move(text: str, style: Style = _PLAIN) -> str:
    """An action's text with its cards drawn as symbols (``QH b2`` → ``Q♡ b2``),
    and its words in the style's language (``7S take`` → ``7♠ prend`` in French)."""
    words = []
    for word in re.split(r"(\s+|\+|,)", text):
        if not word.strip() or word in "+,":
            words.append(word)
            continue
        try:
            words.append(style.card(parse_card(word)))
        except (ParseError, ValueError):
            # (a lone court letter is a rank, Nain Jaune's groups: "Q" → "D")
            french = MOVE_WORDS_FR.get(word, FRENCH_RANKS.get(word, word))
            words.append(french if style.lang == "fr" else word)
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
    return tr(lang, "plays_generic", name=name, move=shown_move(pretty_move(text, style), lang))


def refusal_text(refused: Refusal | None, lang: str) -> str:
    """Why a move is refused, as the player reads it: the engine's structured
    refusal in ``lang`` (French with French card letters and suit symbols);
    without one, a plain sentence that sends the player to the list of moves."""
    if refused is None:
        return tr(lang, "move_refused")
    text = refused.text(lang)
    return localized_cards(pretty_move(text), lang) if lang == "fr" else text


MOVE_WORDS_FR = {
    "take": "prend",
    "build": "construit",
    "trail": "pose",
    "with": "avec",
    "done": "fini",
    "put": "pose",
    "rows": "lignes",
    "columns": "colonnes",
    "claim": "réclame",
}
"""The words of move texts, in French (the engine's text is canonical English)."""

_MOVE_WORDS_BACK = {
    "prend": "take",
    "prendre": "take",
    "construit": "build",
    "construire": "build",
    "fini": "done",
    "avec": "with",
    "lignes": "rows",
    "colonnes": "columns",
    "réclame": "claim",
    "reclame": "claim",
}
"""French move words read back into the engine's words ("pose" is left out: it
means both ``trail`` and ``put``, and the engine reads those)."""


def shown_move(text: str, lang: str) -> str:
    """An action's text as listed to the player: in French, the words in French
    and the cards drawn with their suit symbols and French court letters
    (``7S take 2S+5C`` → ``7♠ prend 2♠+5♣``, ``QH b2`` → ``D♡ b2``), never an
    English suit letter beside a French rank; the list stays typable (cards are
    read with symbols or letters, see :func:`typed_move`)."""
    if lang != "fr":
        return text
    return localized_cards(pretty_move(text, _FRENCH_PLAIN), lang)


def said_move(text: str, lang: str) -> str:
    """An action's text as a sentence quotes it, in any language: cards drawn
    with their suit symbols (``AC`` → ``A♣``, ``7S take 2S+5C`` → ``7♠ take
    2♠+5♣``), in French also its words and court letters (:func:`shown_move`).
    A review or a hint says "You played A♣", never "You played AC"; a Vampire
    is named in full (``V2 c3`` → ``Vampire 2 c3``): in French a lone V reads
    as a valet.

    >>> said_move("V2 c3", "fr"), said_move("JH a1", "fr"), said_move("QH b2", "en")
    ('Vampire 2 c3', 'V♡ a1', 'Q♡ b2')
    """
    return _VAMPIRE.sub(r"Vampire \1", shown_move(pretty_move(text), lang))


_VAMPIRE = re.compile(r"(?<![\w♠♡♢♣♥♦])V([12])(?!\w)")
"""A Vampire card as an action's text writes it (``V1``, ``V2``)."""


_MOVE_WORD = re.compile(r"(?<![\w'-])(" + "|".join(MOVE_WORDS_FR) + r")(?![\w'-])")


def localized_table(text: str, lang: str) -> str:
    """A rendered table in the language of the table: in French, the court
    letters and the engine's move words it quotes (a Casino table lists the
    last moves as ``7S trail``) said in French, with French typography (a
    no-break space before a colon: "donneur : Robot 2", "À vous")."""
    if lang != "fr":
        return text
    worded = _MOVE_WORD.sub(lambda found: MOVE_WORDS_FR[found.group(1)], text)
    worded = localized_cards(worded, lang)
    return "\n".join(french_typography(line) for line in worded.split("\n"))


def typed_move(text: str, lang: str) -> str:
    """What a player typed, in the engine's words: French move words (``prend``)
    become the engine's (``take``); cards are read by ``parse_card`` in any
    language. ``pose`` means ``trail`` after a card and ``put`` before one."""
    parts = text.split()
    if lang != "fr" and not any(part.lower() in _MOVE_WORDS_BACK for part in parts):
        return text
    read = []
    for index, part in enumerate(parts):
        lowered = part.lower()
        if lowered == "pose":
            read.append("put" if index == 0 else "trail")
        else:
            read.append(_MOVE_WORDS_BACK.get(lowered, part))
    return " ".join(read)


def in_score_units(game_name: str, text: str, lang: str) -> str:
    """``text`` (a hint's reason, say) with "points" said in the game's own unit
    (its Game's ``score_unit``: Nain Jaune is played for chips, jetons)."""
    english, french = game_class(game_name).score_unit
    unit = french if lang == "fr" else english
    if unit == "points":
        return text
    return re.sub(r"\bpoints?\b", unit, text)


_SPACE_BEFORE_SIGN = re.compile(r"(?<=[^\s\u00a0])[ \u00a0]?([:;!?])(?=[\s)\],.:;!?»]|$)")
_QUOTED = re.compile(r"«[ \u00a0]?([^«»\n]*?)[ \u00a0]?»")
_TURN_OF_YOU = re.compile(r"\b([Aa])u tour de Vous\b")
_YOU_AFTER_WORD = re.compile(r"\b(à|À|de|pour|par|avec|chez|et|sur) Vous\b")
_YOU_AS_SUBJECT_INSIDE = re.compile(
    r"([:;(][ \u00a0]?)Vous (?=(?:[^\W\d_]+ez|êtes|avez|faites|dites)\b)"
)
""""Vous" as the subject of its verb after a colon, a semicolon or a bracket,
where a French sentence goes on in lower case ("Donne 1 : vous distribuez")."""
_DE_BEFORE_VOWEL = re.compile(r"\b([dD])e (?=[AEIOUYÉÈÊÀÂÎÔ][^\W\d_])")


def french_typography(text: str) -> str:
    """French text as it is printed: a no-break space before ``: ; ! ? »`` and
    after ``«`` (never an ASCII space, never none), "de" elided before a name
    that starts with a vowel ("au tour d'Alice"), and the person called
    "Vous" written in lower case inside a sentence ("à vous", "de vous", and
    as a verb's subject after a colon, a semicolon or a bracket: "Donne 1 : vous
    distribuez"; a score line's name stays "Résultat : Vous 64").

    >>> french_typography("Vous reste: 3 cartes ; « aide » ?") == (
    ...     "Vous reste\\u00a0: 3 cartes\\u00a0; «\\u00a0aide\\u00a0»\\u00a0?")
    True
    >>> print(french_typography("Au tour de Vous · au tour de Alice"))
    À vous · au tour d'Alice
    >>> print(french_typography("Donne 1 : Vous distribuez. (Vous êtes sorti) Résultat : Vous 64"))
    Donne 1\u00a0: vous distribuez. (vous êtes sorti) Résultat\u00a0: Vous 64
    """
    text = _TURN_OF_YOU.sub(lambda found: "À vous" if found.group(1) == "A" else "à vous", text)
    text = _YOU_AFTER_WORD.sub(lambda found: f"{found.group(1)} vous", text)
    text = _YOU_AS_SUBJECT_INSIDE.sub(lambda found: f"{found.group(1)}vous ", text)
    text = _DE_BEFORE_VOWEL.sub(lambda found: f"{found.group(1)}'", text)
    text = _QUOTED.sub(lambda found: f"«{NO_BREAK_SPACE}{found.group(1)}{NO_BREAK_SPACE}»", text)
    return _SPACE_BEFORE_SIGN.sub(lambda found: NO_BREAK_SPACE + found.group(1), text)


def typeset(text: str, lang: str) -> str:
    """``text`` with the typography of ``lang`` (French: :func:`french_typography`)."""
    return french_typography(text) if lang == "fr" else text
