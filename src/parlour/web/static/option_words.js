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
    one: "one", fourth_takes_three: "the fourth takes three", higher_total: "higher total", best: "best",
    made: "made", scored: "scored", table: "from the table", seat: "from each seat", zero: "zero", x2: "×2", x4: "×4",
    difference_to_second: "lead over the second", count_out: "counted out", no_chips: "a player has no chips",
    below_stakes: "a player cannot pay the stakes", unused: "unused", last_trick: "to the last trick",
    "789": "7 8 9", JQK: "J Q K",
  },
  fr: {
    true: "oui", false: "non", none: "aucun", cut: "à la coupe", random: "au hasard", clockwise: "sens des aiguilles d'une montre",
    anticlockwise: "sens inverse", any_rank: "n'importe quel rang", next_rank: "le rang suivant", points: "points", cards: "cartes",
    per_card: "par carte", auto: "automatique", manual: "à la main", stays: "reste", double: "double", all: "toutes",
    one: "une", fourth_takes_three: "la quatrième prend les trois", higher_total: "le plus haut total", best: "la meilleure",
    made: "faite", scored: "comptée", table: "vues de la table", seat: "vues de chaque place", zero: "zéro", x2: "×2", x4: "×4",
    difference_to_second: "l'écart avec le deuxième", count_out: "compte à rebours", no_chips: "un joueur n'a plus de jetons",
    below_stakes: "un joueur ne peut plus miser", unused: "inutilisée", last_trick: "à la dernière levée",
    "789": "7 8 9", JQK: "V D R",
  },
};

// The label of an option for a person.
export function optionLabel(name) {
  return (LABELS[language()] || LABELS.en)[name] || LABELS.en[name] || name.replace(/_/g, " ");
}

// The label of one value of an option ("none", true, "clockwise", a number).
export function valueWord(value) {
  const key = value === null ? "none" : String(value);
  return (VALUES[language()] || VALUES.en)[key] ?? key;
}
