// One board per game, drawn from the observation the server sent for this seat
// (or the public observation for a spectator). A board never decides what is
// legal: it only offers the moves listed in ctx (ctx.targets, ctx.play).
import { backFan, cardBack, cardElement, el, parseCard, rankLabel, SUITS } from "./cards.js";
import { t } from "./i18n.js";

const CELL_NAMES = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];
const COLUMNS = ["a", "b", "c"];

function seatName(ctx, seat) {
  return ctx.names[seat] ?? `#${seat + 1}`;
}

function label(text, extra = "") {
  return el("div", { class: `label ${extra}` }, text);
}

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

function pastCoffin(cards, title) {
  if (!cards) return null;
  const mini = el("div", { class: "mini-coffin" });
  for (const card of cards) mini.append(card ? cardElement(card, { small: true }) : el("span", { class: "slot small" }));
  return el("div", { class: "past" }, label(title), mini);
}

function pile(title, count) {
  return el(
    "div",
    { class: "pile" },
    count > 0 ? cardBack({ small: true, label: `${title}: ${count}` }) : el("span", { class: "slot small" }),
    el("span", { class: "pile-count" }, `${title} ${count}`),
  );
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
  const past = view.past_coffins && view.past_coffins.length ? pastCoffin(view.past_coffins[view.past_coffins.length - 1], t("lastCoffin")) : null;
  if (past) middle.append(past);
  board.append(middle);
  if (view.cut && view.cut.length && view.deal === 1 && (view.plays || []).length === 0) {
    board.append(el("div", { class: "cut" }, view.cut.map((card, seat) => el("div", {}, cardElement(card, { small: true }), el("span", {}, seatName(ctx, seat))))));
  }
  return board;
}

