// The review of one seat's play (#/review/ID/SEAT, issue 25, docs/review.md):
// the server judges every decision in the background (GET or POST
// /api/tables/ID/review/SEAT answers 202 with its progress, then 200 with the
// review), and this page shows a progress bar, then the summary (accuracy,
// expected points lost per deal, the par against the seat's score), then steps
// through the flagged decisions on the board the seat saw (the table's own
// boards, as the replay viewer draws them). Keys: ←/→ the previous and the next
// flagged moment. "Find a better move" lists the legal moves of a flagged
// moment and says how the chosen one compares (POST …/review/SEAT/retry).
// Until the game is over, only the seat's own player (its token, kept in this
// browser) may read the review.
import { loadBoard } from "./boards.js";
import { cardElement, el, prettyMove, prettySentence } from "./cards.js";
import { formatNumber, language, t } from "./i18n.js";
import { ReplayPage, replayLink } from "./replay.js";
import { loadSeat } from "./store.js";

const WORDS = {
  en: {
    review: "Review",
    reviewOf: "Review · {title}",
    reviewing: "Reviewing the game: each decision is judged on what the seat could see…",
    progress: "{done} of {total} decisions judged",
    parProgress: "{done} of {total} deals replayed for the par",
    starting: "Starting the review…",
    of: "Review of",
    private: "This review is private until the game is over: only the player of that seat may see it.",
    notYet: "A review is ready once the first deal is over.",
    busy: "The server is reviewing other games; this page asks again in a moment.",
    retryPlayers: "Trying other moves is for the players of this table (their seat's link).",
    notStarted: "Nobody has asked for this review yet: a player of this table starts it from their own page, then anyone may read it.",
    accuracy: "Accuracy",
    accuracyHelp: "the share of decisions judged good",
    lost: "Expected {units} lost",
    per_deal: "per deal",
    per_round: "per round",
    per_coffin: "per coffin",
    line_deal: "Deal",
    line_round: "Round",
    line_coffin: "Coffin",
    judged: "Decisions judged: {reviewed}; forced moves, not judged: {forced}",
    good: "good",
    inaccuracy: "inaccuracy",
    mistake: "mistake",
    blunder: "blunder",
    counts: "Good: {good} · inaccuracies: {inaccuracy} · mistakes: {mistake} · blunders: {blunder}",
    noPar: "The par is shown once the game is over.",
    flagged: "Flagged decisions",
    noneFlagged: "No decision cost points that the judge could tell from luck: well played.",
    moment: "{line} {deal}, move {move}",
    momentOf: "Flagged moment {n} of {total}",
    previous: "Previous moment",
    next: "Next moment",
    played: "You played",
    better: "The better move:",
    expected: "expected {lead} ± {error}",
    loss: "Expected loss: {loss} ± {error} {unit}",
    details: "Details",
    detailsHow: "Each figure is a move's expected lead {per}, ± one standard error, over imagined deals.",
    why: "Why",
    whyPlayed: "Your move",
    whyBest: "The better move",
    keys: "Keys: ←/→ the previous and the next flagged moment.",
    howTo: "Points are the expected lead {per} (your points less the others' average), from imagined deals that use only what the seat could see.",
    howToDetails: "Each moment's Details line gives the figures.",
    retry: "Find a better move",
    retryHelp: "Pick a move you could have played here:",
    judging: "Judging this move on the same imagined deals…",
    isBest: "That is the better move the review found.",
    isPlayed: "That is the move played.",
    tried: "expected {lead} ± {error}; the better move: {best} ± {bestError}.",
    triedLoss: "Expected loss against the better move: {loss} ± {error} ({grade}).",
    triedNow: "Judged just now, from the same position with the same imagined deals as the review.",
    tableBack: "Back to the table",
    replay: "Replay",
  },
  fr: {
    review: "Analyse",
    reviewOf: "Analyse · {title}",
    reviewing: "Analyse de la partie : chaque décision est jugée sur ce que la place voyait…",
    progress: "Décisions jugées : {done} sur {total}",
    parProgress: "Donnes rejouées pour le par : {done} sur {total}",
    starting: "L'analyse commence…",
    of: "Analyse de",
    private: "Cette analyse reste privée jusqu'à la fin de la partie : seul le joueur de cette place peut la voir.",
    notYet: "Une analyse est prête une fois la première donne finie.",
    busy: "Le serveur analyse d'autres parties ; cette page redemande dans un instant.",
    retryPlayers: "Essayer d'autres coups est réservé aux joueurs de cette table (le lien de leur place).",
    notStarted: "Personne n'a encore demandé cette analyse : un joueur de cette table la lance depuis sa propre page, puis tout le monde peut la lire.",
    accuracy: "Précision",
    accuracyHelp: "la part des décisions jugées bonnes",
    lost: "{Units} espérés perdus",
    per_deal: "par donne",
    per_round: "par manche",
    per_coffin: "par cercueil",
    line_deal: "Donne",
    line_round: "Manche",
    line_coffin: "Cercueil",
    judged: "Décisions jugées : {reviewed} ; coups forcés, non jugés : {forced}",
    good: "bonne",
    inaccuracy: "imprécision",
    mistake: "erreur",
    blunder: "gaffe",
    counts: "Bonnes : {good} · imprécisions : {inaccuracy} · erreurs : {mistake} · gaffes : {blunder}",
    noPar: "Le par s'affiche une fois la partie terminée.",
    flagged: "Décisions relevées",
    noneFlagged: "Aucune décision n'a coûté de points que le juge distingue de la chance : bien joué.",
    moment: "{line} {deal}, coup {move}",
    momentOf: "Moment relevé {n} sur {total}",
    previous: "Moment précédent",
    next: "Moment suivant",
    played: "Vous avez joué",
    better: "Le meilleur coup :",
    expected: "espéré {lead} ± {error}",
    loss: "Perte espérée : {loss} ± {error} {unit}",
    details: "Détails",
    detailsHow: "Chaque chiffre est l'avance espérée d'un coup {per}, ± une erreur standard, sur des donnes imaginées.",
    why: "Pourquoi",
    whyPlayed: "Votre coup",
    whyBest: "Le meilleur coup",
    keys: "Touches : ←/→ le moment relevé précédent et le suivant.",
    howTo: "Les points sont l'avance espérée {per} (vos points moins la moyenne des autres), sur des donnes imaginées avec ce que la place voyait, seulement.",
    howToDetails: "La ligne Détails de chaque moment donne les chiffres.",
    retry: "Trouver un meilleur coup",
    retryHelp: "Choisissez un coup que vous pouviez jouer ici :",
    judging: "Ce coup est jugé sur les mêmes donnes imaginées…",
    isBest: "C'est le meilleur coup que l'analyse a trouvé.",
    isPlayed: "C'est le coup joué.",
    tried: "espéré {lead} ± {error} ; le meilleur coup : {best} ± {bestError}.",
    triedLoss: "Perte espérée face au meilleur coup : {loss} ± {error} ({grade}).",
    triedNow: "Jugé à l'instant, de la même position, sur les mêmes donnes imaginées que l'analyse.",
    tableBack: "Retour à la table",
    replay: "Revoir la partie",
  },
};

