// The lobby form's words for the games' options: a label per option and a
// label per value, in English and French. An option or value missing here is
// shown as declared (its name with spaces).
import { language } from "./i18n.js";

const LABELS = {
  en: {
    players: "Players", partnerships: "Partnerships", must_take_all: "Must take all", court_capture: "Court cards capture",
    raise_with_table_cards: "Raise with table cards", may_trail_capturing_card: "May trail a capturing card",
    owner_may_trail: "A build's owner may trail", sweeps: "Sweeps", target: "Points to win", tiebreak: "Tie at the target",
    public_capture_counts: "Show capture counts", first_dealer: "First dealer", follow_suit: "Follow suit", deals: "Deals",
    target_score: "Target score", removed_ranks: "Ranks removed (two players)", last_card: "Dummy's 14th card (two players)",
    tie_bonus_basis: "End bonus after a tie", scoring: "Scoring", continue_with_waste: "Continue with the waste",
    vampire_line: "A line with a Vampire", session_target: "Session target", direction: "Direction of play",
    may_stop: "May stop a run", on_block: "When nobody can play", claim: "Claiming the boxes", forgot_penalty: "A box forgotten",
    payment: "Payment", start_chips: "Chips at the start", game_end: "End of the game", max_deals: "Most deals",
    two_vampires: "Both Vampires in a line", end_bonus: "End bonus", court_frame: "Courts counted",
  },
  fr: {
    players: "Joueurs", partnerships: "Équipes", must_take_all: "Tout prendre", court_capture: "Prise des figures",
    raise_with_table_cards: "Monter avec les cartes du tapis", may_trail_capturing_card: "Poser une carte qui pourrait prendre",
    owner_may_trail: "Le maître d'une construction peut poser", sweeps: "Balayages", target: "Points pour gagner",
    tiebreak: "Égalité au but", public_capture_counts: "Montrer les cartes prises", first_dealer: "Premier donneur",
    follow_suit: "Fournir", deals: "Donnes", target_score: "Score à atteindre", removed_ranks: "Rangs retirés (à deux)",
    last_card: "14e carte du mort (à deux)", tie_bonus_basis: "Bonus de fin après une égalité", scoring: "Décompte",
    continue_with_waste: "Continuer avec le rebut", vampire_line: "Une rangée avec un vampire", session_target: "But de la série",
    direction: "Sens du jeu", may_stop: "Arrêter une suite", on_block: "Quand personne ne peut jouer", claim: "Réclamer les cases",
    forgot_penalty: "Une case oubliée", payment: "Paiement", start_chips: "Jetons au départ", game_end: "Fin de la partie",
    max_deals: "Donnes au plus", two_vampires: "Les deux vampires dans une rangée", end_bonus: "Bonus de fin",
    court_frame: "Figures comptées",
  },
};

const VALUES = {
  en: {
    true: "yes", false: "no", none: "none", cut: "by the cut", random: "at random", clockwise: "clockwise",
    anticlockwise: "anticlockwise", any_rank: "any rank", next_rank: "the next rank", points: "points", cards: "cards",
    per_card: "per card", auto: "automatic", manual: "by hand", stays: "stays", double: "doubles", all: "all",
    one: "one", fourth_takes_three: "the fourth takes three", higher_total: "the higher total", best: "the best line",
    made: "every line made", scored: "the lines scored", table: "from the table", seat: "from each seat", zero: "zero", x2: "×2", x4: "×4",
    difference_to_second: "lead over the second", count_out: "the first to count out", no_chips: "a player has no chips",
    below_stakes: "a player cannot pay the stakes", unused: "unused", last_trick: "to the last trick",
    "789": "7 8 9", JQK: "J Q K",
  },
  fr: {
    true: "oui", false: "non", none: "aucun", cut: "à la coupe", random: "au hasard", clockwise: "sens des aiguilles d'une montre",
    anticlockwise: "sens inverse", any_rank: "n'importe quel rang", next_rank: "le rang suivant", points: "points", cards: "cartes",
    per_card: "par carte", auto: "automatique", manual: "à la main", stays: "reste", double: "double", all: "toutes",
    one: "une", fourth_takes_three: "la quatrième prend les trois", higher_total: "le plus haut total", best: "la meilleure rangée",
    made: "toutes les rangées faites", scored: "les rangées comptées", table: "vues de la table", seat: "vues de chaque place", zero: "zéro", x2: "×2", x4: "×4",
    difference_to_second: "l'écart avec le deuxième", count_out: "le premier à compter le but", no_chips: "un joueur n'a plus de jetons",
    below_stakes: "un joueur ne peut plus miser", unused: "inutilisée", last_trick: "à la dernière levée",
    "789": "7 8 9", JQK: "V D R",
  },
};

