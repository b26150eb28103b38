// The parlour web client: lobby, rules pages, a new table, joining by link, and
// the table itself (table.js). Routes live in the address's fragment (#/…), so
// seat tokens in share links never reach a server log.
import { accountPage, currentAccount, drawAccountArea } from "./account.js";
import { el } from "./cards.js";
import { OFFERED_LEVELS, language, seatName, setLanguage, t } from "./i18n.js";
import { closeRules, openRules } from "./rules.js";
import { loadSeat, palette, saveInvites, saveSeat, setPalette, setSetting, setting } from "./store.js";
import { ReplayPage, replayLink, say } from "./replay.js";
import { ReviewPage, reviewLink, sayReview } from "./review.js";
import { TablePage } from "./table.js";
import { playerPage, ratingsPage } from "./player.js";
import { dailyPage, dailyRankingsPage, dailyResultsPage } from "./daily.js";

const main = document.getElementById("main");
let games = null;
let bots = [];
let current = null;

async function api(path, options = {}) {
  const response = await fetch(path, {
    ...options,
    headers: { "Content-Type": "application/json", ...(options.headers || {}) },
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

async function loadGames() {
  if (!games) {
    const data = await api("/api/games");
    games = data.games;
    bots = data.bots;
  }
  return games;
}

function titles() {
  return Object.fromEntries((games || []).map((game) => [game.name, gameTitle(game)]));
}

// A game's title in the language chosen (a game without a French title keeps its own).
function gameTitle(game) {
  return language() === "fr" && game.title_fr ? game.title_fr : game.title;
}

function playerRange(game) {
  return game.min_players === game.max_players ? String(game.min_players) : `${game.min_players}–${game.max_players}`;
}

// ----- lobby ---------------------------------------------------------------------------
async function lobby() {
  const list = await loadGames();
  const page = el("div", { class: "lobby" });
  page.append(el("p", { class: "tagline" }, t("tagline")));
  page.append(el("p", { class: "daily-link" }, el("a", { class: "button primary", href: "#/daily", dataset: { key: "daily" } }, t("dailyLink"))));
  const grid = el("section", { class: "game-grid", "aria-label": t("games") });
  for (const game of list) {
    grid.append(
      el(
        "article",
        { class: `game-tile tile-${game.name}` },
        el("h2", {}, gameTitle(game)),
        el("p", { class: "players" }, `${playerRange(game)} ${t("players")}`),
        el("p", { class: "summary" }, gameSummary(game)),
        el(
          "div",
          { class: "tile-buttons" },
          el("button", { type: "button", class: "button primary play-now", dataset: { key: `play-now-${game.name}` }, onclick: () => playNow(game.name) }, t("playNow")),
          el("a", { class: "button", href: `#/new/${game.name}`, dataset: { key: `new-${game.name}` } }, t("newTable")),
          el("a", { class: "button subtle", href: `#/learn/${game.name}`, dataset: { key: `learn-${game.name}` } }, t("learnToPlay")),
          el("button", { type: "button", class: "button subtle", dataset: { key: `rules-${game.name}` }, onclick: (event) => openRules(game.name, gameTitle(game), event.currentTarget) }, t("rules")),
          el("a", { class: "button subtle", href: `#/ratings/${game.name}`, dataset: { key: `ratings-${game.name}` } }, t("ratingsLink")),
        ),
      ),
    );
  }
  page.append(el("h1", { class: "section-title" }, t("games")), grid);
  const open = el("section", { class: "open-tables" }, el("h1", { class: "section-title" }, t("openTables")));
  page.append(open);
  main.replaceChildren(page);
  const [data, finished, account] = await Promise.all([api("/api/tables"), api("/api/finished?limit=10").catch(() => ({ tables: [] })), currentAccount()]);
  const names = titles();
  // A signed-in person's seats, from any browser (private tables too).
  const accountSeats = account ? (await api("/api/account/tables").catch(() => ({ tables: [] }))).tables : [];
  const seated = new Set(accountSeats.map((entry) => entry.table));
  if (accountSeats.length) {
    page.insertBefore(
      el("section", { class: "open-tables my-tables" }, el("h1", { class: "section-title" }, t("yourTables")), el("ul", { class: "table-list" }, accountSeats.map((entry) => el("li", { dataset: { table: entry.table } }, el("strong", {}, names[entry.game] || entry.game), el("span", {}, t("seat", { n: entry.seat + 1 })), el("a", { class: "button", href: `#/table/${entry.table}` }, t("returnTo")))))),
      open,
    );
  }
  // Who plays here (the top bar's account link is hidden on a phone).
  page.insertBefore(
    account
      ? el("p", { class: "account-line" }, el("a", { href: `#/players/${encodeURIComponent(account)}` }, t("signedInAs", { name: account })), " · ", el("a", { href: "#/account" }, t("account")))
      : el("p", { class: "account-line guest-note" }, t("guestNote"), " ", el("a", { href: "#/account" }, t("signIn"))),
    page.children[1],
  );
  if (finished.tables.length) page.append(finishedTables(finished.tables, names));
  if (!data.tables.length) {
    open.append(el("p", { class: "empty" }, t("noOpenTables")));
    return;
  }
  const rows = el("ul", { class: "table-list" });
  for (const table of data.tables) {
    const mine = loadSeat(table.table) || seated.has(table.table);
    const seats = table.seats.map((seat, index) =>
      el("span", { class: `seat-chip${seat.free ? " free" : ""}${seat.connected ? " here" : ""}` }, seat.free ? t("free") : seatName(seat.name, index)),
    );
    const buttons = [];
    if (mine) buttons.push(el("a", { class: "button", href: `#/table/${table.table}` }, t("returnTo")));
    for (const seat of table.seats) {
      if (seat.free && !mine) buttons.push(el("button", { type: "button", class: "button", onclick: () => sitDown(table.table, seat.seat) }, t("sitAt", { n: seat.seat + 1 })));
    }
    buttons.push(el("a", { class: "button subtle", href: `#/table/${table.table}` }, t("watch")));
    rows.append(
      el(
        "li",
        { dataset: { table: table.table } },
        el("strong", {}, names[table.game] || table.game),
        el("span", { class: "table-status" }, tableStatus(table)),
        el("span", { class: "seat-chips" }, seats),
        el("span", { class: "row-buttons" }, buttons),
      ),
    );
  }
  open.append(rows);
}

// The last finished tables, each with its replay and its final board.
function finishedTables(tables, names) {
  const rows = el("ul", { class: "table-list finished-tables" });
  for (const table of tables) {
    const mine = loadSeat(table.table);
    rows.append(
      el(
        "li",
        { dataset: { table: table.table } },
        el("strong", {}, names[table.game] || table.game),
        el("span", { class: "table-status" }, t("over")),
        el("span", { class: "seat-chips" }, table.seats.map((seat, index) => el("span", { class: "seat-chip" }, seatName(seat.name, index)))),
        el(
          "span",
          { class: "row-buttons" },
          el("a", { class: "button", href: replayLink(table.table, mine ? mine.seat : null), dataset: { key: `replay-${table.table}` } }, say("replay")),
          el("a", { class: "button", href: reviewLink(table.table, mine ? mine.seat : 0), dataset: { key: `review-${table.table}` } }, sayReview("review")),
          el("a", { class: "button subtle", href: `#/table/${table.table}` }, t("watch")),
        ),
      ),
    );
  }
  return el("section", { class: "open-tables finished" }, el("h1", { class: "section-title" }, say("finishedTables")), rows);
}

// A lobby line's status: how many players it waits for, or whose turn it is.
function tableStatus(table) {
  if (table.status === "waiting") {
    const free = table.seats.filter((seat) => seat.free).length;
    return free === 1 ? t("waitingOne") : t("waitingMany", { n: free });
  }
  const actor = table.to_act === null || table.to_act === undefined ? null : table.seats[table.to_act];
  return actor ? t("playingTurn", { name: actor.name }) : t("playing");
}

// "Learn to play": a guided first deal against the lesson's bots, the coach beside.
async function learn(name) {
  main.replaceChildren(el("p", { class: "loading" }, t("connecting")));
  try {
    const data = await api("/api/lessons", { method: "POST", body: JSON.stringify({ game: name, lang: language() }) });
    const mine = data.seats[0];
    saveSeat(data.table, { seat: mine.seat, token: mine.token, name: "", lesson: true });
    location.replace(`#/table/${data.table}`);
  } catch (error) {
    main.replaceChildren(el("p", { class: "form-error" }, String(error.message || error)), el("a", { href: "#/" }, t("back")));
  }
}

// "Play now": a free seat at an open table of the game, or a new open table
// that others' "Play now" fills.
async function playNow(game) {
  try {
    const account = await currentAccount();
    const name = account || localStorage.getItem("parlour.name") || "";
    const data = await api("/api/play-now", { method: "POST", body: JSON.stringify({ game, name }) });
    saveSeat(data.table, { seat: data.seat, token: data.token, name: account ? "" : name });
    location.hash = `#/table/${data.table}`;
  } catch (error) {
    window.alert(error.message);
  }
}

async function sitDown(tableId, seat) {
  const account = await currentAccount();
  const name = account || (window.prompt(t("yourName"), localStorage.getItem("parlour.name") || "") || "").trim();
  if (name) localStorage.setItem("parlour.name", name);
  try {
    const data = await api(`/api/tables/${tableId}/seats/${seat}`, { method: "POST", body: JSON.stringify({ name }) });
    saveSeat(tableId, { seat, token: data.token, name });
    location.hash = `#/table/${tableId}`;
  } catch (error) {
    window.alert(error.message);
  }
}

// ----- rules -------------------------------------------------------------------------------
// An address #/rules/<game> opens the Rules panel over the lobby.
async function rules(name) {
  await lobby();
  const game = (games || []).find((entry) => entry.name === name);
  await openRules(name, game ? gameTitle(game) : name);
}

// ----- a new table -------------------------------------------------------------------------------
// The words of the games and their options come with the games (GET /api/games),
// declared by each game where it declares the option, in English and French.

// A game's summary in the language chosen.
function gameSummary(game) {
  const text = language() === "fr" ? game.summary_fr : game.summary;
  // A blurb is a sentence on its own in the lobby: it starts with a capital.
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

// A pair of words ({en, fr}) in the language chosen.
function said(words) {
  return words[language()] ?? words.en;
}

// One value of an option ("none", true, "clockwise", a number) in words.
function valueWord(option, value) {
  const key = value === null ? "none" : String(value);
  return option.words[key] ? said(option.words[key]) : key;
}

// The values a select offers for an option at a table of `players` (null: a
// text field). A seat number (first_dealer) is offered only for seats that exist.
function optionValues(option, players) {
  const values = [];
  for (const choice of option.choices || []) values.push(choice);
  const accepts = option.type.split(" | ");
  let maximum = option.maximum;
  if (option.name === "first_dealer" && maximum !== null) maximum = Math.min(maximum, players - 1);
  const hasRange = accepts.includes("int") && option.minimum !== null && maximum !== null;
  if (hasRange) {
    if (maximum - option.minimum > 12) return null;
    for (let value = option.minimum; value <= maximum; value++) if (!values.includes(value)) values.push(value);
  } else if (accepts.includes("int")) {
    return null;
  }
  if (accepts.includes("None") && !values.includes(null)) values.push(null);
  if (option.type === "bool") return [true, false];
  return values.length ? values : null;
}

function valueText(value) {
  if (value === null) return "none";
  if (value === true) return "true";
  if (value === false) return "false";
  return String(value);
}

// A value as a person reads it: words in the language chosen, a seat numbered from 1.
function valueLabel(option, value) {
  if (option.name === "first_dealer" && typeof value === "number") return t("seat", { n: value + 1 });
  return valueWord(option, value);
}

// Whether an option matters at a table of `players` (its spec says for which counts)
// beside the other options' `chosen` values, as the form writes them (its spec's
// `when`: an option meaningful only when scoring with cards is hidden otherwise).
function optionApplies(option, players, chosen = {}) {
  if (option.players && !option.players.includes(players)) return false;
  return Object.entries(option.when || {}).every(([name, values]) => values.some((value) => valueText(value) === chosen[name]));
}

function optionControl(option, players, previous) {
  const id = `option-${option.name}`;
  const values = optionValues(option, players);
  const chosen = previous ?? valueText(option.default);
  let control;
  if (values) {
    const known = values.some((value) => valueText(value) === chosen);
    control = el(
      "select",
      { id, name: option.name },
      values.map((value) => el("option", { value: valueText(value), selected: valueText(value) === (known ? chosen : valueText(option.default)) }, valueLabel(option, value))),
    );
  } else {
    // A number, or nothing for "none" (the placeholder says it in words).
    const shownValue = chosen === "none" ? "" : chosen;
    control = el("input", { id, name: option.name, type: "text", inputmode: "numeric", value: shownValue, placeholder: option.type.includes("None") ? valueWord(option, null) : "" });
  }
  return el(
    "div",
    { class: "field" },
    el("label", { for: id }, said(option.label)),
    control,
    el("small", { class: "help" }, language() === "fr" ? option.help_fr : option.help),
  );
}

// An address naming no game (mistyped, or a game this server lacks): say so,
// and link the games there are.
function unknownGame(name, list, link) {
  main.replaceChildren(
    el(
      "div",
      { class: "new-table unknown-game" },
      el("a", { class: "back", href: "#/" }, `← ${t("back")}`),
      el("h1", {}, t("unknownGameTitle")),
      el("p", { class: "form-error", role: "alert" }, t("unknownGame", { name })),
      el("p", {}, t("knownGames")),
      el("ul", { class: "known-games" }, list.map((entry) => el("li", {}, el("a", { href: link(entry), dataset: { game: entry.name } }, gameTitle(entry))))),
    ),
  );
}

async function newTable(name) {
  const list = await loadGames();
  const game = list.find((entry) => entry.name === name);
  if (!game) {
    unknownGame(name, list, (entry) => `#/new/${entry.name}`);
    return;
  }
  const form = el("form", { class: "new-table" });
  const playersId = "players";
  const playersSelect = el(
    "select",
    { id: playersId, name: "players" },
    Array.from({ length: game.max_players - game.min_players + 1 }, (_, index) => game.min_players + index).map((count) =>
      el("option", { value: String(count), selected: count === (game.options.find((option) => option.name === "players")?.default ?? game.min_players) }, String(count)),
    ),
  );
  const seatsBox = el("fieldset", { class: "seats-choice" }, el("legend", {}, t("seats")));
  const account = await currentAccount();
  const nameInput = el("input", { id: "my-name", type: "text", maxlength: "40", value: account || localStorage.getItem("parlour.name") || "", autocomplete: "nickname", readonly: Boolean(account) });
  // Open: listed, free seats taken from the lobby; private: seats by link only.
  // A table of one person with bots is private unless asked otherwise.
  // Each choice's words fit the select on a phone: what "as usual" means is
  // said under it, while it is the choice.
  const visibility = el("select", { id: "visibility", name: "visibility", "aria-describedby": "visibility-help" }, el("option", { value: "auto" }, t("visibilityAuto")), el("option", { value: "open" }, t("visibilityOpen")), el("option", { value: "private" }, t("visibilityPrivate")));
  const visibilityHelp = el("small", { class: "help", id: "visibility-help" }, t("visibilityAutoHelp"));
  visibility.addEventListener("change", () => {
    visibilityHelp.hidden = visibility.value !== "auto";
  });
  const rated = el("input", { id: "rated", type: "checkbox", checked: true });
  const drawSeats = () => {
    const count = Number(playersSelect.value);
    const previous = [...seatsBox.querySelectorAll("select")].map((select) => select.value);
    seatsBox.replaceChildren(el("legend", {}, t("seats")));
    for (let seat = 0; seat < count; seat++) {
      const chosen = previous[seat] ?? (seat === 0 ? "human" : "bot:medium");
      // The levels offered, in their order (i18n.js OFFERED_LEVELS), of those this server has.
      const offered = OFFERED_LEVELS.filter((level) => bots.includes(level));
      const choices = ["human", ...offered.map((level) => `bot:${level}`)];
      seatsBox.append(
        el(
          "div",
          { class: "field seat-field" },
          el("label", { for: `seat-${seat}` }, t("seat", { n: seat + 1 })),
          el(
            "select",
            { id: `seat-${seat}`, name: `seat-${seat}` },
            choices.map((choice) =>
              el("option", { value: choice, selected: choice === chosen }, choice === "human" ? t("person") : t("bot", { level: t(`level_${choice.slice(4)}`) })),
            ),
          ),
        ),
      );
    }
  };
  const options = game.options.filter((option) => option.name !== "players");
  const optionsBox = el("fieldset", { class: "options" });
  // Only the options that apply to the number of players chosen, seats numbered from 1.
  const drawOptions = () => {
    const count = Number(playersSelect.value);
    const previous = Object.fromEntries([...optionsBox.querySelectorAll("select, input")].map((control) => [control.name, control.value]));
    // Every option's value as written: the one chosen, else its default.
    const chosen = Object.fromEntries(options.map((option) => [option.name, previous[option.name] ?? valueText(option.default)]));
    const shown = options.filter((option) => optionApplies(option, count, chosen));
    const focused = document.activeElement && optionsBox.contains(document.activeElement) ? document.activeElement.id : null;
    optionsBox.hidden = shown.length === 0;
    optionsBox.replaceChildren(el("legend", {}, t("options")), ...shown.map((option) => optionControl(option, count, previous[option.name])));
    if (focused) document.getElementById(focused)?.focus();
  };
  // An option others depend on redraws the options: they appear or go with its value.
  const controlling = new Set(options.flatMap((option) => Object.keys(option.when || {})));
  optionsBox.addEventListener("change", (event) => {
    if (controlling.has(event.target.name)) drawOptions();
  });
  playersSelect.addEventListener("change", () => {
    drawSeats();
    drawOptions();
  });
  const error = el("p", { class: "form-error", role: "alert" });
  form.append(
    el("a", { class: "back", href: "#/" }, `← ${t("back")}`),
    el("h1", {}, `${t("newTable")} · ${gameTitle(game)}`),
    el("p", { class: "summary" }, gameSummary(game)),
    el("div", { class: "field" }, el("label", { for: "my-name" }, t("yourName")), nameInput),
    el("div", { class: "field" }, el("label", { for: playersId }, t("playersLabel")), playersSelect),
    seatsBox,
    el("div", { class: "field" }, el("label", { for: "visibility" }, t("visibilityLabel")), visibility, visibilityHelp),
    el("div", { class: "field" }, el("label", { for: "rated" }, t("ratedLabel")), rated, account ? null : el("p", { class: "help", id: "rated-help" }, t("ratedGuests"))),
    optionsBox,
    error,
    el("div", { class: "form-buttons" }, el("button", { type: "submit", class: "button primary", id: "create-table" }, t("create")), el("a", { class: "button subtle", href: "#/" }, t("cancel"))),
  );
  drawSeats();
  drawOptions();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const count = Number(playersSelect.value);
    const myName = nameInput.value.trim();
    if (myName) localStorage.setItem("parlour.name", myName);
    const seats = [];
    for (let seat = 0; seat < count; seat++) seats.push(form.querySelector(`#seat-${seat}`).value);
    const chosen = {};
    for (const option of options) {
      const control = form.querySelector(`#option-${option.name}`);
      if (!control) continue; // does not apply to this number of players
      const value = control.value.trim() || (control.tagName === "INPUT" ? "none" : "");
      if (value !== valueText(option.default)) chosen[option.name] = value;
    }
    const firstPerson = seats.indexOf("human");
    const request = {
      game: name,
      players: count,
      options: chosen,
      ...(visibility.value === "auto" ? {} : { visibility: visibility.value }),
      rated: rated.checked,
      seats: seats.map((kind, seat) => {
        if (seat === firstPerson && myName) return { kind: "person", name: myName };
        // Seats nobody named are named in the table's language ("Robot 2", "Joueur 3").
        if (kind.startsWith("bot:")) return { kind: "bot", bot: kind.slice(4), name: t("botSeatName", { n: seat + 1 }) };
        return { kind: "person", name: t("personSeatName", { n: seat + 1 }) };
      }),
    };
    try {
      const data = await api("/api/tables", { method: "POST", body: JSON.stringify(request) });
      const [mine, ...others] = data.seats;
      if (mine) saveSeat(data.table, { seat: mine.seat, token: mine.token, name: myName });
      saveInvites(data.table, others);
      location.hash = `#/table/${data.table}`;
    } catch (problem) {
      error.textContent = problem.message;
    }
  });
  main.replaceChildren(form);
  playersSelect.focus();
}

// ----- joining by a share link ----------------------------------------------------------------
// The link is checked before anything is asked: a link cut short, a table or
// seat that does not exist, a bot's seat or a wrong token each get a plain
// sentence. A seat already taken with this link (reopened) goes straight back
// to the table; only a free seat asks for a name.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const TABLE = /^[A-Za-z0-9_-]{1,64}$/;

function joinProblem(tableId, text) {
  const watch = tableId && TABLE.test(tableId) ? el("a", { class: "button", href: `#/table/${tableId}` }, t("watchInstead")) : null;
  main.replaceChildren(
    el(
      "div",
      { class: "join" },
      el("h1", {}, t("joinTitle")),
      el("p", { class: "join-problem", role: "alert" }, text),
      el("p", {}, watch, " ", el("a", { href: "#/" }, t("back"))),
    ),
  );
}

async function checkLink(tableId, seatText, token) {
  if (!tableId || !TABLE.test(tableId)) return { problem: t("linkNoTable") };
  if (!/^\d{1,3}$/.test(seatText || "") || !TOKEN.test(token || "")) return { problem: t("linkTruncated") };
  const seat = Number(seatText);
  const response = await fetch(`/api/tables/${tableId}`);
  if (response.status === 404) return { problem: t("linkNoTable") };
  const summary = await response.json();
  if (!response.ok) throw new Error(summary.error || response.statusText);
  const facts = summary.seats[seat];
  if (!facts) return { problem: t("linkNoSeat", { seat: seat + 1, count: summary.players }), watch: true };
  if (facts.kind !== "person") return { problem: t("linkBotSeat", { seat: seat + 1 }), watch: true };
  const checked = await fetch(`/api/tables/${tableId}/seats/${seat}/check`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token }),
  });
  const answer = await checked.json().catch(() => ({}));
  if (checked.status === 403) return { problem: t("linkBadToken", { seat: seat + 1 }), watch: true };
  if (!checked.ok) throw new Error(answer.error || checked.statusText);
  if (answer.left) return { problem: t("linkLeft"), watch: true };
  if (answer.over) return { problem: t("linkOver"), watch: true };
  return { seat, name: answer.name, free: answer.free };
}

