// Cards drawn with HTML and CSS: rank and suit symbol in two corners, a large
// symbol (or the court letter) in the middle. Nothing here knows a game.
import { language, t, typeset } from "./i18n.js";

export const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = {
  en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  fr: { S: "pique", H: "cœur", D: "carreau", C: "trèfle" },
};
const COURTS = { en: { J: "J", Q: "Q", K: "K" }, fr: { J: "V", Q: "D", K: "R" } };
const RANK_WORDS = {
  en: { A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten", J: "jack", Q: "queen", K: "king" },
  fr: { A: "as", 2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six", 7: "sept", 8: "huit", 9: "neuf", 10: "dix", J: "valet", Q: "dame", K: "roi" },
};

// Tiny DOM builder: el("div", {class: "x", onclick: f}, child, "text", …).
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      node.addEventListener(name.slice(2), value);
    } else if (name === "class") {
      node.className = value;
    } else if (name === "dataset") {
      Object.assign(node.dataset, value);
    } else if (value === true) {
      node.setAttribute(name, "");
    } else {
      node.setAttribute(name, String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    // Every text the page writes goes through here: French gets its typography.
    node.append(child instanceof Node ? child : document.createTextNode(typeset(child)));
  }
  return node;
}

// A card as the events send it, a number (suit × 13 + rank − 1; 52 and 53 the
// vampires), as the observations write it: 43 → "5C", 52 → "V1".
const RANK_TEXTS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export function cardText(number) {
  if (typeof number !== "number" || number < 0) return null;
  if (number >= 52) return number <= 53 ? `V${number - 51}` : null;
  return RANK_TEXTS[number % 13] + "SHDC"[Math.floor(number / 13)];
}

// "10H" → {rank: "10", suit: "H"}; "V1" → {vampire: 1}; anything else → null.
export function parseCard(text) {
  if (typeof text !== "string") return null;
  const vampire = /^V([12])$/.exec(text);
  if (vampire) return { vampire: Number(vampire[1]), text };
  const match = /^(10|[2-9AJQK])([SHDC])$/.exec(text);
  if (!match) return null;
  return { rank: match[1], suit: match[2], text };
}

export function rankLabel(rank) {
  return COURTS[language()][rank] || rank;
}

// "10H" → "10♥" (V, D, R for the courts in French).
export function shortCard(text) {
  const card = parseCard(text);
  if (!card) return String(text);
  if (card.vampire) return `V${card.vampire}`;
  return rankLabel(card.rank) + SUITS[card.suit];
}

export function isRed(card) {
  return card && (card.suit === "H" || card.suit === "D");
}

// The words a screen reader says for a card: "queen of hearts", "three of diamonds".
export function cardName(text) {
  const card = parseCard(text);
  if (!card) return String(text);
  if (card.vampire) return `${t("vampire")} ${card.vampire}`;
  const lang = language();
  const rank = RANK_WORDS[lang][card.rank] || card.rank;
  return lang === "fr" ? `${rank} de ${SUIT_NAMES.fr[card.suit]}` : `${rank} of ${SUIT_NAMES.en[card.suit]}`;
}

function suitClass(card) {
  if (card.vampire) return "vampire";
  return `suit-${card.suit} ${isRed(card) ? "red" : "black"}`;
}

const BAT =
  "M12 6c1.5 2 3.5 3 6 2.5-1 1.5-1 3.2 0 4.7-2-.6-3.3-.2-4.2 1.3L12 13l-1.8 1.5c-.9-1.5-2.2-1.9-4.2-1.3 1-1.5 1-3.2 0-4.7 2.5.5 4.5-.5 6-2.5z";

function bat() {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "5 5 14 10.5");
  svg.setAttribute("class", "bat");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", BAT);
  svg.append(path);
  return svg;
}

// A Vampire's corners show a bat and its number, not a letter: a French
// reader takes "V" for a valet.
function vampireFace(card) {
  const index = (extra) =>
    el("span", { class: `index${extra}` }, el("span", { class: "rank" }, bat()), el("span", { class: "suit" }, String(card.vampire)));
  return [index(""), el("span", { class: "face" }, bat()), index(" bottom")];
}