// The French help line of each option (the English one is the option's own).
const FRENCH_HELP = {
  players: "nombre de joueurs",
  "colour-blind.players": "nombre de joueurs (3, ou la variante à deux)",
  partnerships: "à quatre, les partenaires face à face mettent leurs prises en commun",
  must_take_all: "une prise doit prendre tous les groupes qu'elle peut",
  court_capture: "ce que prend un valet, une dame ou un roi",
  raise_with_table_cards: "on peut ajouter des cartes du tapis en montant une construction",
  may_trail_capturing_card: "on peut poser une carte qui pourrait prendre",
  owner_may_trail: "le maître d'une construction peut poser une carte",
  sweeps: "1 point pour qui vide le tapis en prenant",
  target: "les points qui finissent la partie",
  tiebreak: "qui gagne quand on atteint le but",
  public_capture_counts: "le nombre de cartes et de piques pris par chaque camp est montré",
  first_dealer: "qui donne en premier",
  follow_suit: "fournir quand on peut (non : jouer n'importe quelle carte)",
  deals: "nombre de donnes",
  "colour-blind.deals": "nombre de donnes ; aucun = une par joueur (avec un score à atteindre : jusqu'au but)",
  "dracula.deals": "donnes d'une partie (6 utilisent tout le paquet)",
  "dracula-partnership.deals": "donnes d'une partie : 1, ou 4 pour que chacun donne une fois",
  "thracula.deals": "donnes d'une partie (6 font une partie complète)",
  target_score: "la partie finit après la donne où un total atteint ce score",
  removed_ranks: "à deux : les rangs retirés du paquet",
  last_card: "à deux : la 14e carte du mort reste inutilisée ou va à la dernière levée",
  tie_bonus_basis: "les rangées comparées quand les totaux sont égaux",
  scoring: "compter en points, ou avec les cartes gagnées",
  continue_with_waste: "en comptant les cartes : le paquet épuisé, continuer avec le rebut",
  vampire_line: "en comptant les cartes : la rangée qui doit valoir 90 pour prendre un vampire",
  session_target: "jouer des parties à la suite jusqu'à ce qu'un total atteigne ce but",
  direction: "sens du jeu et de la donne",
  may_stop: "un joueur peut arrêter une suite même s'il a le rang suivant",
  on_block: "après un blocage, n'importe quelle carte ou le rang suivant",
  claim: "les cases réclamées par le moteur ou par le joueur",
  forgot_penalty: "en réclamant à la main : une case oubliée double, ou reste",
  payment: "ce qu'un perdant paie au gagnant",
  start_chips: "les jetons de chacun au départ",
  game_end: "la partie finit quand un joueur n'a plus de jetons, ou moins que les 15 mises",
  max_deals: "s'arrêter après ce nombre de donnes",
  two_vampires: "une rangée avec les deux vampires : l'autre carte ×4, ×2, ou zéro",
  end_bonus: "bonus de fin : aucun, ou le premier ajoute son avance sur le deuxième",
  court_frame: "dame 10 en ligne, roi 10 en colonne : vus de la table, ou de chaque place",
};

// The games' one-line summaries in French (the English one is the game's own).
const FRENCH_SUMMARIES = {
  casino: "prendre les cartes du tapis par valeur, par somme et par construction ; cartes, piques, casinos et as",
  "colour-blind": "le jeu de levées de Parlett : gagner les cartes de la bonne couleur de la rangée visible",
  dracula: "le cercueil de neuf cartes de Parlett : lignes contre colonnes, gare aux vampires",
  "dracula-partnership": "Dracula à quatre en deux équipes : six cercueils bâtis avec les mains",
  "nain-jaune": "suites de cartes qui montent, « sans sept », un plateau de cinq cases",
  thracula: "Dracula à trois : prendre une carte cachée du cercueil, en poser une face visible",
};

// A game's summary in the language chosen.
export function gameSummary(game) {
  return language() === "fr" ? FRENCH_SUMMARIES[game.name] || game.summary : game.summary;
}

// An option's help line in the language chosen.
export function optionHelp(game, option) {
  if (language() !== "fr") return option.help;
  return FRENCH_HELP[`${game}.${option.name}`] || FRENCH_HELP[option.name] || option.help;
}

// The label of an option for a person.
export function optionLabel(name) {
  return (LABELS[language()] || LABELS.en)[name] || LABELS.en[name] || name.replace(/_/g, " ");
}

// The label of one value of an option ("none", true, "clockwise", a number).
export function valueWord(value) {
  const key = value === null ? "none" : String(value);
  return (VALUES[language()] || VALUES.en)[key] ?? key;
}