async function join(tableId, seatText, token) {
  main.replaceChildren(el("p", { class: "loading" }, t("linkChecking")));
  const link = await checkLink(tableId, seatText, token);
  if (link.problem) {
    joinProblem(link.watch ? tableId : null, link.problem);
    return;
  }
  const kept = loadSeat(tableId);
  if (!link.free) {
    // Reopened: the seat was taken with this link; back to it, name and all.
    saveSeat(tableId, { seat: link.seat, token, name: kept && kept.token === token ? kept.name : "" });
    location.replace(`#/table/${tableId}`);
    return;
  }
  const nameInput = el("input", { id: "join-name", type: "text", maxlength: "40", value: localStorage.getItem("parlour.name") || "" });
  const form = el(
    "form",
    { class: "join" },
    el("h1", {}, t("joinTitle")),
    el("p", {}, t("seat", { n: link.seat + 1 })),
    el("div", { class: "field" }, el("label", { for: "join-name" }, t("yourName")), nameInput),
    el("button", { type: "submit", class: "button primary" }, t("sitDown")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = nameInput.value.trim();
    if (name) localStorage.setItem("parlour.name", name);
    saveSeat(tableId, { seat: link.seat, token, name });
    location.replace(`#/table/${tableId}`);
  });
  main.replaceChildren(form);
  nameInput.focus();
}

