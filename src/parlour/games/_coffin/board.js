// The coffin family (Dracula, Dracula in partnerships, Thracula)'s board in the browser: the table parts the page asks of a game
// (board, info line, seat notes, seat score), drawn from the
// observation the server sent for this seat (or the public one for a spectator).
// Served from the game's package at /games/<name>/board.js for each of the three games and loaded by the
// table page; a board never decides what is legal: it only offers the moves in
// ctx (ctx.targets, ctx.play).
import { cardBack, cardElement, el } from "/static/cards.js";
import { t } from "/static/i18n.js";
import { label, pile, seatName } from "/static/boards.js";

const CELL_NAMES = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];
const COLUMNS = ["a", "b", "c"];

// ----- the coffin (Dracula, Dracula in partnerships, Thracula) ---------------------
function coffin(view, ctx, options = {}) {
  const grid = el("div", { class: "coffin", role: "grid", "aria-label": t("coffin") });
  grid.append(el("span", { class: "corner" }));
  for (const column of COLUMNS) grid.append(el("span", { class: "axis column-name" }, column));
  grid.append(el("span", { class: "axis" }));
  for (let row = 0; row < 3; row++) {
    grid.append(el("span", { class: "axis row-name" }, String(row + 1)));
    for (let column = 0; column < 3; column++) {
      const index = row * 3 + column;
      const name = CELL_NAMES[index];
      const card = view.coffin[index];
      const faceDown = options.faceDown && options.faceDown[index];
      const target = ctx.targets.get(name);
      const key = `cell-${name}`;
      let content;
      if (card) {
        content = cardElement(card, { key: `${key}-card` });
      } else if (faceDown) {
        content = cardBack({
          button: Boolean(target),
          playable: Boolean(target),
          onclick: target ? () => ctx.play(target) : undefined,
          key: target ? key : undefined,
          label: `${name}: ${t("faceDown")}`,
        });
      } else if (target) {
        content = el(
          "button",
          { class: "slot target", type: "button", dataset: { key, cell: name }, onclick: () => ctx.play(target), "aria-label": `${ctx.selected || ""} ${name}` },
          el("span", {}, name),
        );
      } else {
        content = el("span", { class: `slot${options.taken === name ? " taken" : ""}` }, el("span", {}, name));
      }
      grid.append(el("div", { class: `cell${target ? " is-target" : ""}`, role: "gridcell", dataset: { cell: name } }, content));
    }
    const value = view.row_values ? view.row_values[row] : null;
    grid.append(el("span", { class: `line-value row-value ${options.rowClass ? options.rowClass(row) : ""}` }, value ?? ""));
  }
  grid.append(el("span", { class: "axis" }));
  for (let column = 0; column < 3; column++) {
    const value = view.column_values ? view.column_values[column] : null;
    grid.append(el("span", { class: `line-value column-value ${options.columnClass ? options.columnClass(column) : ""}` }, value ?? ""));
  }
  grid.append(el("span", { class: "axis" }));
  return grid;
}

// The last coffin scored, in miniature, while a newer one is being filled: not
// once the game is over and the coffin on the board is that same coffin.
function pastCoffin(cards, title, view) {
  if (!cards) return null;
  if (view && Array.isArray(view.coffin) && cards.every((card, index) => card === view.coffin[index])) return null;
  const mini = el("div", { class: "mini-coffin" });
  for (const card of cards) mini.append(card ? cardElement(card, { small: true }) : el("span", { class: "slot small" }));
  return el("div", { class: "past" }, label(title), mini);
}

function directionLine(view, ctx, seats) {
  const parts = [];
  for (const seat of seats) {
    const way = view.directions ? view.directions[seat] : null;
    if (!way) continue;
    parts.push(el("span", { class: `way way-${way}` }, t(way === "rows" ? "rowsFor" : "columnsFor", { name: seatName(ctx, seat) })));
  }
  return el("div", { class: "ways" }, parts);
}

function dracula(view, ctx) {
  const rowsOwner = view.directions ? view.directions.indexOf("rows") : -1;
  const board = el("div", { class: "board-coffin" });
  board.append(directionLine(view, ctx, [0, 1]));
  const middle = el("div", { class: "coffin-row" });
  middle.append(
    el("div", { class: "side-piles" }, pile(t("stock"), view.stock), view.scoring === "cards" ? pile(t("waste"), view.waste) : null),
    coffin(view, ctx, {
      rowClass: () => (rowsOwner >= 0 ? `owner-${rowsOwner === ctx.mySeat ? "me" : "them"}` : ""),
      columnClass: () => (rowsOwner >= 0 ? `owner-${rowsOwner === ctx.mySeat ? "them" : "me"}` : ""),
    }),
  );
  const past = view.past_coffins && view.past_coffins.length ? pastCoffin(view.past_coffins[view.past_coffins.length - 1], t("lastCoffin"), view) : null;
  if (past) middle.append(past);
  board.append(middle);
  // The cut decides who deals first: shown until the cards are dealt (the log keeps it).
  const dealt = (view.hand || []).length > 0 || (view.coffin || []).some(Boolean);
  if (view.cut && view.cut.length && view.deal === 1 && !dealt && (view.plays || []).length === 0) {
    board.append(el("div", { class: "cut" }, view.cut.map((card, seat) => el("div", {}, cardElement(card, { small: true }), el("span", {}, seatName(ctx, seat))))));
  }
  return board;
}

