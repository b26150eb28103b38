// What the games' boards share, and the loader of a game's board.
//
// Each game draws its own board in a JavaScript module of its package (the
// `board` part of its GameParts), served at /games/<name>/board.js, and styles
// it in a stylesheet of its package (the `board_css` part, when it has one),
// served at /games/<name>/board.css and linked when the board loads. The module
// exports `boards`, the table parts of each game it draws by name (a family's
// module draws several): board(view, ctx), info(view, ctx), seatNote(view,
// seat) and seatScore(view, seat). A board never decides
// what is legal: it only offers the moves listed in ctx (ctx.targets, ctx.play).
import { cardBack, el } from "./cards.js";
import { addWords, t } from "./i18n.js";

export function seatName(ctx, seat) {
  return ctx.names[seat] ?? `#${seat + 1}`;
}

// Each seat's name cut to `width` characters for a small label (under a card
// on a pile), as the terminal's short labels are: names that cutting makes
// alike keep their own ending ("Robot 2" → "Robo2"), else the seat's number.
export function shortSeatNames(ctx, width) {
  const compact = ctx.names.map((name, seat) => (name ?? `#${seat + 1}`).replace(/ /g, ""));
  const cut = compact.map((name) => name.slice(0, width));
  let labels = compact.map((name, seat) => {
    if (cut.filter((other) => other === cut[seat]).length === 1) return cut[seat];
    const ending = (name.match(/\d+$/) || [String(seat + 1)])[0];
    return name.slice(0, Math.max(0, width - ending.length)) + ending;
  });
  if (new Set(labels).size < labels.length) labels = cut.map((name, seat) => `${name.slice(0, width - 1)}${seat + 1}`);
  return labels;
}

export function label(text, extra = "") {
  return el("div", { class: `label ${extra}` }, text);
}

// A face-down pile (a stock, a waste) with its count.
export function pile(title, count) {
  return el(
    "div",
    { class: "pile" },
    count > 0 ? cardBack({ small: true, label: `${title}: ${count}` }) : el("span", { class: "slot small" }),
    el("span", { class: "pile-count" }, `${title} ${count}`),
  );
}

// The side of a seat, for games played in partnerships (`sides`: a side per
// seat, or the seats of each side); a seat is its own side otherwise.
export function sideOf(view, seat) {
  if (view.sides && Array.isArray(view.sides[0])) return view.sides.findIndex((members) => members.includes(seat));
  if (view.sides) return view.sides[seat];
  return seat;
}

// Once a game is over, a seat's figure in its result (the score sheet's
// result for the seat's column: end bonuses included, what "Final scores"
// says), else undefined: a seat's box then shows that, not the board's
// running total (55 beside a result of 64, when an end bonus of 9 is added to it).
export function resultOf(sheet, seat) {
  if (!sheet || !sheet.result) return undefined;
  const column = sheet.columns.findIndex((seats) => seats.includes(seat));
  return column < 0 ? undefined : sheet.result[column];
}

// A seat's figure on its box; the final one (the result) says so to a
// pointer and a screen reader.
export function scoreElement(score, final) {
  if (score === undefined || score === null) return null;
  const named = final ? { title: t("finalResult"), "aria-label": `${t("finalResult")} ${score}` } : {};
  return el("span", { class: `seat-score${final ? " final" : ""}`, ...named }, String(score));
}

// A game without a board of its own: its observation, key by key.
function plainBoard(view) {
  const list = el("dl", { class: "plain-board" });
  for (const [key, value] of Object.entries(view || {})) {
    list.append(el("dt", {}, key), el("dd", {}, typeof value === "string" ? value : JSON.stringify(value)));
  }
  return el("div", {}, list);
}

const PLAIN = {
  board: plainBoard,
  info: () => [],
  seatNote: () => "",
  seatScore: (view, seat) => view.totals?.[seat],
};

const loaded = new Map();

// Link game `name`'s board stylesheet into the page, if it has one: a promise
// settled once the rules apply (so that a board is never drawn unstyled).
function loadStylesheet(name) {
  const url = `/games/${encodeURIComponent(name)}/board.css`;
  return fetch(url, { method: "HEAD" }).then((answer) => {
    if (answer.status === 404) return null;
    return new Promise((settle) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = url;
      link.dataset.board = name;
      link.addEventListener("load", settle);
      link.addEventListener("error", settle);
      document.head.append(link);
    });
  });
}

// The table parts of game `name`: a promise of its board module's entry (the
// plain board when the game has none), loaded once with its stylesheet.
export function loadBoard(name) {
  if (!loaded.has(name)) {
    const url = `/games/${encodeURIComponent(name)}/board.js`;
    const drawing = fetch(url, { method: "HEAD" }).then((answer) => {
      if (answer.status === 404) return PLAIN;
      return import(url).then((module) => {
        const game = module.boards && module.boards[name];
        if (!game) throw new Error(`${url} exports no board of ${name}`);
        addWords(module.words);
        return game;
      });
    });
    loaded.set(
      name,
      Promise.all([drawing, loadStylesheet(name)]).then(([game]) => game),
    );
  }
  return loaded.get(name);
}