// ----- router ----------------------------------------------------------------------------------------
async function route() {
  closeRules();
  if (current) {
    current.stop();
    current = null;
  }
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  try {
    if (parts[0] === "table" && parts[1]) {
      await loadGames();
      current = new TablePage(main, parts[1], titles());
      current.start();
    } else if (parts[0] === "replay" && parts[1]) {
      await loadGames();
      current = new ReplayPage(main, parts[1], parts[2], titles());
      await current.start();
    } else if (parts[0] === "review" && parts[1]) {
      await loadGames();
      current = new ReviewPage(main, parts[1], parts[2], titles());
      await current.start();
    } else if (parts[0] === "rules" && parts[1]) {
      await rules(parts[1]);
    } else if (parts[0] === "new" && parts[1]) {
      await newTable(parts[1]);
    } else if (parts[0] === "learn" && parts[1]) {
      await learn(parts[1]);
    } else if (parts[0] === "join") {
      await join(parts[1], parts[2], parts[3]);
    } else if (parts[0] === "account") {
      await accountPage(main);
    } else if (parts[0] === "players" && parts[1]) {
      await loadGames();
      await playerPage(main, parts[1], titles());
    } else if (parts[0] === "daily" && parts[1] && parts[2]) {
      await loadGames();
      await dailyResultsPage(main, parts[1], parts[2], titles());
    } else if (parts[0] === "daily") {
      await loadGames();
      await dailyPage(main, titles());
    } else if (parts[0] === "daily-rankings") {
      await dailyRankingsPage(main, parts[1] || "day");
    } else if (parts[0] === "ratings" && parts[1]) {
      await loadGames();
      await ratingsPage(main, parts[1], titles());
    } else {
      await lobby();
    }
  } catch (error) {
    main.replaceChildren(el("p", { class: "form-error" }, error.message), el("a", { href: "#/" }, t("back")));
  }
  window.scrollTo(0, 0);
}

