// The replay viewer of a finished game (#/replay/ID, #/replay/ID/SEAT): the
// server rebuilds the match from its record (GET /api/tables/ID/replay, only
// once the game is over) and sends one frame per move, with each deal's end
// (the finished coffin and its line values, the deal's scores) as a frame of
// its own. The boards are the table page's own (boards.js): this page only
// steps through the frames. Keys: ←/→ a move, Home/End the start and the end,
// D the next deal's end (Shift+D the previous one).
import { loadBoard, resultOf, scoreElement } from "./boards.js";
import { drawSheet } from "./sheet.js";
import { backFan, cardElement, el, prettyMove, prettySentence } from "./cards.js";
import { language, seatName, t } from "./i18n.js";

const WORDS = {
  en: {
    replay: "Replay",
    replayOf: "Replay · {title}",
    seenBy: "Seen by",
    everyone: "everyone (no hand)",
    start: "Start",
    previous: "Back",
    next: "Forward",
    end: "End",
    previousDealEnd: "Previous deal end",
    nextDealEnd: "Next deal end",
    position: "Step {n} of {total}",
    dealEnd: "End of the deal",
    dealt: "The cards are dealt",
    keys: "Keys: ←/→ a move, Home/End the start and the end, D the next deal end (Shift+D the previous one).",
    tableBack: "Back to the table",
    notOver: "The replay is shown once the game is over.",
    finishedTables: "Finished tables",
  },
  fr: {
    replay: "Revoir la partie",
    replayOf: "Revoir · {title}",
    seenBy: "Vue de",
    everyone: "tout le monde (sans main)",
    start: "Début",
    previous: "Reculer",
    next: "Avancer",
    end: "Fin",
    previousDealEnd: "Fin de donne précédente",
    nextDealEnd: "Fin de donne suivante",
    position: "Étape {n} sur {total}",
    dealEnd: "Fin de la donne",
    dealt: "Les cartes sont distribuées",
    keys: "Touches : ←/→ un coup, Début/Fin le début et la fin, D la fin de donne suivante (Maj+D la précédente).",
    tableBack: "Retour à la table",
    notOver: "La partie se revoit une fois terminée.",
    finishedTables: "Tables terminées",
  },
};