function draculaPartnership(view, ctx) {
  const board = el("div", { class: "board-coffin" });
  const sides = [0, 1].map((side) => {
    const members = view.sides.map((value, seat) => (value === side ? seatName(ctx, seat) : null)).filter(Boolean);
    const way = view.side_directions ? view.side_directions[side] : null;
    return el("span", { class: `way way-${way || "none"}` }, `${members.join(" & ")}: ${way ? t(way) : "?"}`);
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
  const past = view.past_coffins && view.past_coffins.length ? pastCoffin(view.past_coffins[view.past_coffins.length - 1], t("lastCoffin")) : null;
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
  const past = view.past_coffins && view.past_coffins.length ? pastCoffin(view.past_coffins[view.past_coffins.length - 1], t("lastCoffin")) : null;
  if (past) side.append(past);
  middle.append(side);
  board.append(middle);
  return board;
}

// ----- Colour-blind ---------------------------------------------------------------------
function colourBlind(view, ctx) {
  const board = el("div", { class: "board-colour-blind" });
  const good = view.good_colour;
  const symbols = good === "red" ? "♥ ♦" : good === "black" ? "♠ ♣" : "";
  board.append(
    el(
      "div",
      { class: `good-colour good-${good || "none"}` },
      el("span", {}, t("goodColour")),
      el("strong", {}, good ? `${t(good)} ${symbols}` : "—"),
    ),
  );
  const row = el("div", { class: "row-strip", "aria-label": "row" });
  (view.row || []).forEach((card, index) => {
    const wonBy = view.row_won_by ? view.row_won_by[index] : undefined;
    const isNext = index === view.row_next;
    const classes = ["row-card"];
    if (wonBy !== undefined) classes.push("won");
    if (isNext) classes.push("next");
    row.append(
      el(
        "div",
        { class: classes.join(" ") },
        cardElement(card, { small: !isNext }),
        el("span", { class: "row-note" }, wonBy !== undefined ? seatName(ctx, wonBy) : isNext ? t("nextToWin") : ""),
      ),
    );
  });
  board.append(row);
  const trickArea = el("div", { class: "trick-area" });
  const trick = view.trick || [];
  const players = view.players;
  const current = el("div", { class: "trick" }, label(t("trick")));
  const cards = el("div", { class: "trick-cards" });
  trick.forEach((card, offset) => {
    const player = (view.trick_leader + offset) % players;
    cards.append(el("div", { class: "played" }, cardElement(card), el("span", {}, seatName(ctx, player))));
  });
  if (!trick.length && view.trick_leader !== null && view.trick_leader !== undefined) {
    cards.append(el("div", { class: "played empty" }, el("span", { class: "slot" }), el("span", {}, t("led", { name: seatName(ctx, view.trick_leader) }))));
  }
  current.append(cards);
  trickArea.append(current);
  const tricks = view.tricks || [];
  if (tricks.length) {
    const last = tricks[tricks.length - 1];
    const lastCards = el("div", { class: "trick-cards small" });
    last.cards.forEach((card, offset) => {
      const player = (last.leader + offset) % players;
      lastCards.append(el("div", { class: `played${player === last.winner ? " winner" : ""}` }, cardElement(card, { small: true }), el("span", {}, seatName(ctx, player))));
    });
    trickArea.append(el("div", { class: "trick last" }, label(t("lastTrick")), lastCards));
  }
  board.append(trickArea);
  return board;
}

// ----- Nain Jaune ------------------------------------------------------------------------
function chipStack(count) {
  const stack = el("div", { class: "chips", "aria-label": `${count} ${t("chips")}` });
  const shown = Math.min(10, Math.ceil(count / 3));
  for (let index = 0; index < shown; index++) stack.append(el("span", { class: "chip" }));
  stack.append(el("span", { class: "chip-count" }, String(count)));
  return stack;
}

function nainJaune(view, ctx) {
  const board = el("div", { class: "board-nain-jaune" });
  const boxes = el("div", { class: "boxes" });
  const positions = ["top-left", "top-right", "bottom-left", "bottom-right", "centre"];
  (view.boxes || []).forEach((box, index) => {
    const claim = view.claim_box === index;
    boxes.append(
      el(
        "div",
        { class: `box box-${positions[index] || index}${claim ? " claim" : ""}` },
        cardElement(box.card, { small: true }),
        el("span", { class: "stake" }, `×${box.stake}`),
        chipStack(box.chips),
      ),
    );
  });
  board.append(boxes);
  const play = el("div", { class: "run-area" });
  const run = view.run || [];
  const runCards = el("div", { class: "run" });
  for (const card of run) runCards.append(cardElement(card, { small: true }));
  const needs = view.needed_rank ? t("needs", { rank: rankLabel(view.needed_rank) }) : t("newRun");
  play.append(el("div", { class: "run-box" }, label(`${t("run")} · ${needs}`), runCards.childElementCount ? runCards : el("div", { class: "run" }, el("span", { class: "slot small" }))));
  const pileCards = el("div", { class: "pile-strip" });
  const recent = (view.pile || []).slice(-14);
  for (const entry of recent) {
    pileCards.append(el("div", { class: "pile-card" }, cardElement(entry.card, { small: true }), el("span", {}, seatName(ctx, entry.player).slice(0, 6))));
  }
  play.append(el("div", { class: "pile-box" }, label(`${t("pile")} (${(view.pile || []).length})`), pileCards));
  board.append(play);
  const calls = (view.sans || []).slice(-4).map((call) =>
    el(
      "li",
      {},
      el("strong", {}, t("sans", { rank: rankLabel(call.rank) })),
      ` — ${seatName(ctx, call.player)}`,
      call.taken_by !== null && call.taken_by !== undefined ? ` → ${seatName(ctx, call.taken_by)}` : "",
    ),
  );
  board.append(el("div", { class: "sans-calls" }, calls.length ? el("ul", {}, calls) : null, el("span", { class: "aside" }, t("leftAside", { n: view.left_aside ?? 0 }))));
  return board;
}

// ----- Casino --------------------------------------------------------------------------------
// The Casino move being made, step by step (public: everyone sees it grow):
// the card played, what it does, the table cards and builds chosen so far.
function casinoPending(pending, ctx) {
  const chosen = new Set([...(pending.cards || []), ...(pending.open_group || [])]);
  const parts = [];
  const open = new Set(pending.open_group || []);
  for (const card of pending.cards || []) if (!open.has(card)) parts.push(cardElement(card, { small: true }));
  for (const value of pending.builds || []) parts.push(el("span", { class: "chosen-build" }, t("buildN", { value })));
  if ((pending.open_group || []).length) {
    parts.push(
      el(
        "span",
        { class: "open-group" },
        pending.open_group.map((card) => cardElement(card, { small: true })),
        el("span", { class: "open-sum" }, `${pending.open_sum} / ${pending.value}`),
      ),
    );
  }
  const kind = t(`kind_${pending.kind}`);
  const head = pending.seat === ctx.mySeat ? t("yourMove") : t("makingMove", { name: seatName(ctx, pending.seat) });
  return {
    chosen,
    panel: el(
      "div",
      { class: "casino-pending", role: "status" },
      label(head),
      el(
        "div",
        { class: "pending-line" },
        cardElement(pending.card, { extraClass: "pending-card" }),
        el("span", { class: "pending-kind" }, pending.value ? `${kind} ${pending.value}` : kind),
        el("span", { class: "pending-arrow" }, "→"),
        parts.length ? parts : el("span", { class: "pending-empty" }, t("nothingChosen")),
      ),
    ),
  };
}

function casino(view, ctx) {
  const board = el("div", { class: "board-casino" });
  const table = el("div", { class: "casino-table" });
  const steps = ctx.steps || new Map();
  const pending = view.pending ? casinoPending(view.pending, ctx) : null;
  for (const card of view.loose || []) {
    const step = steps.get(card);
    const picked = pending && pending.chosen.has(card) ? "chosen" : "";
    table.append(
      step
        ? cardElement(card, { button: true, playable: true, key: `step-${card}`, extraClass: "step", onclick: () => ctx.play(step) })
        : cardElement(card, { extraClass: picked }),
    );
  }
  for (const build of view.builds || []) {
    const stack = el("div", { class: "build-cards" });
    for (const card of build.cards || []) stack.append(cardElement(card, { small: true }));
    const step = steps.get(`b${build.value}`);
    const picked = pending && (pending.builds || []).includes(build.value);
    const attributes = { class: `build${build.owner === ctx.mySeat ? " mine" : ""}${step ? " step" : ""}${picked ? " chosen" : ""}` };
    const labelText = `${t("build", { value: build.value })} · ${t("owner", { name: seatName(ctx, build.owner) })}`;
    table.append(
      step
        ? el("button", { ...attributes, type: "button", dataset: { key: `step-b${build.value}` }, onclick: () => ctx.play(step) }, stack, el("span", { class: "build-label" }, labelText))
        : el("div", attributes, stack, el("span", { class: "build-label" }, labelText)),
    );
  }
  if (!table.childElementCount) table.append(el("span", { class: "empty-table" }, "—"));
  board.append(el("div", { class: "casino-felt" }, label(t("table")), table));
  if (pending) board.append(pending.panel);
  const foot = el("div", { class: "casino-foot" }, pile(t("stock"), view.stock || 0));
  if (view.last_capture) {
    const capture = view.last_capture;
    foot.append(
      el(
        "div",
        { class: "last-capture" },
        label(t("lastCapture", { name: seatName(ctx, capture.seat) })),
        el("div", { class: "capture-cards" }, cardElement(capture.card, { small: true }), "→", (capture.taken || []).map((card) => cardElement(card, { small: true }))),
      ),
    );
  }
  board.append(foot);
  return board;
}

// ----- what each game shows: board, info line, seat notes (the score sheet is generic: table.js) ---
function sideOf(view, seat) {
  if (view.sides && Array.isArray(view.sides[0])) return view.sides.findIndex((members) => members.includes(seat));
  if (view.sides) return view.sides[seat];
  return seat;
}

export const GAMES = {
  dracula: {
    board: dracula,
    info: (view, ctx) => [t("dealOf", { deal: view.deal, deals: view.deals }), t("dealerIs", { name: seatName(ctx, view.dealer) })],
    seatNote: (view, seat) => (view.directions && view.directions[seat] ? t(view.directions[seat]) : ""),
    seatScore: (view, seat) => view.totals?.[seat],
  },
  "dracula-partnership": {
    board: draculaPartnership,
    info: (view, ctx) => [t("dealOf", { deal: view.deal, deals: view.deals }), t("coffinOf", { n: view.coffin_number }), t("dealerIs", { name: seatName(ctx, view.dealer) })],
    seatNote: (view, seat) => (view.directions && view.directions[seat] ? t(view.directions[seat]) : ""),
    seatScore: (view, seat) => view.totals?.[view.sides[seat]],
  },
  thracula: {
    board: thracula,
    info: (view, ctx) => [t("dealOf", { deal: view.deal, deals: view.deals }), t("dealerIs", { name: seatName(ctx, view.dealer) })],
    seatNote: (view, seat) => (view.owned_lines ? t("lineOwned", { row: view.owned_lines[seat] + 1, col: COLUMNS[view.owned_lines[seat]] }) : ""),
    seatScore: (view, seat) => view.totals?.[seat],
  },
  "colour-blind": {
    board: colourBlind,
    info: (view, ctx) => [view.deals ? t("dealOf", { deal: view.deal, deals: view.deals }) : t("dealN", { deal: view.deal }), t("dealerIs", { name: seatName(ctx, view.dealer) })],
    seatNote: (view, seat) => {
      const won = view.won ? view.won[seat] || [] : [];
      return won.length ? won.map((card) => { const parsed = parseCard(card); return parsed && parsed.suit ? rankLabel(parsed.rank) + SUITS[parsed.suit] : card; }).join(" ") : "";
    },
    seatScore: (view, seat) => view.totals?.[seat],
  },
  "nain-jaune": {
    board: nainJaune,
    info: (view, ctx) => [t("dealN", { deal: view.deal_number }), t("dealerIs", { name: seatName(ctx, view.dealer) })],
    seatNote: () => t("chips"),
    seatScore: (view, seat) => view.chips?.[seat],
  },
  casino: {
    board: casino,
    info: (view) => [t("roundN", { round: view.round, deal: view.deal, deals: view.deals_per_round }), t("target", { n: view.target })],
    seatNote: (view, seat) => {
      const side = sideOf(view, seat);
      const counts = view.captured_counts ? view.captured_counts[side] : null;
      return counts ? t("captured", { cards: counts.cards, spades: counts.spades }) : "";
    },
    seatScore: (view, seat) => view.totals?.[sideOf(view, seat)],
  },
};

export { backFan };