// The review's own words, in the page's language.
export function sayReview(key, params = {}) {
  const words = WORDS[language()] || WORDS.en;
  const text = words[key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// The address of a seat's review.
export function reviewLink(tableId, seat) {
  return `#/review/${encodeURIComponent(tableId)}/${seat === null || seat === undefined ? 0 : seat}`;
}

// A number as the page shows it: one decimal, in the page's language.
function number(value, signed = false) {
  return formatNumber(value, { exact: true, signed });
}

// The cards a move's text names ("7S take 2S+5C" names 7S, 2S and 5C).
function cardsOf(text) {
  return String(text).match(/\b(?:10|[2-9AJQK])[SHDC]\b|\bV[12]\b/g) || [];
}

const POLL_MS = 700;

export class ReviewPage {
  constructor(root, tableId, seat, titles) {
    this.root = root;
    this.id = tableId;
    const mine = loadSeat(tableId);
    this.mine = mine;
    this.seat = seat === undefined || seat === "" || seat === null ? (mine ? Number(mine.seat) : 0) : Number(seat);
    this.titles = titles || {};
    this.data = null;
    this.index = 0;
    this.retry = null;
    this.onKey = (event) => this.key(event);
  }

  async start() {
    document.addEventListener("keydown", this.onKey);
    this.root.replaceChildren(el("p", { class: "loading" }, t("connecting")));
    await this.ask();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    delete document.body.dataset.reviewMoment;
    document.removeEventListener("keydown", this.onKey);
  }

  // The token of this browser's seat at this table (never in the address): it
  // starts a review of any seat once the game is over, of its own seat before.
  token() {
    return this.mine ? this.mine.token : null;
  }

  post(path, body) {
    const token = this.token();
    return fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(token ? { ...body, token } : body),
    });
  }

  async ask() {
    const path = `/api/tables/${encodeURIComponent(this.id)}/review/${this.seat}?lang=${language()}`;
    let response;
    try {
      response = this.token() ? await this.post(path, {}) : await fetch(path);
    } catch (error) {
      if (!this.stopped) this.problem(error.message);
      return;
    }
    const data = await response.json().catch(() => ({}));
    if (this.stopped) return;
    if (response.status === 202) {
      this.working(data);
      this.timer = setTimeout(() => this.ask(), POLL_MS);
      return;
    }
    if (response.status === 503 || response.status === 429) {
      // Busy, or this address has its share of reviews under way: ask again
      // when the server says (Retry-After), never sooner than a few polls.
      const after = Number(response.headers.get("retry-after")) || 0;
      this.working({}, sayReview("busy"));
      this.timer = setTimeout(() => this.ask(), Math.max(POLL_MS * 4, after * 1000));
      return;
    }
    if (!response.ok) {
      const text = data.reason === "not-started" ? sayReview("notStarted") : response.status === 403 ? sayReview("private") : response.status === 409 ? sayReview("notYet") : data.error || response.statusText;
      this.problem(text);
      return;
    }
    this.game = await loadBoard(data.review.game); // the game's board module, as the table draws it
    if (this.stopped) return;
    this.data = data;
    this.flagged = data.review.decisions.filter((decision) => decision.grade !== "good");
    this.index = 0;
    this.render();
  }

  problem(text) {
    this.root.replaceChildren(
      el(
        "div",
        { class: "review-page review-problem panel" },
        el("h1", {}, sayReview("review")),
        el("p", { class: "form-error", role: "alert" }, text),
        el("p", { class: "review-problem-links" }, el("a", { class: "button primary", href: `#/table/${encodeURIComponent(this.id)}` }, sayReview("tableBack")), " ", el("a", { href: "#/" }, t("back"))),
      ),
    );
  }

  // The server's 202 answer: `done` of `total` steps for the bar; in words, the
  // decisions judged (`judged` of `decisions`, the count the finished review
  // gives) apart from the par's deals (`replayed` of `deals`).
  working(progress, note) {
    const { done = 0, total = 0, decisions = 0, judged = 0, deals = 0, replayed = 0 } = progress;
    const bar = el("progress", { class: "review-progress", max: String(total || 1), "aria-label": sayReview("review") });
    if (total) bar.value = done;
    else bar.removeAttribute("value");
    const counts = [];
    if (decisions) counts.push(el("p", { class: "review-count" }, sayReview("progress", { done: judged, total: decisions })));
    if (deals && judged >= decisions) counts.push(el("p", { class: "review-count review-par-count" }, sayReview("parProgress", { done: replayed, total: deals })));
    if (!counts.length) counts.push(el("p", { class: "review-count" }, sayReview("starting")));
    this.root.replaceChildren(
      el(
        "section",
        { class: "review-page review-working panel", role: "status", "aria-live": "polite" },
        el("h1", {}, sayReview("review")),
        el("p", {}, note || sayReview("reviewing")),
        bar,
        ...counts,
      ),
    );
    document.body.dataset.reviewProgress = `${done}/${total}`;
  }

  go(index) {
    if (!this.data || !this.flagged.length) return;
    const next = Math.max(0, Math.min(this.flagged.length - 1, index));
    if (next === this.index) return;
    this.index = next;
    this.retry = null;
    this.render();
  }

  key(event) {
    if (!this.data || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    if (event.key === "ArrowLeft") this.go(this.index - 1);
    else if (event.key === "ArrowRight") this.go(this.index + 1);
    else return;
    event.preventDefault();
  }

  gradeName(grade) {
    return sayReview(grade);
  }

  // A loss as a person says it: whole from 3, else one decimal (as the judge's words).
  amount(value) {
    return formatNumber(value, { digits: value >= 3 ? 0 : 1, exact: true });
  }

  // The game's unit for a number of them, in the page's language (the server
  // sends the singular and the plural: point/points, jeton/jetons).
  unitWord(value) {
    const [one, many] = this.data.unit || ["point", "points"];
    // French keeps the singular under two as the number is shown (1,97 reads "2,0 points").
    const shown = Math.abs(parseFloat(this.amount(value).replace(",", ".").replace(/\s/g, "")));
    const single = language() === "fr" ? shown < 2 : this.amount(value) === "1.0";
    return single ? one : many;
  }

  // The game's unit in the plural, as a sentence's word and at a sentence's
  // start ({units}, {Units}): points, or a game's own (jetons).
  unitNames() {
    const many = (this.data.unit || ["point", "points"])[1];
    return { units: many, Units: many.charAt(0).toUpperCase() + many.slice(1) };
  }

  // What the game's "deal" is, one line of its score sheet ("deal", "round" in
  // a game of rounds of short deals, "coffin" in a game scored coffin by
  // coffin), as the review's data says: "line" its title ("Round"), "per"
  // "per round".
  lineWord(form) {
    const review = (this.data && this.data.review) || {};
    const kind = ["deal", "round", "coffin"].includes(review.line) ? review.line : "deal";
    return sayReview(`${form}_${kind}`);
  }

  render() {
    const { review, names, over } = this.data;
    const game = this.game;
    const title = this.titles[review.game] || review.game;

    const seatChoice = el(
      "select",
      {
        class: "review-seat",
        "aria-label": sayReview("of"),
        disabled: over ? undefined : true,
        onchange: (event) => {
          location.hash = reviewLink(this.id, Number(event.target.value));
        },
      },
      names.map((name, seat) => el("option", { value: String(seat) }, name)),
    );
    seatChoice.value = String(this.seat);
    const header = el(
      "header",
      { class: "table-bar review-header" },
      el("a", { class: "back", href: "#/" }, `← ${t("back")}`),
      el("h1", {}, sayReview("reviewOf", { title })),
      el("label", { class: "review-of" }, el("span", {}, `${sayReview("of")} `), seatChoice),
      over ? el("a", { class: "button subtle", href: replayLink(this.id, this.seat) }, sayReview("replay")) : null,
    );

    const counts = review.counts || {};
    const figures = el(
      "div",
      { class: "review-figures" },
      el("div", { class: "figure accuracy" }, el("strong", {}, `${formatNumber(review.accuracy)} %`), el("span", {}, `${sayReview("accuracy")} : ${sayReview("accuracyHelp")}`.replace(" :", language() === "fr" ? " :" : ":"))),
      el("div", { class: "figure lost" }, el("strong", {}, number(review.loss_per_deal)), el("span", {}, `${sayReview("lost", this.unitNames())} ${this.lineWord("per")}`)),
    );
    const gradeChips = el(
      "p",
      { class: "review-counts" },
      ["good", "inaccuracy", "mistake", "blunder"].map((grade) => el("span", { class: `grade-chip grade-${grade}` }, `${this.gradeName(grade)} ${counts[grade] || 0}`)),
    );
    // The par in the server's sentences (the terminal's review says the same):
    // a title, each deal's mean and spread against what the seat made, and the
    // match's line that separates the cards from the play.
    const parPart = [];
    const parSentences = this.data.par || [];
    if (parSentences.length) {
      const [title, ...lines] = parSentences;
      parPart.push(
        el("h3", {}, title),
        el(
          "ul",
          { class: "review-par" },
          lines.map((line, index) => el("li", index === lines.length - 1 ? { class: "par-match" } : {}, index === lines.length - 1 ? el("strong", {}, line) : line)),
        ),
      );
    } else {
      parPart.push(el("p", { class: "review-par none" }, sayReview("noPar")));
    }
    const list = this.flagged.length
      ? el(
          "ol",
          { class: "review-moments" },
          this.flagged.map((decision, index) =>
            el(
              "li",
              {},
              el(
                "button",
                {
                  type: "button",
                  class: `moment grade-${decision.grade}${index === this.index ? " current" : ""}`,
                  "aria-current": index === this.index ? "true" : undefined,
                  onclick: () => this.go(index),
                },
                el("span", {}, sayReview("moment", { line: this.lineWord("line"), deal: decision.deal, move: decision.move })),
                el("span", { class: "grade-chip" }, this.gradeName(decision.grade)),
                el("span", { class: "moment-loss" }, `−${number(decision.loss)}`),
              ),
            ),
          ),
        )
      : el("p", { class: "review-none" }, sayReview("noneFlagged"));
    const summary = el(
      "section",
      { class: "panel review-summary", "aria-label": sayReview("review") },
      el("h2", {}, names[this.seat] ?? ""),
      figures,
      el("p", { class: "review-judged" }, sayReview("judged", { reviewed: review.decisions.length, forced: review.forced })),
      gradeChips,
      parPart,
      el("h3", {}, sayReview("flagged")),
      list,
      // The moments' Details lines are named only where moments are listed.
      el("p", { class: "review-how" }, sayReview("howTo", { per: this.lineWord("per") }), this.flagged.length ? [" ", sayReview("howToDetails")] : null),
    );

    const layout = el("div", { class: "layout review-layout" });
    if (this.flagged.length) layout.append(this.moment(game, names));
    layout.append(el("aside", { class: "side" }, summary));
    const page = el("div", { class: `table-page review-page game-${review.game}` }, header, layout);
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
    this.root.replaceChildren(page);
    if (focused) {
      const again = page.querySelector(`[data-key="${focused}"]`);
      if (again && !again.disabled) again.focus();
    }
    document.body.dataset.reviewMoment = this.flagged.length ? String(this.index) : "none";
    document.title = `${sayReview("review")} — ${title} — parlour`;
  }

  // The board at the current flagged moment, what was played and what was better.
  moment(game, names) {
    const decision = this.flagged[this.index];
    const view = decision.observation;
    const ctx = { view, names, mySeat: this.seat, selected: null, targets: new Map(), steps: new Map(), play: () => {} };
    const button = ReplayPage.prototype.button;
    const controls = el(
      "div",
      { class: "replay-controls", role: "toolbar", "aria-label": sayReview("flagged") },
      button("◀", sayReview("previous"), "review-previous", () => this.go(this.index - 1), this.index === 0),
      el("span", { class: "review-position" }, sayReview("momentOf", { n: this.index + 1, total: this.flagged.length })),
      button("▶", sayReview("next"), "review-next", () => this.go(this.index + 1), this.index === this.flagged.length - 1),
    );
    const seats = el("div", { class: "seats" });
    for (let seat = 0; seat < names.length; seat++) {
      if (seat !== this.seat) seats.append(ReplayPage.prototype.seatBox(game, view, names, seat, false));
    }
    const board = game.board(view, ctx);
    board.classList.add("board");
    const playedCards = new Set(cardsOf(decision.played.text));
    const bestCards = new Set(cardsOf(decision.best.text));
    const hand = el(
      "div",
      { class: "hand", "aria-label": t("hand") },
      (view.hand || []).map((card) => {
        const extra = bestCards.has(card) ? "best-card" : playedCards.has(card) ? "played-card" : undefined;
        return cardElement(card, { extraClass: extra });
      }),
    );
    const estimate = (item) => sayReview("expected", { lead: number(item.lead, true), error: number(item.lead_error) });
    // Words first (the judge's verdict, in the reader's language); the figures
    // behind them only under Details.
    const verdict = el(
      "div",
      { class: `review-verdict grade-${decision.grade}`, role: "status", "aria-live": "polite" },
      el("p", { class: "verdict-head" }, el("strong", {}, sayReview("moment", { line: this.lineWord("line"), deal: decision.deal, move: decision.move })), " · ", el("span", { class: "grade-chip" }, this.gradeName(decision.grade))),
      el("p", { class: "verdict-played" }, `${sayReview("played")} `, el("strong", {}, prettyMove(decision.played.text)), "."),
      el("p", { class: "verdict-best" }, `${sayReview("better")} `, el("strong", {}, prettyMove(decision.best.text)), "."),
      decision.words ? el("p", { class: "verdict-words" }, prettySentence(decision.words)) : null,
      el(
        "details",
        { class: "verdict-details" },
        el("summary", {}, sayReview("details")),
        el("p", {}, prettyMove(decision.played.text), ` ${estimate(decision.played)}; `, prettyMove(decision.best.text), ` ${estimate(decision.best)}.`),
        el("p", { class: "verdict-loss" }, sayReview("loss", { loss: number(decision.loss), error: number(decision.loss_error), unit: this.unitWord(decision.loss) })),
        el("p", {}, sayReview("detailsHow", { per: this.lineWord("per") })),
      ),
      decision.explanation_played && decision.explanation_played !== decision.played.text
        ? el("p", { class: "why why-played" }, el("em", {}, `${sayReview("whyPlayed")} — `), prettySentence(decision.explanation_played))
        : null,
      decision.explanation_best && decision.explanation_best !== decision.best.text
        ? el("p", { class: "why why-best" }, el("em", {}, `${sayReview("whyBest")} — `), prettySentence(decision.explanation_best))
        : null,
    );
    const felt = el(
      "section",
      { class: "felt review-felt", "aria-label": t("table") },
      el("div", { class: "replay-bar" }, controls),
      verdict,
      seats,
      board,
      el("div", { class: "me" }, ReplayPage.prototype.seatBox(game, view, names, this.seat, true), hand),
      this.retryPart(decision),
      el("p", { class: "replay-keys" }, sayReview("keys")),
    );
    return felt;
  }

  // "Find a better move": the legal moves, then how the chosen one compares.
  retryPart(decision) {
    const part = el("div", { class: "review-retry" });
    const state = this.retry && this.retry.step === decision.step ? this.retry : null;
    if (!state) {
      part.append(el("button", { type: "button", class: "retry tool", dataset: { key: "review-retry" }, onclick: () => this.openRetry(decision) }, sayReview("retry")));
      return part;
    }
    // The prompt to pick stands over moves to pick: a refusal (a visitor
    // without the seat's token) says only why.
    if (state.moves || !state.error) part.append(el("p", { class: "retry-help" }, sayReview("retryHelp")));
    if (state.moves) {
      part.append(
        el(
          "div",
          { class: "retry-moves" },
          state.moves.map((move) =>
            el(
              "button",
              {
                type: "button",
                class: `retry-move${state.chosen === move.action ? " chosen" : ""}`,
                dataset: { action: String(move.action), key: `retry-${move.action}` },
                disabled: state.waiting || undefined,
                onclick: () => this.tryMove(decision, move.action),
              },
              prettyMove(move.text),
            ),
          ),
        ),
      );
    }
    if (state.waiting) part.append(el("p", { class: "retry-answer waiting", role: "status" }, sayReview("judging")));
    if (state.error) part.append(el("p", { class: "form-error", role: "alert" }, state.error));
    if (state.tried) part.append(this.triedAnswer(decision, state.tried, state.moves));
    return part;
  }

  triedAnswer(decision, tried, moves) {
    const text = (moves.find((move) => move.action === tried.action) || {}).text || "";
    const answer = el("div", { class: `retry-answer grade-${tried.grade}`, role: "status", "aria-live": "polite" });
    if (tried.source === "review" && tried.action === decision.best.action) answer.append(el("p", {}, el("strong", {}, sayReview("isBest"))));
    else if (tried.source === "review") answer.append(el("p", {}, el("strong", {}, sayReview("isPlayed"))));
    const figures = sayReview("tried", {
      lead: number(tried.estimate.lead, true),
      error: number(tried.estimate.lead_error),
      best: number(tried.best.lead, true),
      bestError: number(tried.best.lead_error),
    });
    // Words first (the judge's own sentence, in the page's language); the figures only under Details.
    if (tried.words) {
      const words = tried.better_than_best ? el("strong", {}, tried.words) : tried.words;
      const grade = tried.better_than_best ? [] : [" ", el("span", { class: "grade-chip" }, this.gradeName(tried.grade))];
      answer.append(el("p", { class: "retry-words" }, el("strong", {}, prettyMove(text)), " — ", words, ...grade));
    }
    const details = el("details", { class: "retry-details" }, el("summary", {}, sayReview("details")), el("p", { class: "retry-figures" }, el("strong", {}, prettyMove(text)), language() === "fr" ? " : " : ": ", figures));
    if (tried.action !== decision.best.action && !tried.better_than_best)
      details.append(el("p", {}, sayReview("triedLoss", { loss: number(tried.loss), error: number(tried.loss_error), grade: this.gradeName(tried.grade) })));
    answer.append(details);
    if (tried.source === "now") answer.append(el("p", { class: "retry-note" }, sayReview("triedNow")));
    return answer;
  }

  async openRetry(decision) {
    this.retry = { step: decision.step, moves: null, waiting: true };
    this.render();
    await this.askRetry(decision, null);
  }

  async tryMove(decision, action) {
    this.retry = { ...this.retry, chosen: action, tried: null, error: null, waiting: true };
    this.render();
    await this.askRetry(decision, action);
  }

  async askRetry(decision, action) {
    const path = `/api/tables/${encodeURIComponent(this.id)}/review/${this.seat}/retry?lang=${language()}`;
    const body = action === null ? { step: decision.step } : { step: decision.step, action };
    let response;
    try {
      response = await this.post(path, body);
    } catch (error) {
      response = { ok: false, status: 0, statusText: error.message, json: async () => ({}) };
    }
    const data = await response.json().catch(() => ({}));
    if (this.stopped || !this.retry || this.retry.step !== decision.step) return;
    if (!response.ok) {
      this.retry = { ...this.retry, waiting: false, error: response.status === 403 ? sayReview("retryPlayers") : response.status === 429 || response.status === 503 ? sayReview("busy") : data.error || response.statusText };
    } else {
      this.retry = { ...this.retry, waiting: false, moves: data.moves, tried: data.tried || null };
    }
    this.render();
    if (action === null) {
      const first = this.root.querySelector(".retry-move");
      if (first) first.focus();
    } else {
      const answer = this.root.querySelector(".retry-answer");
      if (answer) answer.scrollIntoView({ block: "nearest" });
    }
  }
}