// The viewer's own words, in the page's language.
export function say(key, params = {}) {
  const words = WORDS[language()] || WORDS.en;
  const text = words[key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

// The address of a finished table's replay (seen by SEAT, or by everyone).
export function replayLink(tableId, seat = null) {
  return `#/replay/${encodeURIComponent(tableId)}${seat === null || seat === undefined ? "" : `/${seat}`}`;
}

export class ReplayPage {
  constructor(root, tableId, seat, titles) {
    this.root = root;
    this.id = tableId;
    this.seat = seat === undefined || seat === "" || seat === null ? null : Number(seat);
    this.titles = titles || {};
    this.data = null;
    this.index = 0;
    this.onKey = (event) => this.key(event);
  }

  async start() {
    document.addEventListener("keydown", this.onKey);
    this.root.replaceChildren(el("p", { class: "loading" }, t("connecting")));
    const query = new URLSearchParams({ lang: language() });
    if (this.seat !== null) query.set("seat", String(this.seat));
    const response = await fetch(`/api/tables/${encodeURIComponent(this.id)}/replay?${query}`);
    const data = await response.json().catch(() => ({}));
    if (this.stopped) return;
    if (!response.ok) {
      const text = response.status === 409 ? say("notOver") : data.error || response.statusText;
      this.root.replaceChildren(el("p", { class: "form-error" }, text), el("a", { href: `#/table/${encodeURIComponent(this.id)}` }, say("tableBack")));
      return;
    }
    this.game = await loadBoard(data.game); // the game's board module, as the table page draws it
    if (this.stopped) return;
    this.data = data;
    this.dealEnds = data.frames.map((frame, index) => (frame.deal_end ? index : -1)).filter((index) => index >= 0);
    this.render();
  }

  stop() {
    this.stopped = true;
    delete document.body.dataset.replayStep;
    document.removeEventListener("keydown", this.onKey);
  }

  go(index) {
    if (!this.data) return;
    const last = this.data.frames.length - 1;
    const next = Math.max(0, Math.min(last, index));
    if (next === this.index && this.root.querySelector(".replay-page")) return;
    this.index = next;
    this.render();
  }

  nextDealEnd() {
    const found = this.dealEnds.find((index) => index > this.index);
    this.go(found === undefined ? this.data.frames.length - 1 : found);
  }

  previousDealEnd() {
    const found = [...this.dealEnds].reverse().find((index) => index < this.index);
    this.go(found === undefined ? 0 : found);
  }

  key(event) {
    if (!this.data || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    const actions = {
      ArrowLeft: () => this.go(this.index - 1),
      ArrowRight: () => this.go(this.index + 1),
      Home: () => this.go(0),
      End: () => this.go(this.data.frames.length - 1),
      PageDown: () => this.nextDealEnd(),
      PageUp: () => this.previousDealEnd(),
      d: () => this.nextDealEnd(),
      D: () => this.previousDealEnd(),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  // A control: its symbol, and its words (hidden on a narrow screen, where
  // they stay its name for a screen reader and its tooltip).
  button(symbol, words, key, onclick, disabled) {
    return el(
      "button",
      { type: "button", class: "tool", dataset: { key }, disabled: disabled || undefined, onclick, title: words, "aria-label": words },
      el("span", { class: "symbol", "aria-hidden": "true" }, symbol),
      el("span", { class: "word", "aria-hidden": "true" }, ` ${words}`),
    );
  }

  render() {
    const data = this.data;
    const frames = data.frames;
    const frame = frames[this.index];
    const view = frame.view;
    const game = this.game;
    const names = data.names.map(seatName);
    const ctx = { view, names, mySeat: this.seat, selected: null, targets: new Map(), steps: new Map(), play: () => {} };
    const last = frames.length - 1;
    const title = this.titles[data.game] || data.game;

    const seatChoice = el(
      "select",
      { class: "replay-seat", "aria-label": say("seenBy"), onchange: (event) => { location.hash = replayLink(this.id, event.target.value === "" ? null : Number(event.target.value)); } },
      el("option", { value: "" }, say("everyone")),
      names.map((name, seat) => el("option", { value: String(seat) }, name)),
    );
    seatChoice.value = this.seat === null ? "" : String(this.seat);

    const controls = el(
      "div",
      { class: "replay-controls", role: "toolbar", "aria-label": say("replay") },
      this.button("◀◀", say("start"), "replay-start", () => this.go(0), this.index === 0),
      this.button("◀", say("previous"), "replay-back", () => this.go(this.index - 1), this.index === 0),
      this.button("▶", say("next"), "replay-forward", () => this.go(this.index + 1), this.index === last),
      this.button("▶▶", say("end"), "replay-end", () => this.go(last), this.index === last),
      this.button("⤒", say("previousDealEnd"), "replay-previous-deal-end", () => this.previousDealEnd(), !this.dealEnds.some((index) => index < this.index)),
      this.button("⤓", say("nextDealEnd"), "replay-next-deal-end", () => this.nextDealEnd(), this.index === last),
      el("label", { class: "replay-seen-by" }, el("span", { class: "word" }, `${say("seenBy")} `), seatChoice),
    );
    const range = el("input", {
      type: "range",
      class: "replay-range",
      min: "0",
      max: String(last),
      value: String(this.index),
      "aria-label": say("position", { n: this.index + 1, total: frames.length }),
      oninput: (event) => this.go(Number(event.target.value)),
    });

    const header = el(
      "header",
      { class: "table-bar replay-header" },
      el("a", { class: "back", href: "#/" }, `← ${t("back")}`),
      el("h1", {}, say("replayOf", { title })),
      el("span", { class: "info" }, game.info(view, ctx).filter(Boolean).join(" · ")),
    );

    // What led to this frame: the move, or the deal's end, or the deal.
    let what;
    if (frame.deal_end) what = el("strong", {}, say("dealEnd"));
    else if (frame.move) what = [el("strong", {}, names[frame.move.seat] ?? ""), " · ", prettyMove(frame.move.text)];
    else what = say("dealt");
    const status = el(
      "div",
      { class: `status replay-status${frame.deal_end ? " deal-end" : ""}`, role: "status", "aria-live": "polite" },
      el("span", { class: "replay-position" }, say("position", { n: this.index + 1, total: frames.length })),
      " — ",
      what,
    );

    const seats = el("div", { class: "seats" });
    for (let seat = 0; seat < names.length; seat++) {
      if (seat === this.seat) continue;
      seats.append(this.seatBox(game, view, names, seat, false, frame.sheet));
    }
    const board = game.board(view, ctx);
    board.classList.add("board");
    if (view.coffin_number === 0) for (const node of board.querySelectorAll(".coffin-number")) node.remove();
    const felt = el("section", { class: `felt replay-felt${frame.deal_end ? " deal-end" : ""}`, "aria-label": t("table") }, el("div", { class: "replay-bar" }, controls, range), seats, board, status);
    if (this.seat !== null) {
      const hand = el("div", { class: "hand", "aria-label": t("hand") }, (view.hand || []).map((card) => cardElement(card)));
      felt.append(el("div", { class: "me" }, this.seatBox(game, view, names, this.seat, true, frame.sheet), hand));
    }
    felt.append(el("p", { class: "replay-keys" }, say("keys")));

    const table = drawSheet(frame.sheet, names);

    // The log up to this frame, the frame's own lines marked.
    const lines = [];
    for (let index = 0; index <= this.index; index++) {
      for (const text of frames[index].log) {
        const milestone = frames[index].deal_end ? " milestone" : "";
        lines.push(el("li", { class: `event${milestone}${index === this.index ? " latest" : ""}` }, prettySentence(text)));
      }
    }
    const logList = el("ol", { "aria-label": t("log") }, lines);
    const side = el(
      "aside",
      { class: "side" },
      table,
      el("section", { class: "panel log" }, el("h2", {}, t("log")), logList),
    );
    const page = el("div", { class: `table-page replay-page game-${data.game}` }, header, el("div", { class: "layout" }, felt, side));
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
    this.root.replaceChildren(page);
    logList.scrollTop = logList.scrollHeight;
    if (focused) {
      const again = page.querySelector(`[data-key="${focused}"]`);
      if (again && !again.disabled) again.focus();
    }
    // Tests and tools read the frame on show here.
    document.body.dataset.replayStep = String(this.index);
    document.title = `${say("replay")} — ${title} — parlour`;
  }

  // `sheet`: the frame's score sheet; once it has the result (the last
  // frames), each box shows its seat's result, as the table does.
  seatBox(game, view, names, seat, mine, sheet = null) {
    const final = resultOf(sheet, seat);
    const score = final ?? game.seatScore(view, seat);
    const note = game.seatNote(view, seat);
    const box = el(
      "div",
      { class: `seat${mine ? " mine" : ""}`, dataset: { seat: String(seat) } },
      el("div", { class: "seat-head" }, el("span", { class: "seat-name" }, names[seat])),
      el("div", { class: "seat-body" }, scoreElement(score, final !== undefined), note ? el("span", { class: "seat-note" }, note) : null),
    );
    if (!mine && view.hand_sizes) box.append(backFan(view.hand_sizes[seat] || 0));
    return box;
  }
}