// A card face. options: {button, onclick, disabled, selected, playable, small, key, label}
export function cardElement(text, options = {}) {
  const card = parseCard(text);
  if (!card) return cardBack(options);
  const classes = ["card", suitClass(card)];
  if (options.small) classes.push("small");
  if (options.selected) classes.push("selected");
  if (options.playable) classes.push("playable");
  if (options.extraClass) classes.push(options.extraClass);
  let face;
  if (card.vampire) {
    face = vampireFace(card);
  } else {
    const symbol = SUITS[card.suit];
    const rank = rankLabel(card.rank);
    const court = ["J", "Q", "K"].includes(card.rank);
    face = [
      el("span", { class: "index" }, el("span", { class: "rank" }, rank), el("span", { class: "suit" }, symbol)),
      el(
        "span",
        { class: court ? "face court" : card.rank === "A" ? "face ace" : "face" },
        court ? el("span", { class: "court-letter" }, rank, el("small", {}, symbol)) : symbol,
      ),
      el("span", { class: "index bottom" }, el("span", { class: "rank" }, rank), el("span", { class: "suit" }, symbol)),
    ];
  }
  const attributes = {
    class: classes.join(" "),
    dataset: { card: card.text, ...(options.key ? { key: options.key } : {}) },
    title: options.label || cardName(card.text),
    "aria-label": options.label || cardName(card.text),
  };
  if (options.button) {
    return el(
      "button",
      { ...attributes, type: "button", onclick: options.onclick, disabled: options.disabled, "aria-pressed": options.selected ? "true" : null },
      face,
    );
  }
  return el("div", { ...attributes, role: "img" }, face);
}

// The back of a card (a hidden card, or one face down in a coffin).
export function cardBack(options = {}) {
  const classes = ["card", "back"];
  if (options.small) classes.push("small");
  if (options.playable) classes.push("playable");
  if (options.extraClass) classes.push(options.extraClass);
  const attributes = { class: classes.join(" "), "aria-label": options.label || t("faceDown"), title: options.label || t("faceDown") };
  if (options.key) attributes.dataset = { key: options.key };
  if (options.button) {
    return el("button", { ...attributes, type: "button", onclick: options.onclick, disabled: options.disabled }, el("span", { class: "pattern" }));
  }
  return el("div", { ...attributes, role: "img" }, el("span", { class: "pattern" }));
}

// A fan of n card backs (another player's hand).
export function backFan(count, max = 8) {
  const shown = Math.min(count, max);
  const fan = el("div", { class: "fan", "aria-label": `${count} ${t("cards")}` });
  for (let index = 0; index < shown; index++) fan.append(cardBack({ small: true }));
  if (count > 0) fan.append(el("span", { class: "fan-count" }, String(count)));
  return fan;
}

// A move's text with its cards written as rank and coloured suit symbol.
export function prettyMove(text) {
  const parts = String(text).split(/(\b(?:10|[2-9AJQK])[SHDC]\b|\bV[12]\b)/);
  return parts.map((part) => {
    const card = parseCard(part);
    if (!card) return translateWords(part);
    if (card.vampire) return el("span", { class: "card-text vampire" }, t("vampire"));
    return el("span", { class: `card-text ${isRed(card) ? "red" : "black"} suit-${card.suit}` }, rankLabel(card.rank) + SUITS[card.suit]);
  });
}

function translateWords(text) {
  // Casino's steps: "b8" is the build of 8 on the table, "done" ends the move.
  text = text.replace(/^b(\d+)$/, (_, value) => t("buildN", { value })).replace(/^done$/, t("stepDone"));
  if (language() !== "fr") return text;
  return text
    .replace(/\btrail\b/g, "poser")
    .replace(/\btake\b/g, "prendre")
    .replace(/\bbuild\b/g, "construire")
    .replace(/\bwith\b/g, "avec")
    .replace(/\bput\b/g, "poser")
    .replace(/\brows\b/g, "lignes")
    .replace(/\bcolumns\b/g, "colonnes");
}

// A sentence of the log with its suit symbols coloured (♡ ♢ are the server's
// outlined red suits): the four-colour pack recolours them like the cards.
const SYMBOL_SUITS = { "♠": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C" };
export function prettySentence(text) {
  // The cards drawn in French read V, D, R for the courts: the log says the same.
  let sentence = String(text);
  if (language() === "fr") sentence = sentence.replace(/\b([JQK])(?=[♠♥♡♦♢♣])/g, (_, court) => COURTS.fr[court]);
  return sentence
    .split(/([♠♥♡♦♢♣])/)
    .map((part) => {
      const suit = SYMBOL_SUITS[part];
      if (!suit) return part;
      const red = suit === "H" || suit === "D";
      return el("span", { class: `suit-symbol ${red ? "red" : "black"} suit-${suit}` }, SUITS[suit]);
    });
}

// A move in words, for screen readers: "3D b1" → "three of diamonds to b1",
// "7H take" → "seven of hearts take" (cards named, the rest as prettyMove says it).
export function spokenMove(text) {
  const cell = /^((?:10|[2-9AJQK])[SHDC]|V[12])\s+([abc][123])$/.exec(String(text));
  if (cell) return t("cardToCell", { card: cardName(cell[1]), cell: cell[2] });
  return String(text)
    .split(/(\b(?:10|[2-9AJQK])[SHDC]\b|\bV[12]\b)/)
    .map((part) => (parseCard(part) ? cardName(part) : translateWords(part)))
    .join("");
}
