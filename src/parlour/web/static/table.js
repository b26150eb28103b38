// The table page: one WebSocket to the server, and everything this seat sees,
// redrawn from each "state" message. Moves go back as {"type": "move", action, version}.
import { loadBoard, resultOf, scoreElement, sideOf } from "./boards.js";
import { drawSheet } from "./sheet.js";
import { backFan, cardElement, cardName, cardText, el, prettyMove, prettySentence, shortCard, spokenMove } from "./cards.js";
import { ChatPanel } from "./chat.js";
import { CoachPanel } from "./coach.js";
import { language, seatName, t } from "./i18n.js";
import { replayLink, say } from "./replay.js";
import { openRules } from "./rules.js";
import { reviewLink, sayReview } from "./review.js";
import { loadInvites, loadSeat, saveInvites, saveSeat, forgetSeat, setting } from "./store.js";

const CELL_NAMES = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];
const CARD_MOVE = /^(?:put\s+)?((?:10|[2-9AJQK])[SHDC]|V[12])(?:\s|$)/;
const CELL_MOVE = /^(?:(?:10|[2-9AJQK])[SHDC]|V[12])\s+([abc][123])$/;
const TAKE_MOVE = /^take\s+([abc][123])$/;

// An event whose class says it is a milestone (a coffin, a trick, a deal or a
// round ended: "milestone" in its JSON) is shown in a pause banner, with the
// finished coffin or trick, so that people can follow.
const PAUSE_MS = 2800;
// A run shown card by card that falls this many cards behind the server is
// shown at once.
const RUN_BACKLOG = 12;

export function cardOfMove(text) {
  const match = CARD_MOVE.exec(text);
  return match ? match[1] : null;
}

// A message's events cut before each card played after the first: the steps a
// run is shown in, one at the server's bots' pace (``pace`` seconds; 0 or a
// message with one card played: one step).
export function runSteps(events, pace) {
  const steps = [[]];
  let plays = 0;
  for (const entry of events) {
    if (entry.event.plays_card && plays++ > 0 && pace > 0) steps.push([]);
    steps[steps.length - 1].push(entry);
  }
  return steps;
}

export class TablePage {
  constructor(root, tableId, titles) {
    this.root = root;
    this.id = tableId;
    this.titles = titles || {};
    this.seatInfo = loadSeat(tableId);
    this.state = null;
    this.log = [];
    this.runQueue = [];
    this.selected = null;
    this.hint = null;
    this.message = "";
    this.pending = false;
    this.boardCards = null;
    this.retry = 0;
    this.stopped = false;
    this.socket = null;
    this.facts = null; // the seat facts last seen: who came, went, came back
    this.deadlines = new Map(); // seat → when (Date.now()) a stand-in plays for it
    this.spectators = 0;
    this.daily = null; // a table of today's deals: {day, game} (from the table's summary)
    this.resultClosed = false;
    this.leftNotice = "";
    this.leaveOpen = false;
    this.wasMyTurn = false;
    this.skeleton = null;
    // A guided first deal: the coach's panel, and its proposal lit like a hint.
    this.coach = this.seatInfo && this.seatInfo.lesson
      ? new CoachPanel(tableId, this.seatInfo.token, (advice) => {
          this.hint = { action: advice.action, text: advice.move, reason: t("coachSuggests") };
          this.render();
        })
      : null;
    this.chat = new ChatPanel((message) => this.send(message));
    this.onKey = (event) => this.key(event);
    this.onClick = (event) => this.clickOutsideResult(event);
  }