function drawSettings() {
  const lang = document.getElementById("language-button");
  lang.textContent = t("language");
  lang.onclick = () => {
    setLanguage(language() === "fr" ? "en" : "fr");
    drawSettings();
    route();
  };
  const colours = document.getElementById("palette-button");
  colours.textContent = palette() === "four" ? t("palette2") : t("palette4");
  colours.setAttribute("aria-pressed", palette() === "four" ? "true" : "false");
  colours.onclick = () => {
    setPalette(palette() === "four" ? "two" : "four");
    drawSettings();
  };
  // The other settings: a sound on your turn, one click for a card with one move.
  const button = document.getElementById("settings-button");
  const panel = document.getElementById("settings-panel");
  button.replaceChildren("⚙ ", el("span", { class: "settings-word" }, t("settings")));
  button.setAttribute("aria-label", t("settings"));
  button.title = t("settings");
  button.onclick = () => {
    panel.hidden = !panel.hidden;
    button.setAttribute("aria-expanded", panel.hidden ? "false" : "true");
  };
  // A link in the panel (the account's, on a phone) leads away: the panel closes.
  panel.onclick = (event) => {
    if (event.target instanceof Element && event.target.closest("a")) {
      panel.hidden = true;
      button.setAttribute("aria-expanded", "false");
    }
  };
  panel.onkeydown = (event) => {
    if (event.key === "Escape") {
      panel.hidden = true;
      button.setAttribute("aria-expanded", "false");
      button.focus();
    }
  };
  for (const [id, name, words] of [
    ["setting-sound", "sound", "settingSound"],
    ["setting-play-at-once", "playAtOnce", "settingPlayAtOnce"],
  ]) {
    const box = document.getElementById(id);
    box.checked = setting(name);
    box.onchange = () => setSetting(name, box.checked);
    document.getElementById(`${id}-label`).textContent = t(words);
  }
  if (!current) document.title = t("titleBase");
  drawAccountArea();
}

setLanguage(language());
setPalette(palette());
drawSettings();
window.addEventListener("hashchange", route);
route();
