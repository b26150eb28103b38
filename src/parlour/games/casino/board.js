// Casino's board in the browser: the table parts the page asks of a game
// (board, info line, seat notes, seat score), drawn from the
// observation the server sent for this seat (or the public one for a spectator).
// Served from the game's package at /games/<name>/board.js and loaded by the
// table page; a board never decides what is legal: it only offers the moves in
// ctx (ctx.targets, ctx.play).
import { cardElement, el } from "/static/cards.js";
import { language, t } from "/static/i18n.js";
import { label, pile, seatName, sideOf } from "/static/boards.js";

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
        // Another seat's move being made has nothing chosen yet: it is choosing.
        parts.length ? parts : el("span", { class: "pending-empty" }, pending.seat === ctx.mySeat ? t("nothingChosen") : t("choosing")),
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
    const owner = build.owner === ctx.mySeat ? t("ownerYou") : t("owner", { name: seatName(ctx, build.owner) });
    const labelText = `${t("build", { value: build.value })} · ${owner}`;
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

// The board's own words, in English and French (added to the shared client's
// table when it loads this module): a seat's figures are the cards it has
// taken ("0 cards" beside a hand of four read as the hand's size).
export const words = {
  en: {
    casino_taken: "{cards} cards taken · {spades} ♠",
    casino_taken_one: "{cards} card taken · {spades} ♠",
  },
  fr: {
    casino_taken: "{cards} cartes prises · {spades} ♠",
    casino_taken_one: "{cards} carte prise · {spades} ♠",
  },
};

// French says 0 and 1 in the singular, English 1 only.
function takenWords(counts) {
  const one = counts.cards === 1 || (counts.cards === 0 && language() === "fr");
  return t(one ? "casino_taken_one" : "casino_taken", { cards: counts.cards, spades: counts.spades });
}

// ----- what the game shows: board, info line, seat notes ----------------------
export const boards = {
  casino: {
    board: casino,
    info: (view) => [t("roundN", { round: view.round, deal: view.deal, deals: view.deals_per_round }), t(view.target === 1 ? "target_one" : "target", { n: view.target })],
    seatNote: (view, seat) => {
      const side = sideOf(view, seat);
      const counts = view.captured_counts ? view.captured_counts[side] : null;
      return counts ? takenWords(counts) : "";
    },
    seatScore: (view, seat) => view.totals?.[sideOf(view, seat)],
  },
};