  start() {
    document.addEventListener("keydown", this.onKey);
    document.addEventListener("click", this.onClick);
    this.root.replaceChildren(el("p", { class: "loading" }, t("connecting")));
    this.ticker = setInterval(() => this.tick(), 1000);
    this.connect();
    // A table of today's deals (docs/daily.md): no hint, no undo, no "play again".
    fetch(`/api/tables/${encodeURIComponent(this.id)}`)
      .then((response) => (response.ok ? response.json() : null))
      .then((summary) => {
        if (!summary || !summary.daily || this.stopped) return;
        this.daily = summary.daily;
        if (this.state) this.render();
      })
      .catch(() => {});
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.pauseTimer);
    clearTimeout(this.runTimer);
    clearInterval(this.ticker);
    delete document.body.dataset.version;
    document.title = t("titleBase");
    document.removeEventListener("keydown", this.onKey);
    document.removeEventListener("click", this.onClick);
    if (this.socket) this.socket.close();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws/tables/${encodeURIComponent(this.id)}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      const hello = { type: "hello", lang: language() };
      if (this.seatInfo) {
        hello.token = this.seatInfo.token;
        if (this.seatInfo.name) hello.name = this.seatInfo.name;
      }
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (this.stopped || socket !== this.socket) return;
      if (event.code === 4404) {
        this.root.replaceChildren(el("p", { class: "loading" }, t("notFound")), el("a", { href: "#/" }, t("back")));
        return;
      }
      this.flash(t("reconnecting"));
      const delay = Math.min(10000, 500 * 2 ** this.retry);
      this.retry += 1;
      setTimeout(() => !this.stopped && this.connect(), delay);
    });
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  receive(message) {
    if (message.type === "state") {
      this.retry = 0;
      this.pending = false;
      const previous = this.state;
      // Several cards played in one message (the forced plays of a Nain Jaune
      // run): the first now, each next one at the bots' pace (showRunStep). A
      // run still being shown goes on, the new events after it; a log sent
      // whole, or a run fallen far behind (a page in the background), is
      // shown at once.
      for (const entry of message.events) entry.names = message.names; // the names it was said with
      const reset = Boolean(message.log_reset);
      if (reset || this.runQueue.length > RUN_BACKLOG) this.finishRun();
      if (reset) this.log = [];
      const steps = reset ? [message.events] : runSteps(message.events, message.pace);
      const showing = this.runQueue.length > 0;
      if (showing) this.runQueue.push(...steps.filter((step) => step.length));
      else this.runQueue = steps.slice(1);
      const now = showing ? [] : steps[0];
      this.log.push(...now);
      if (typeof message.spectators === "number") this.spectators = message.spectators;
      this.noteSeats(message.seats, message.names, message.seat);
      // The game's end shows the final board and the result beside it, with no
      // pause banner over the board at the same moment.
      if (message.over && !(previous && previous.over)) this.resultClosed = false;
      this.takeEvents(now, reset, message.over);
      if (this.runQueue.length && !showing) this.runTimer = setTimeout(() => this.showRunStep(), message.pace * 1000);
      if (message.over) this.endPause();
      // A stand-in bot played for an away seat (or a run-out turn clock): one log line.
      if (message.notice) this.log.push({ derived: true, event: { kind: "stand_in" }, text: message.notice.text });
      if (this.state && message.version !== this.state.version) {
        this.hint = null;
        this.hintAsked = false;
        this.selected = null;
      }
      this.state = message;
      this.render();
      if (this.coach) this.coach.refresh(message.version);
    } else if (message.type === "seats") {
      // Someone came or went: only who sits and who watches changed.
      if (!this.state) return;
      this.spectators = message.spectators;
      // (this message is one for every reader: default names are said in this page's language)
      const names = message.names.map(seatName);
      const seats = message.seats.map((seat, index) => ({ ...seat, name: names[index] }));
      this.noteSeats(seats, names, this.state.seat);
      this.state = { ...this.state, seats, names, spectators: message.spectators };
      this.render();
    } else if (message.type === "left") {
      // This page gave its seat to a bot for good: it watches from now on.
      forgetSeat(this.id);
      this.seatInfo = null;
      this.leftNotice = t("youLeft", { level: t(`level_${message.bot}`) });
      this.leftSeat = message.seat;
      this.log.push({ plain: true, event: { kind: "presence" }, text: this.leftNotice });
      if (this.state) this.render();
    } else if (message.type === "error") {
      this.pending = false;
      this.hintAsked = false;
      if (!this.state && this.seatInfo) {
        // The link's token was refused: watch instead, and say why.
        forgetSeat(this.id);
        this.seatInfo = null;
        this.socket.send(JSON.stringify({ type: "hello", lang: language() }));
      }
      this.flash(`${t("errorPrefix")}: ${message.message}`, true);
    } else if (message.type === "chat") {
      this.chat.add(message);
    } else if (message.type === "chat_history") {
      this.chat.history(message);
    } else if (message.type === "hint") {
      this.hint = message;
      this.hintAsked = false;
      this.render();
    } else if (message.type === "again") {
      if (message.token !== undefined) saveSeat(message.table, { seat: message.seat, token: message.token, name: this.seatInfo?.name || "" });
      if (message.free) saveInvites(message.table, message.free);
      location.hash = `#/table/${message.table}`;
    }
  }

  // Who came, went, came back or left for good, told in the log (for the other
  // seats: this page's own comings and goings need no telling), and when a
  // stand-in will play for each away seat.
  noteSeats(seats, names, mySeat) {
    const before = this.facts;
    this.facts = seats;
    const now = Date.now();
    this.deadlines.clear();
    for (const fact of seats) {
      if (typeof fact.stand_in_after === "number") this.deadlines.set(fact.seat, now + fact.stand_in_after * 1000);
    }
    if (!before) return;
    for (const fact of seats) {
      const old = before[fact.seat];
      if (!old || fact.seat === mySeat || fact.seat === this.leftSeat || fact.kind !== "person") continue;
      const name = names[fact.seat];
      let text = "";
      if (!old.left && fact.left) text = t("leftTable", { name, level: t(`level_${fact.stand_in}`) });
      else if (old.free && !fact.free) text = t("tookSeat", { name, n: fact.seat + 1 });
      else if (old.away && !old.left && fact.connected) text = t("isBack", { name });
      else if (old.connected && !fact.connected && !fact.free && !fact.left) text = t("isAway", { name });
      if (text) this.log.push({ plain: true, event: { kind: "presence" }, text });
    }
  }

  // Seconds before a stand-in plays for an away seat (null: none will).
  secondsLeft(seat) {
    const deadline = this.deadlines.get(seat);
    if (deadline === undefined) return null;
    return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  }

  countdownText(seat, form) {
    const facts = (this.state && this.state.seats[seat]) || {};
    const name = this.state ? this.state.names[seat] : "";
    const seconds = this.secondsLeft(seat);
    if (facts.left) return form === "badge" ? t("leftBadge") : t("standInNow", { name, level: t(`level_${facts.stand_in}`) });
    if (facts.stand_in) return form === "badge" ? `${t("away")} · ${t("bot", { level: t(`level_${facts.stand_in}`) })}` : t("standInNow", { name, level: t(`level_${facts.stand_in}`) });
    if (seconds === null) return form === "badge" ? t("away") : "";
    return form === "badge" ? t("awayBotIn", { s: seconds }) : t("standInIn", { name, s: seconds });
  }

  // Once a second: the countdowns before a stand-in plays.
  tick() {
    for (const node of this.root.querySelectorAll("[data-countdown]")) {
      const text = this.countdownText(Number(node.dataset.countdown), node.dataset.form);
      if (node.textContent !== text) node.textContent = text;
    }
  }

  // What the new events change on the page: the last card played, and a pause
  // banner for a finished coffin, trick or deal (not for a log sent again whole).
  takeEvents(events, reset, over = false) {
    for (const entry of events) {
      const event = entry.event;
      if (event.plays_card && typeof event.card === "number") {
        this.lastPlayed = { card: cardText(event.card), seat: event.seat };
      }
      if (event.milestone && !reset && !over) this.showPause(entry);
    }
    if (reset && !events.length) this.lastPlayed = null;
  }

  // The next card of a run shown one at a time: its log lines, the card on the
  // board, and the milestone that may close the run.
  showRunStep() {
    const step = this.runQueue.shift();
    if (!step || !this.state) return;
    this.log.push(...step);
    this.takeEvents(step, false, this.state.over);
    if (this.runQueue.length) this.runTimer = setTimeout(() => this.showRunStep(), this.state.pace * 1000);
    this.render();
  }

  // A new message arrives while a run is being shown: the rest of it at once.
  finishRun() {
    clearTimeout(this.runTimer);
    const rest = this.runQueue.flat();
    this.runQueue = [];
    if (!rest.length) return;
    this.log.push(...rest);
    this.takeEvents(rest, false, Boolean(this.state && this.state.over));
  }

  // The cards of the run not shown yet stay off the board until their turn:
  // the last place each is drawn (where it was played to, after any fixed
  // place such as a box), with its caption when it has one of its own.
  hideRunAhead(board) {
    const ahead = new Set();
    for (const entry of this.runQueue.flat()) {
      const event = entry.event;
      if (event.plays_card && typeof event.card === "number") ahead.add(cardText(event.card));
    }
    if (!ahead.size) return;
    const last = new Map();
    for (const node of board.querySelectorAll("[data-card]")) if (ahead.has(node.dataset.card)) last.set(node.dataset.card, node);
    for (const node of last.values()) {
      const parent = node.parentElement;
      const alone = parent && parent !== board && parent.querySelectorAll("[data-card]").length === 1;
      (alone ? parent : node).style.visibility = "hidden";
    }
  }

  showPause(entry) {
    this.pause = entry;
    clearTimeout(this.pauseTimer);
    this.pauseTimer = setTimeout(() => this.endPause(), PAUSE_MS);
  }

  endPause() {
    this.pause = null;
    clearTimeout(this.pauseTimer);
    const banner = this.root.querySelector(".pause-banner");
    if (banner) banner.remove();
  }

  pauseBanner() {
    const entry = this.pause;
    if (!entry) return null;
    const event = entry.event;
    const names = this.state.names;
    let cards = null;
    if (event.kind === "coffin_scored" && Array.isArray(event.cards)) {
      cards = el("div", { class: "mini-coffin" }, event.cards.map((number) => (number === null ? el("span", { class: "slot small" }) : cardElement(cardText(number), { small: true }))));
    } else if (event.kind === "trick_won" && Array.isArray(event.cards)) {
      cards = el("div", { class: "trick-cards small" }, event.cards.map((number) => cardElement(cardText(number), { small: true })));
    }
    const title = {
      coffin_scored: t("pauseCoffin"),
      trick_won: t("pauseTrick", { name: names[event.seat] ?? "" }),
      deal_scored: t("pauseDeal"),
      deal_ended: t("pauseDeal"),
      round_scored: t("pauseRound"),
    }[event.kind];
    // The page is drawn again at every state and every coming and going: the
    // banner fades in the first time it is drawn, and then stays still.
    const settled = this.pauseDrawn === entry ? " settled" : "";
    this.pauseDrawn = entry;
    return el(
      "div",
      { class: `pause-banner kind-${event.kind}${settled}`, role: "status" },
      el("strong", { class: "pause-title" }, title),
      cards,
      // The sentence's first line: the scores and totals. A coffin's lines
      // and their working follow in the log, not over the whole board.
      el("p", { class: "pause-text" }, prettySentence(String(this.named(entry) || "").split("\n")[0])),
    );
  }

  // A won trick's banner sits over the part of the board that holds the trick
  // (its cards are still there, as the last trick), so that what the board
  // shows above it (a row, the good colour) stays readable; other banners, and
  // a trick whose cards are not on the board, stay at the top of the felt.
  placeBanner(banner, board, felt) {
    const event = this.pause && this.pause.event;
    if (!event || event.kind !== "trick_won" || !Array.isArray(event.cards)) return;
    const names = new Set(event.cards.filter((number) => typeof number === "number").map(cardText));
    const parts = new Set();
    for (const node of board.querySelectorAll("[data-card]")) {
      if (!names.has(node.dataset.card)) continue;
      let part = node;
      while (part.parentElement && part.parentElement !== board) part = part.parentElement;
      if (part.parentElement === board) parts.add(part);
    }
    if (!parts.size) return;
    const top = Math.min(...[...parts].map((part) => part.getBoundingClientRect().top));
    const place = top - felt.getBoundingClientRect().top - felt.clientTop;
    // Within the felt, even when the trick is near its foot.
    const lowest = felt.clientHeight - banner.offsetHeight;
    banner.style.top = `${Math.round(Math.max(0, Math.min(place, lowest)))}px`;
  }

  flash(text, isError = false) {
    this.message = text;
    this.messageIsError = isError;
    const box = this.root.querySelector(".flash");
    if (box) {
      box.textContent = text;
      box.classList.toggle("error", isError);
      box.hidden = !text;
    }
    clearTimeout(this.flashTimer);
    this.flashTimer = setTimeout(() => {
      this.message = "";
      const current = this.root.querySelector(".flash");
      if (current) current.hidden = true;
    }, 5000);
  }

  // ----- moves -------------------------------------------------------------------
  get mySeat() {
    return this.state ? this.state.seat : null;
  }

  play(move) {
    if (this.pending || !this.state) return;
    this.pending = true;
    this.selected = null;
    const felt = this.root.querySelector(".felt");
    if (felt) felt.classList.add("pending");
    this.send({ type: "move", action: move.action, version: this.state.version });
  }

  // A hint takes the strongest bot seconds: the status line says it is thinking
  // until the answer comes (or the state moves on).
  askHint() {
    if (!this.state || !this.state.legal.length || this.hintAsked) return;
    // The person has read the pause (a trick won…) and asks what to play: its
    // banner gives way (it covered the hint's line); the log keeps its sentence.
    this.endPause();
    this.hintAsked = true;
    this.send({ type: "hint" });
    this.render();
  }

  // A click on a cell of the board that is no move says why: no card chosen
  // yet, or the cells the chosen card may go to.
  clickBoard(event) {
    if (!this.state || !this.state.legal.length || this.pending) return;
    const cell = event.target instanceof Element ? event.target.closest("[data-cell]") : null;
    if (!cell || cell.classList.contains("is-target") || cell.closest(".is-target") || event.target.closest("button")) return;
    const name = cell.dataset.cell;
    const { byCard, targets } = this.analyse();
    if (this.selected && targets.size) {
      const cells = [...targets.keys()].sort().join(", ");
      this.flash(t("cellNotAllowed", { card: shortCard(this.selected), cell: name, cells }), true);
    } else if (byCard.size && [...byCard.values()].some((moves) => moves.some((move) => CELL_MOVE.test(move.text)))) {
      this.flash(t("cellChooseCard"), true);
    } else {
      this.flash(t("cellNotNow", { cell: name }), true);
    }
  }

  analyse() {
    const legal = this.state ? this.state.legal : [];
    const byCard = new Map();
    const other = [];
    const pending = this.state && this.state.view ? this.state.view.pending : null;
    if (pending && legal.length) {
      // A Casino move half made: every choice (a table card, a build, done) is
      // a step of that move; the board makes its cards and builds clickable.
      const steps = new Map(legal.map((move) => [move.text, move]));
      return { byCard, other: legal, targets: new Map(), steps };
    }
    for (const move of legal) {
      const card = cardOfMove(move.text);
      if (card && !TAKE_MOVE.test(move.text)) {
        if (!byCard.has(card)) byCard.set(card, []);
        byCard.get(card).push(move);
      } else {
        other.push(move);
      }
    }
    if (this.selected && !byCard.has(this.selected)) this.selected = null;
    if (!this.selected && byCard.size === 1) {
      const [card, moves] = [...byCard.entries()][0];
      if (moves.length > 1) this.selected = card;
    }
    const targets = new Map();
    for (const move of other) {
      const take = TAKE_MOVE.exec(move.text);
      if (take) targets.set(take[1], move);
    }
    if (this.selected) {
      for (const move of byCard.get(this.selected)) {
        const cell = CELL_MOVE.exec(move.text);
        if (cell) targets.set(cell[1], move);
      }
    }
    return { byCard, other, targets, steps: new Map() };
  }

  pickCard(card, byCard) {
    const moves = byCard.get(card) || [];
    if (!moves.length) return;
    // One rule for every card: a click selects it (its moves light up), a second
    // click (or Enter) on it plays its one move. The setting "play at once"
    // plays a card with one move on the first click.
    if (moves.length === 1 && (this.selected === card || setting("playAtOnce"))) {
      this.play(moves[0]);
      return;
    }
    this.selected = this.selected === card ? null : card;
    this.render();
    const first = this.root.querySelector(".is-target button, .target, .card-moves button");
    if (first) first.focus();
  }

  key(event) {
    if (!this.state) return;
    const target = event.target;
    if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { targets } = this.analyse();
    if (/^[1-9]$/.test(event.key)) {
      const move = targets.get(CELL_NAMES[Number(event.key) - 1]);
      if (move) {
        event.preventDefault();
        this.play(move);
      }
    } else if (event.key === "h" || event.key === "H") {
      if (this.state.legal.length && !this.daily) this.askHint();
    } else if (event.key === "u" || event.key === "U") {
      if (this.state.can_undo) this.send({ type: "undo", version: this.state.version });
    } else if (event.key === "Escape") {
      this.endPause();
      this.selected = null;
      if (this.state.over) this.resultClosed = true;
      this.render();
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const buttons = [...this.root.querySelectorAll(".hand button.card")];
      if (!buttons.length) return;
      const index = buttons.indexOf(document.activeElement);
      const step = event.key === "ArrowLeft" ? -1 : 1;
      const next = index < 0 ? 0 : (index + step + buttons.length) % buttons.length;
      buttons[next].focus();
      event.preventDefault();
    }
  }

  // ----- drawing -------------------------------------------------------------------------
  // The page is built once (header, felt, and beside it the result, the score
  // sheet, the log and the invitations); each state redraws the parts inside,
  // except the log, which only gains its new lines: it is a live region, and
  // a screen reader reads each line once as it arrives.
  buildSkeleton() {
    const logList = el("ol", { role: "log", "aria-live": "polite", "aria-relevant": "additions text", "aria-label": t("log") });
    const logEmpty = el("p", { class: "empty" }, t("logEmpty"));
    const skeleton = {
      page: el("div", { class: "table-page" }),
      header: el("div", { class: "header-slot" }),
      felt: el("section", { class: "felt", "aria-label": t("table") }),
      result: el("div", { class: "result-slot" }),
      sheet: el("div", { class: "sheet-slot" }),
      log: el("section", { class: "panel log" }, el("h2", {}, t("log")), logList, logEmpty),
      logList,
      logEmpty,
      invite: el("div", { class: "invite-slot" }),
      flash: el("div", { class: "flash", role: "alert", hidden: true }),
    };
    // A lesson's coach heads the side column: beside the board, in view with
    // the hand (on a phone, where the column falls under the board, under the hand).
    const coach = this.coach ? [this.coach.element()] : [];
    const side = el("aside", { class: "side" }, ...coach, skeleton.result, skeleton.sheet, skeleton.log, this.chat.element(), skeleton.invite);
    const layout = el("div", { class: `layout${this.coach ? " with-coach" : ""}` }, skeleton.felt, side);
    skeleton.page.append(skeleton.header, layout, skeleton.flash);
    this.skeleton = skeleton;
    return skeleton;
  }

  render() {
    const state = this.state;
    if (!state) return;
    const focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
    const hadHandFocus = Boolean(focusKey && focusKey.startsWith("hand-"));
    const parts = this.skeleton || this.buildSkeleton();
    const logList = parts.logList;
    const logAtBottom = !logList.isConnected || logList.scrollTop + logList.clientHeight >= logList.scrollHeight - 8;

    const game = this.boards && this.boards[state.game];
    if (!game) {
      // The game's board is a module of its package, loaded once; render again then.
      loadBoard(state.game).then(
        (loaded) => { this.boards = { ...(this.boards || {}), [state.game]: loaded }; this.render(); },
        (error) => this.flash(`${t("errorPrefix")}: ${error.message}`, true),
      );
      return;
    }
    const view = state.view;
    const names = state.names;
    const { byCard, other, targets, steps } = this.analyse();
    const ctx = {
      view,
      names,
      mySeat: state.seat,
      selected: this.selected,
      targets,
      steps,
      play: (move) => this.play(move),
    };
    parts.page.className = `table-page game-${state.game}${state.over ? " is-over" : ""}`;
    parts.header.replaceChildren(this.header(state, game, ctx));
    const felt = parts.felt;
    felt.className = "felt";
    const contents = [];
    if (this.leftNotice) contents.push(el("p", { class: "notice left-notice", role: "status" }, this.leftNotice, " ", el("a", { href: "#/" }, t("back"))));
    contents.push(this.seatsRow(state, game));
    const board = game.board(view, ctx);
    board.classList.add("board");
    board.addEventListener("click", (event) => this.clickBoard(event));
    this.boardHasCells = board.querySelector("[data-cell]") !== null;
    this.fixBoard(board, view);
    // A hint lights its card (in the hand) and the place it goes to on the board.
    if (this.hint && this.hint.target) for (const node of board.querySelectorAll(`[data-cell="${CSS.escape(this.hint.target)}"]`)) node.classList.add("hinted");
    this.markFresh(board, state.version);
    this.hideRunAhead(board);
    contents.push(board);
    const banner = this.pauseBanner();
    if (banner) contents.push(banner);
    contents.push(el("div", { class: "status", role: "status", "aria-live": "polite" }, this.statusText(state, byCard, other)));
    const offer = this.botsOffer(state);
    if (offer) contents.push(offer);
    if (state.seat !== null) contents.push(this.myArea(state, game, byCard));
    contents.push(this.actions(state, byCard, other));
    felt.replaceChildren(...contents);
    if (banner) this.placeBanner(banner, board, felt);
    parts.result.replaceChildren(...(state.over && !this.resultClosed ? [this.overPanel(state, game)] : []));
    parts.sheet.replaceChildren(this.sheet(state, game, ctx));
    const invite = this.invitePanel(state);
    parts.invite.replaceChildren(...(invite ? [invite] : []));
    this.chat.setChannel(state.over ? "all" : state.seat !== null ? "players" : "spectators");
    this.chat.setSeat(state.seat);
    // A person alone with bots (a lesson, today's deals, a game against bots)
    // has nobody to write to while the game is on; once it is over the chat is
    // everyone's, spectators included.
    const alone = state.seat !== null && !(state.seats || []).some((facts) => facts.kind === "person" && facts.seat !== state.seat);
    this.chat.element().hidden = alone && !state.over;
    parts.flash.className = `flash${this.messageIsError ? " error" : ""}`;
    parts.flash.textContent = this.message;
    parts.flash.hidden = !this.message;
    this.updateLog();
    if (!parts.page.isConnected) this.root.replaceChildren(parts.page);
    // Tests and tools read the version of the state on show here.
    document.body.dataset.version = String(state.version);
    this.tellTurn(state);

    if (logAtBottom) logList.scrollTop = logList.scrollHeight;
    let focus = focusKey ? this.root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`) : null;
    if ((!focus || focus.disabled) && (hadHandFocus || document.activeElement === document.body) && state.legal.length) {
      focus = this.root.querySelector(".hand button.card.playable, .card-moves button, .is-target button, .other-moves button");
    }
    if (focus && !state.over) focus.focus({ preventScroll: true });
    if (state.over) {
      const again = this.root.querySelector(".over-panel .again");
      if (again && document.activeElement === document.body) again.focus({ preventScroll: true });
    }
  }

  // What the boards draw, made right here (the boards themselves know nothing
  // of the moment): no "Coffin 0" before the first coffin, and the cells read
  // in words by screen readers ("three of diamonds to b1").
  fixBoard(board, view) {
    if (view && view.coffin_number === 0) for (const node of board.querySelectorAll(".coffin-number")) node.remove();
    for (const button of board.querySelectorAll("button.slot.target[data-cell]")) {
      if (this.selected) button.setAttribute("aria-label", t("cardToCell", { card: cardName(this.selected), cell: button.dataset.cell }));
    }
    for (const cell of board.querySelectorAll(".coffin .cell[data-cell]")) {
      const card = cell.querySelector(".card[data-card]");
      if (card) card.setAttribute("aria-label", `${cell.dataset.cell}: ${cardName(card.dataset.card)}`);
    }
  }

  // A person in another tab learns that it is their turn: the tab's title, and
  // a short sound if they chose it in the settings.
  tellTurn(state) {
    const myTurn = state.legal.length > 0 && !state.over;
    document.title = myTurn ? t("titleYourTurn") : t("titleBase");
    if (myTurn && !this.wasMyTurn && setting("sound")) this.chime();
    this.wasMyTurn = myTurn;
  }

  chime() {
    // Counted for tests and tools, whether or not the machine can play it.
    document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1);
    try {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      this.audio = this.audio || new Context();
      const now = this.audio.currentTime;
      const tone = this.audio.createOscillator();
      const volume = this.audio.createGain();
      tone.frequency.value = 660;
      volume.gain.setValueAtTime(0.0001, now);
      volume.gain.exponentialRampToValueAtTime(0.15, now + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, now + 0.4);
      tone.connect(volume).connect(this.audio.destination);
      tone.start(now);
      tone.stop(now + 0.45);
    } catch {
      // No sound on this machine: the title still says it.
    }
  }

  // The cards that came onto the board with this version glow for a moment.
  markFresh(board, version) {
    const cards = [...board.querySelectorAll("[data-card]")];
    if (version !== this.freshVersion) {
      const before = this.boardCards;
      this.boardCards = new Set(cards.map((node) => node.dataset.card));
      this.fresh = before ? [...new Set(cards.map((node) => node.dataset.card).filter((card) => !before.has(card)))] : [];
      this.freshVersion = version;
    }
    const last = this.lastPlayed ? this.lastPlayed.card : null;
    for (const node of cards) {
      if (last ? node.dataset.card === last : this.fresh.includes(node.dataset.card)) node.classList.add(last ? "last-played" : "fresh");
    }
    return this.fresh;
  }

  header(state, game, ctx) {
    const title = this.titles[state.game] || state.game;
    let info = game.info(state.view, ctx).filter(Boolean);
    // Before the first coffin there is no "Coffin 0"; once the game is over no
    // deal is coming, so no next dealer is named.
    const view = state.view || {};
    if (view.coffin_number === 0) info = info.filter((part) => part !== t("coffinOf", { n: 0 }));
    if (state.over) info = [t("over")];
    const watching = this.spectators > 0 ? el("span", { class: "watchers" }, this.spectators === 1 ? t("watchingOne") : t("watchingMany", { n: this.spectators })) : null;
    const showResult =
      state.over && this.resultClosed
        ? el("button", { type: "button", class: "tool show-result", onclick: () => this.openResult() }, t("showResult"))
        : null;
    return el(
      "header",
      { class: "table-bar" },
      el("a", { class: "back", href: "#/" }, "← ", el("span", { class: "back-word" }, t("back"))),
      el("h1", {}, title),
      el("span", { class: "info" }, info.join(" · ")),
      watching,
      showResult,
      el("button", { type: "button", class: "rules-link", onclick: (event) => openRules(state.game, title, event.currentTarget) }, t("rules")),
    );
  }

  openResult() {
    this.resultClosed = false;
    this.render();
    const panel = this.root.querySelector(".over-panel");
    if (panel) {
      panel.scrollIntoView({ block: "nearest" });
      const again = panel.querySelector(".again, .close-result");
      if (again) again.focus({ preventScroll: true });
    }
  }

  closeResult() {
    this.resultClosed = true;
    this.render();
  }

  // A click anywhere outside the result (and outside the button that opens it) closes it.
  clickOutsideResult(event) {
    if (!this.state || !this.state.over || this.resultClosed) return;
    const target = event.target;
    if (!(target instanceof Element) || !target.isConnected) return;
    if (target.closest(".over-panel, .show-result, .top")) return;
    this.closeResult();
  }

  seatBox(state, game, seat, mine) {
    const facts = state.seats[seat] || {};
    const view = state.view;
    const classes = ["seat"];
    if (state.to_act === seat && !state.over) classes.push("to-act");
    if (mine) classes.push("mine");
    let badge = "";
    if (facts.kind === "bot") badge = t("bot", { level: t(`level_${facts.bot}`) });
    else if (mine) badge = t("you");
    else if (facts.free) badge = t("free");
    else if (facts.left || facts.stand_in || !facts.connected) badge = this.countdownText(seat, "badge");
    // In partnerships, the seat across is named as the partner on its own box
    // (it was said only in the score sheet's header).
    const partner = !mine && state.seat !== null && state.seat !== undefined && isPartner(view, seat, state.seat);
    if (partner) classes.push("partner");
    const final = state.over ? resultOf(state.sheet, seat) : undefined;
    const score = final ?? game.seatScore(view, seat);
    const note = game.seatNote(view, seat);
    const box = el(
      "div",
      { class: classes.join(" "), dataset: { seat: String(seat) } },
      el(
        "div",
        { class: "seat-head" },
        el("span", { class: "seat-name" }, state.names[seat]),
        partner ? el("span", { class: "badge partner" }, t("partner")) : null,
        badge ? el("span", { class: `badge${facts.kind === "bot" ? " bot" : ""}`, dataset: facts.kind === "person" && !mine && !facts.free && !facts.connected ? { countdown: String(seat), form: "badge" } : {} }, badge) : null,
      ),
      el("div", { class: "seat-body" }, scoreElement(score, final !== undefined), note ? el("span", { class: "seat-note" }, note) : null),
    );
    if (!mine && view.hand_sizes) box.append(backFan(view.hand_sizes[seat] || 0));
    return box;
  }

  seatsRow(state, game) {
    const count = state.names.length;
    // Four or more others (Nain Jaune up to eight): each seat one slim box.
    const others = count - (state.seat === null ? 0 : 1);
    const row = el("div", { class: `seats${others > 3 ? " many" : ""}` });
    const start = state.seat === null ? 0 : state.seat + 1;
    for (let offset = 0; offset < count; offset++) {
      const seat = (start + offset) % count;
      if (seat === state.seat) continue;
      row.append(this.seatBox(state, game, seat, false));
    }
    return row;
  }

  myArea(state, game, byCard) {
    const cards = state.view.hand || [];
    // A long hand (Dracula's thirteen cards) overlaps on a wide screen, on one line.
    const hand = el("div", { class: `hand${cards.length > 9 ? " crowded" : ""}`, role: "toolbar", "aria-label": t("hand") });
    const myTurn = state.legal.length > 0;
    const hinted = this.hint ? cardOfMove(this.hint.text) : null;
    for (const card of cards) {
      const playable = byCard.has(card);
      hand.append(
        cardElement(card, {
          button: true,
          key: `hand-${card}`,
          playable: myTurn && playable,
          selected: this.selected === card,
          disabled: !(myTurn && playable),
          extraClass: hinted === card ? "hinted" : "",
          onclick: () => this.pickCard(card, byCard),
        }),
      );
    }
    return el("div", { class: "me" }, this.seatBox(state, game, state.seat, true), hand);
  }

  statusText(state, byCard, other) {
    if (state.over) {
      // On a phone the result is below the board: this button takes you there.
      const where = this.resultClosed ? "" : " phone-only";
      // The separator belongs to the button: it goes wherever the button is hidden.
      return [t("over"), el("span", { class: `show-result-wrap${where}` }, " · ", el("button", { type: "button", class: "tool show-result", onclick: () => this.openResult() }, t("showResult")))];
    }
    if (state.seat === null && state.to_act === null) return t("spectator");
    if (state.legal.length) {
      let doing = t("chooseCard");
      if (state.view.pending) {
        // "Done" is offered only once the move may end: the status names it then.
        doing = state.legal.some((move) => move.text === "done") ? t("chooseStepOrDone") : t("chooseStep");
      } else if (this.selected) {
        const moves = byCard.get(this.selected) || [];
        if (moves.length === 1) doing = t("confirmCard", { card: shortCard(this.selected) });
        else doing = moves.every((move) => CELL_MOVE.test(move.text)) ? t("chooseCell", { card: shortCard(this.selected) }) : t("chooseMove", { card: shortCard(this.selected) });
      } else if (!byCard.size && other.some((move) => move.text === "rows" || move.text === "columns")) {
        doing = t("chooseDirection");
      } else if (!byCard.size && other.length && other.every((move) => TAKE_MOVE.test(move.text))) {
        doing = t("chooseTake"); // Thracula: first take a face-down card from a cell
      } else if (!byCard.size) {
        doing = t("chooseOther");
      }
      const parts = [el("strong", {}, t("yourTurn")), doing ? ` — ${doing}` : ""];
      if (this.hintAsked && !this.hint) parts.push(el("span", { class: "hint-text hint-thinking", role: "status" }, " · ", t("hintThinking")));
      if (this.hint) {
        // The explanation teaches (first line); why, in words, follows on a second line,
        // and the judge's figures wait behind a "details" line.
        // Its cards' suits are drawn as the table draws them (the log's way).
        const figures = this.hint.explanation && this.hint.reason ? [el("br"), el("span", { class: "hint-figures" }, prettySentence(this.hint.reason))] : [];
        if (this.hint.details) figures.push(el("details", { class: "hint-details" }, el("summary", {}, t("hintDetails")), this.hint.details));
        // An explanation begins with the move in the game's words: the move is not said twice.
        const said = this.hint.explanation ? [prettySentence(this.hint.explanation)] : [prettyMove(this.hint.text), this.hint.reason ? [" — ", prettySentence(this.hint.reason)] : ""];
        parts.push(el("span", { class: "hint-text" }, " · ", t("hintFor", { move: "" }), ...said, ...figures));
      }
      return parts;
    }
    const actor = state.to_act;
    if (actor === null || actor === undefined) return "";
    // Seats nobody has taken yet: the table waits for people to join, not for a seat's name.
    const free = (state.seats || []).filter((fact) => fact.free).length;
    if (free) {
      const joining = free === 1 ? t("waitingOne") : t("waitingMany", { n: free });
      return state.seat === null ? [t("spectator"), " · ", joining] : joining;
    }
    const facts = state.seats[actor] || {};
    const who = state.names[actor];
    const waiting = [facts.kind === "bot" ? t("botThinking", { name: who }) : t("waitingFor", { name: who })];
    // An away person on turn: how long before a stand-in plays for them.
    const countdown = facts.kind === "person" && !facts.connected ? this.countdownText(actor, "status") : "";
    if (countdown) waiting.push(" — ", el("span", { class: "countdown", dataset: { countdown: String(actor), form: "status" } }, countdown));
    return state.seat === null ? [t("spectator"), " · ", ...waiting] : waiting;
  }

  // A person waiting for others to fill the free seats (a "Play now" with
  // nobody else about leaves one so): bots can take them at once. Right under
  // the status line that says who is awaited, above the hand, so that it is on
  // the first screen of a phone as of a desktop.
  botsOffer(state) {
    const free = (state.seats || []).filter((facts) => facts.free).length;
    if (state.seat === null || state.over || !free) return null;
    return el(
      "p",
      { class: "fill-bots" },
      el("span", {}, t("fillBotsWhy")),
      " ",
      el("button", { type: "button", class: "tool fill-bots-button", onclick: () => this.send({ type: "bots" }) }, t("fillBots")),
    );
  }

  moveButton(move, extraClass = "") {
    const hinted = this.hint && this.hint.action === move.action;
    return el(
      "button",
      { type: "button", class: `move${hinted ? " hinted" : ""} ${extraClass}`, dataset: { key: `move-${move.action}`, action: String(move.action) }, "aria-label": spokenMove(move.text), onclick: () => this.play(move) },
      prettyMove(move.text),
    );
  }

  actions(state, byCard, other) {
    const bar = el("div", { class: "actions" });
    if (this.selected && byCard.has(this.selected)) {
      bar.append(el("div", { class: "card-moves" }, byCard.get(this.selected).map((move) => this.moveButton(move))));
    }
    if (other.length) bar.append(el("div", { class: "other-moves" }, other.map((move) => this.moveButton(move))));
    const tools = el("div", { class: "tools" });
    if (state.seat !== null && !state.over && !this.daily) {
      tools.append(el("button", { type: "button", class: "tool hint-button", disabled: !state.legal.length, onclick: () => this.askHint(), "aria-keyshortcuts": "H", "aria-busy": this.hintAsked ? "true" : undefined }, t("hint")));
      tools.append(el("button", { type: "button", class: "tool undo-button", disabled: !state.can_undo, onclick: () => this.send({ type: "undo", version: state.version }), "aria-keyshortcuts": "U" }, t("undo")));
    }
    // Where the hint and undo buttons would be, a table of today's deals says
    // why they are not there.
    if (state.seat !== null && !state.over && this.daily) tools.append(el("p", { class: "daily-note" }, `${t("dailyLink")} · ${t("dailyOnce")}`));
    if (state.legal.length) {
      tools.append(
        el(
          "details",
          { class: "all-moves" },
          el("summary", {}, `${t("allMoves")} (${state.legal.length})`),
          el("div", { class: "all-moves-list" }, state.legal.map((move) => this.moveButton(move, "listed"))),
        ),
      );
    }
    // The number keys choose a cell: said only where the board has cells, and
    // only to a seat that plays (a spectator has no keys to use).
    if (state.seat !== null && !state.over) tools.append(el("p", { class: "keys" }, t(this.boardHasCells ? "keys" : "keysNoCells", { tools: this.daily ? "" : t("keysTools") })));
    const others = state.seats.some((facts) => facts.kind === "person" && facts.seat !== state.seat);
    if (state.seat !== null && !state.over && others) {
      // Leaving for good: a bot takes the seat (asked twice, never by accident);
      // offered where other people play on.
      tools.append(
        el(
          "details",
          { class: "leave", open: this.leaveOpen, ontoggle: (event) => (this.leaveOpen = event.target.open) },
          el("summary", {}, t("leave")),
          el("p", {}, t("leaveExplain")),
          el("button", { type: "button", class: "tool leave-button", onclick: () => this.send({ type: "leave" }) }, t("leaveConfirm")),
        ),
      );
    }
    bar.append(tools);
    return bar;
  }

  // The score sheet (sheet.js), drawn from the sheet the server sends.
  sheet(state, game, ctx) {
    return drawSheet(state.sheet, ctx.names);
  }

  // The log's lines: one sentence per event, except that a run of dealt cards
  // is one line (with this seat's own cards), and a finished coffin, trick or
  // deal stands out.
  logLines() {
    const lines = [];
    let dealt = null;
    for (const entry of this.log) {
      const event = entry.event;
      if (event.kind === "card_dealt") {
        if (!dealt) {
          dealt = { count: 0, mine: [], table: [] };
          lines.push({ kind: "cards_dealt", dealt });
        }
        dealt.count += 1;
        const card = cardText(event.card);
        if (card && event.seat === this.mySeat) dealt.mine.push(card);
        else if (card && event.seat < 0) dealt.table.push(card);
        continue;
      }
      if (event.kind === "card_laid_face_down") {
        // Thracula's nine face-down cells: one line, not nine.
        const previous = lines[lines.length - 1];
        if (previous && previous.faceDown) previous.faceDown.count += 1;
        else lines.push({ kind: event.kind, faceDown: { count: 1 } });
        dealt = null;
        continue;
      }
      dealt = null;
      if (!entry.text) continue;
      lines.push({ kind: event.kind, entry });
    }
    return lines.map((line, index) => this.logLine(line, index));
  }

  logLine(line, index) {
    const item = this.logItem(line);
    item.dataset.line = String(index);
    item.dataset.text = `${item.className}|${item.textContent}`;
    return item;
  }

  logItem(line) {
    if (line.dealt) {
      const parts = [t("cardsDealt", { n: line.dealt.count })];
      if (line.dealt.mine.length) parts.push(" ", t("yourCards"), " ", prettyMove(line.dealt.mine.join(" ")));
      if (line.dealt.table.length) parts.push(" ", t("tableCards"), " ", prettyMove(line.dealt.table.join(" ")));
      return el("li", { class: "event kind-cards_dealt" }, parts);
    }
    if (line.faceDown) return el("li", { class: "event kind-card_laid_face_down" }, t("laidFaceDown", { n: line.faceDown.count }));
    const milestone = (line.entry && line.entry.event.milestone) || line.kind === "game_ended" ? " milestone" : "";
    const entry = line.entry;
    const text = entry.plain ? entry.text : entry.derived ? prettyMove(entry.text) : prettySentence(this.named(entry));
    return el("li", { class: `event kind-${line.kind}${milestone}` }, text);
  }

  // The log names each seat by its name now: a sentence keeps the names it was
  // said with (entry.names), and a seat taken or renamed since reads with its
  // new name ("Player 3 deals first." becomes "Cy deals first."). Seat names are
  // unique at a table, and a name is matched whole only.
  named(entry) {
    const then = entry.names;
    const now = this.state ? this.state.names : null;
    if (!then || !now || !entry.text) return entry.text;
    const renamed = new Map();
    then.forEach((name, seat) => {
      if (name && now[seat] && now[seat] !== name) renamed.set(name, now[seat]);
    });
    if (!renamed.size) return entry.text;
    const names = [...renamed.keys()].sort((first, second) => second.length - first.length);
    const pattern = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
    return entry.text.replace(new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`, "gu"), (found) => renamed.get(found));
  }

  // The log gains only its new lines (the lines already shown stay, so that a
  // screen reader reads each once); the last 200 lines are kept.
  updateLog() {
    const { logList, logEmpty } = this.skeleton;
    const lines = this.logLines();
    const start = Math.max(0, lines.length - 200);
    while (logList.firstChild && Number(logList.firstChild.dataset.line) < start) logList.firstChild.remove();
    let index = start;
    let node = logList.firstChild;
    while (node && index < lines.length && Number(node.dataset.line) === index && node.dataset.text === lines[index].dataset.text) {
      node = node.nextSibling;
      index += 1;
    }
    while (node) {
      const next = node.nextSibling;
      node.remove();
      node = next;
    }
    for (; index < lines.length; index++) logList.append(lines[index]);
    // The newest line is marked, so that the eye finds what just happened.
    for (const item of logList.querySelectorAll(".latest")) item.classList.remove("latest");
    if (logList.lastElementChild) logList.lastElementChild.classList.add("latest");
    logEmpty.hidden = lines.length > 0;
    logList.hidden = lines.length === 0;
  }

  invitePanel(state) {
    const invites = loadInvites(this.id).filter((invite) => state.seats[invite.seat] && state.seats[invite.seat].free);
    if (!invites.length || state.over) return null;
    const list = invites.map((invite) => {
      const link = `${location.origin}${location.pathname}#/join/${this.id}/${invite.seat}/${invite.token}`;
      const input = el("input", { type: "text", readonly: true, value: link, "aria-label": t("seat", { n: invite.seat + 1 }) });
      const copy = el("button", {
        type: "button",
        class: "tool",
        onclick: async (event) => {
          input.select();
          try {
            await navigator.clipboard.writeText(link);
          } catch {
            document.execCommand("copy");
          }
          event.target.textContent = t("copied");
        },
      }, t("copy"));
      return el("li", {}, el("span", {}, `${t("seat", { n: invite.seat + 1 })}`), input, copy);
    });
    return el("section", { class: "panel invite" }, el("h2", {}, t("invite")), el("p", {}, t("inviteHelp")), el("ul", {}, list));
  }

  overPanel(state) {
    const result = state.result || [];
    const best = Math.max(...result);
    const winners = state.names.filter((_, seat) => result[seat] === best);
    let headline;
    if (winners.length === state.names.length && state.names.length > 1) headline = t("tie", { names: winners.join(", ") });
    else if (winners.length === 1 && state.seat !== null && result[state.seat] === best) headline = t("youWin");
    else if (winners.length === 1) headline = t("winner", { names: winners[0] });
    else headline = t("winners", { names: winners.join(" & ") });
    const ranking = state.names
      .map((name, seat) => ({ name, seat, score: result[seat] }))
      .sort((first, second) => second.score - first.score)
      .map((entry) => el("li", { class: entry.score === best ? "best" : "" }, el("span", {}, entry.name), el("strong", {}, String(entry.score))));
    // Beside the final board (never over it), closed by its button, Esc or a
    // click elsewhere; "Show the result" brings it back.
    return el(
      "section",
      { class: "over-panel panel", role: "region", "aria-label": t("over") },
      el("button", { type: "button", class: "close-result", "aria-label": t("closeResult"), title: t("closeResult"), onclick: () => this.closeResult() }, "×"),
      el("h2", {}, t("over")),
      el("p", { class: "winner" }, headline),
      el("h3", {}, t("finalScores")),
      el("ol", { class: "ranking" }, ranking),
      el(
        "div",
        { class: "over-buttons" },
        this.daily ? el("a", { class: "button again daily-results-link", href: `#/daily/${this.daily.game}/${this.daily.day}` }, t("dailyResults")) : null,
        state.seat !== null && !this.daily ? el("button", { type: "button", class: "again", onclick: () => this.send({ type: "again" }) }, t("playAgain")) : null,
        el("a", { class: "button replay", href: replayLink(this.id, state.seat), dataset: { key: "replay" } }, say("replay")),
        el("a", { class: "button review", href: reviewLink(this.id, state.seat ?? 0), dataset: { key: "review" } }, sayReview("review")),
        el("a", { class: "button", href: "#/" }, t("back")),
        this.daily ? null : el("a", { class: "button subtle", href: `/api/tables/${this.id}/record`, download: `parlour-${state.game}-${this.id}.json` }, t("record")),
      ),
    );
  }
}

// Whether ``seat`` plays on the same side as ``mine`` (games in partnerships
// only: their view says each seat's side).
function isPartner(view, seat, mine) {
  if (!view || !view.sides || seat === mine) return false;
  if (view.partnerships === false) return false;
  return sideOf(view, seat) === sideOf(view, mine);
}
