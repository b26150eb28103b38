// Nain Jaune's board in the browser: the table parts the page asks of a game
// (board, info line, seat notes, seat score), drawn from the
// observation the server sent for this seat (or the public one for a spectator).
// Served from the game's package at /games/<name>/board.js and loaded by the
// table page; a board never decides what is legal: it only offers the moves in
// ctx (ctx.targets, ctx.play).
import { cardElement, el, rankLabel } from "/static/cards.js";
import { t } from "/static/i18n.js";
import { label, seatName, shortSeatNames } from "/static/boards.js";

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
  const players = shortSeatNames(ctx, 6);
  for (const entry of recent) {
    const whole = seatName(ctx, entry.player);
    pileCards.append(el("div", { class: "pile-card", title: whole }, cardElement(entry.card, { small: true }), el("span", {}, players[entry.player] ?? whole)));
  }
  play.append(el("div", { class: "pile-box" }, label(`${t("pile")} (${(view.pile || []).length})`), pileCards));
  board.append(play);
  const calls = (view.sans || []).slice(-4).map((call) =>
    el(
      "li",
      {},
      el("strong", {}, callWords(call.rank)),
      ` — ${seatName(ctx, call.player)}`,
      call.taken_by !== null && call.taken_by !== undefined ? ` → ${seatName(ctx, call.taken_by)}` : "",
    ),
  );
  board.append(el("div", { class: "sans-calls" }, calls.length ? el("ul", {}, calls) : null, el("span", { class: "aside" }, t("leftAside", { n: view.left_aside ?? 0 }))));
  return board;
}

// The call of a player who cannot go on, in the words the game's log uses
// (parlour.games.nain_jaune.text: CALL_WORDS and the rank words): "no queen",
// « sans dame », never an English "sans" or a court letter (tests/test_nain_jaune.py
// checks that both say the same).
function callWords(rank) {
  const word = ["A", "J", "Q", "K"].includes(rank) ? t(`nain_jaune_rank_${rank}`) : rank;
  return t("nain_jaune_call", { rank: word });
}

// The board's own words, in English and French (added to the shared client's table
// when it loads this module).
export const words = {
  en: {
    nain_jaune_call: "no {rank}",
    nain_jaune_rank_A: "ace",
    nain_jaune_rank_J: "jack",
    nain_jaune_rank_Q: "queen",
    nain_jaune_rank_K: "king",
  },
  fr: {
    nain_jaune_call: "sans {rank}",
    nain_jaune_rank_A: "as",
    nain_jaune_rank_J: "valet",
    nain_jaune_rank_Q: "dame",
    nain_jaune_rank_K: "roi",
  },
};

// ----- what the game shows: board, info line, seat notes ----------------------
export const boards = {
  "nain-jaune": {
    board: nainJaune,
    info: (view, ctx) => [t("dealN", { deal: view.deal_number }), t("dealerIs", { name: seatName(ctx, view.dealer) })],
    seatNote: () => t("chips"),
    seatScore: (view, seat) => view.chips?.[seat],
  },
};
