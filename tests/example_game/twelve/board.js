// Twelve's board in the browser (the example game): the trick being played and
// the last trick won. The page draws the seats and the hand; a board only
// draws the middle of the table and offers no move of its own.
// Served from the game's package at /games/twelve/board.js.
import { cardElement, el } from "/static/cards.js";
import { t } from "/static/i18n.js";
import { label, seatName } from "/static/boards.js";

function trickCards(cards, leader, ctx, winner, small) {
  const row = el("div", { class: `trick-cards${small ? " small" : ""}` });
  cards.forEach((card, offset) => {
    const seat = (leader + offset) % 2;
    row.append(el("div", { class: `played${seat === winner ? " winner" : ""}` }, cardElement(card, { small }), el("span", {}, seatName(ctx, seat))));
  });
  return row;
}

function twelve(view, ctx) {
  const board = el("div", { class: "board-twelve" });
  const area = el("div", { class: "trick-area" });
  const current = el("div", { class: "trick" }, label(t("twelve_trick", { number: (view.tricks || []).length + 1 })));
  const trick = view.trick || [];
  if (trick.length) {
    current.append(trickCards(trick, view.trick_leader, ctx, -1, false));
  } else if (view.trick_leader !== null && view.trick_leader !== undefined) {
    current.append(el("div", { class: "trick-cards" }, el("div", { class: "played empty" }, el("span", { class: "slot" }), el("span", {}, t("led", { name: seatName(ctx, view.trick_leader) })))));
  }
  area.append(current);
  const tricks = view.tricks || [];
  if (tricks.length) {
    const last = tricks[tricks.length - 1];
    area.append(el("div", { class: "trick last" }, label(t("lastTrick")), trickCards(last.cards, last.leader, ctx, last.winner, true)));
  }
  board.append(area);
  return board;
}

// The board's own words, in English and French: the shared client (i18n.js)
// adds them to its table when it loads this module, so t("twelve_trick") works.
export const words = {
  en: { twelve_trick: "Trick {number} of 4" },
  fr: { twelve_trick: "Levée {number} sur 4" },
};

export const boards = {
  twelve: {
    board: twelve,
    info: (view, ctx) => [t("dealOf", { deal: view.deal, deals: view.deals }), t("dealerIs", { name: seatName(ctx, view.dealer) })],
    seatNote: (view, seat) => (view.deal_points ? `+${view.deal_points[seat]}` : ""),
    seatScore: (view, seat) => view.totals?.[seat],
    sheet: (view, ctx) => ({
      head: [t("deal"), ...ctx.names],
      rows: (view.scores || []).map((line, index) => [index + 1, ...line]),
      foot: [t("total"), ...(view.totals || [])],
    }),
  },
};