function draculaPartnership(view, ctx) {
  const board = el("div", { class: "board-coffin" });
  const sides = [0, 1].map((side) => {
    const members = view.sides.map((value, seat) => (value === side ? seatName(ctx, seat) : null)).filter(Boolean);
    const way = view.side_directions ? view.side_directions[side] : null;
    return el("span", { class: `way way-${way || "none"}` }, `${members.join(" & ")}: ${t(way || "wayToChoose")}`);
  });
  board.append(el("div", { class: "ways" }, sides));
  const middle = el("div", { class: "coffin-row" });
  middle.append(el("div", { class: "side-piles" }, label(t("coffinOf", { n: view.coffin_number }), "coffin-number")));
  const mySide = ctx.mySeat !== null && view.sides ? view.sides[ctx.mySeat] : 0;
  const rowsSide = view.side_directions ? view.side_directions.indexOf("rows") : -1;
  middle.append(
    coffin(view, ctx, {
      rowClass: () => (rowsSide >= 0 ? `owner-${rowsSide === mySide ? "me" : "them"}` : ""),
      columnClass: () => (rowsSide >= 0 ? `owner-${rowsSide === mySide ? "them" : "me"}` : ""),
    }),
  );
  const past = view.past_coffins && view.past_coffins.length ? pastCoffin(view.past_coffins[view.past_coffins.length - 1], t("lastCoffin"), view) : null;
  if (past) middle.append(past);
  board.append(middle);
  return board;
}

function thracula(view, ctx) {
  const board = el("div", { class: "board-coffin" });
  const owners = view.owned_lines || [];
  board.append(
    el(
      "div",
      { class: "ways" },
      owners.map((line, seat) =>
        el("span", { class: `way${seat === ctx.mySeat ? " mine" : ""}` }, `${seatName(ctx, seat)}: ${t("lineOwned", { row: line + 1, col: COLUMNS[line] })}`),
      ),
    ),
  );
  const mine = ctx.mySeat !== null && owners.length ? owners[ctx.mySeat] : null;
  const middle = el("div", { class: "coffin-row" });
  middle.append(el("div", { class: "side-piles" }, pile(t("stock"), view.stock), pile(t("waste"), view.discards || 0)));
  middle.append(
    coffin(view, ctx, {
      faceDown: view.face_down,
      taken: view.taken_cell,
      rowClass: (row) => (row === mine ? "owner-me" : ""),
      columnClass: (column) => (column === mine ? "owner-me" : ""),
    }),
  );
  const side = el("div", { class: "past" });
  if (view.taken_card) side.append(label(`${t("take")} ${view.taken_cell || ""}`), cardElement(view.taken_card, { small: true }));
  const past = view.past_coffins && view.past_coffins.length ? pastCoffin(view.past_coffins[view.past_coffins.length - 1], t("lastCoffin"), view) : null;
  if (past) side.append(past);
  middle.append(side);
  board.append(middle);
  return board;
}

// ----- what each game shows: board, info line, seat notes --------------------
export const boards = {
  dracula: {
    board: dracula,
    info: (view, ctx) => [t("dealOf", { deal: view.deal, deals: view.deals }), t("dealerIs", { name: seatName(ctx, view.dealer) })],
    seatNote: (view, seat) => (view.directions && view.directions[seat] ? t(`scores_${view.directions[seat]}`) : ""),
    seatScore: (view, seat) => view.totals?.[seat],
  },
  "dracula-partnership": {
    board: draculaPartnership,
    info: (view, ctx) => [t("dealOf", { deal: view.deal, deals: view.deals }), t("coffinOf", { n: view.coffin_number }), t("dealerIs", { name: seatName(ctx, view.dealer) })],
    seatNote: (view, seat) => (view.directions && view.directions[seat] ? t(`scores_${view.directions[seat]}`) : ""),
    seatScore: (view, seat) => view.totals?.[view.sides[seat]],
  },
  thracula: {
    board: thracula,
    info: (view, ctx) => [t("dealOf", { deal: view.deal, deals: view.deals }), t("dealerIs", { name: seatName(ctx, view.dealer) })],
    seatNote: (view, seat) => (view.owned_lines ? t("lineOwned", { row: view.owned_lines[seat] + 1, col: COLUMNS[view.owned_lines[seat]] }) : ""),
    seatScore: (view, seat) => view.totals?.[seat],
  },
};
