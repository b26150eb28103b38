// Colour-blind's board in the browser: the table parts the page asks of a game
// (board, info line, seat notes, seat score), drawn from the
// observation the server sent for this seat (or the public one for a spectator).
// Served from the game's package at /games/<name>/board.js and loaded by the
// table page; a board never decides what is legal: it only offers the moves in
// ctx (ctx.targets, ctx.play).
import { cardElement, el, parseCard, rankLabel, SUITS } from "/static/cards.js";
import { t } from "/static/i18n.js";
import { label, seatName } from "/static/boards.js";

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

// ----- what the game shows: board, info line, seat notes ----------------------
export const boards = {
  "colour-blind": {
    board: colourBlind,
    info: (view, ctx) => [view.deals ? t("dealOf", { deal: view.deal, deals: view.deals }) : t("dealN", { deal: view.deal }), t("dealerIs", { name: seatName(ctx, view.dealer) })],
    seatNote: (view, seat) => {
      const won = view.won ? view.won[seat] || [] : [];
      return won.length ? won.map((card) => { const parsed = parseCard(card); return parsed && parsed.suit ? rankLabel(parsed.rank) + SUITS[parsed.suit] : card; }).join(" ") : "";
    },
    seatScore: (view, seat) => view.totals?.[seat],
  },
};
