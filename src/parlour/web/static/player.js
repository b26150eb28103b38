// A player's page (#/players/NAME): games played and won per game, the rating
// in each and its history as a small chart (inline SVG, drawn here), the recent
// games with their replay and review. And a game's leaderboard (#/ratings/GAME),
// with the bots' fixed ratings. Every name is put in as text.
import { el } from "./cards.js";
import { OFFERED_LEVELS, addWords, formatNumber, language, t } from "./i18n.js";
import { replayLink } from "./replay.js";
import { reviewLink } from "./review.js";

addWords({
  en: {
    playerTitle: "{name}",
    playerSince: "Playing since {date}",
    playerGames: "Games",
    playerGame: "Game",
    playerPlayed: "Played",
    playerWon: "Won",
    playerRating: "Rating",
    playerHistory: "Rating over the games",
    playerRecent: "Recent games",
    playerNoGames: "No finished game yet.",
    playerPlace: "place {n}",
    playerWonGame: "won",
    playerRated: "rated",
    playerUnrated: "unrated",
    playerReplay: "Replay",
    playerReview: "Review",
    ratingsTitle: "{game}: ratings",
    ratingsNobody: "Nobody is rated in this game yet.",
    ratingsBots: "The bots' fixed ratings",
    ratingsWhy: "A rating is OpenSkill's cautious estimate (its mean less three uncertainties): it climbs as your games make it surer.",
    ratingsLink: "Ratings",
    ratingsGames: "Games",
    ratingsBot: "Bot · {level}",
    playerUnknown: "There is no player called “{name}”.",
  },
  fr: {
    playerTitle: "{name}",
    playerSince: "Joue depuis le {date}",
    playerGames: "Jeux",
    playerGame: "Jeu",
    playerPlayed: "Parties",
    playerWon: "Gagnées",
    playerRating: "Classement",
    playerHistory: "Le classement au fil des parties",
    playerRecent: "Parties récentes",
    playerNoGames: "Aucune partie terminée pour l’instant.",
    playerPlace: "{n}ᵉ place",
    playerWonGame: "gagnée",
    playerRated: "classée",
    playerUnrated: "amicale",
    playerReplay: "Revoir",
    playerReview: "Analyse",
    ratingsTitle: "{game} : classement",
    ratingsNobody: "Personne n’est encore classé à ce jeu.",
    ratingsBots: "Les classements fixes des robots",
    ratingsWhy: "Le classement est l’estimation prudente d’OpenSkill (sa moyenne moins trois incertitudes) : il monte à mesure que vos parties la rendent plus sûre.",
    ratingsLink: "Classement",
    ratingsGames: "Parties",
    ratingsBot: "Robot · {level}",
    playerUnknown: "Il n’y a pas de joueur appelé « {name} ».",
  },
});

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return node;
}

function day(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(language() === "fr" ? "fr-FR" : "en-GB");
}

function number(value) {
  return formatNumber(value, { exact: true });
}

// One game's rating after each rated game: a line with a dot per game, the
// first and last values written at its ends.
export function ratingChart(points, label) {
  const width = 320;
  const height = 120;
  const pad = 24;
  const values = points.map((point) => point.rating);
  const low = Math.min(...values, 0);
  const high = Math.max(...values, low + 1);
  const x = (index) => pad + (points.length === 1 ? (width - 2 * pad) / 2 : (index * (width - 2 * pad)) / (points.length - 1));
  const y = (value) => height - pad - ((value - low) * (height - 2 * pad)) / (high - low);
  const chart = svg(
    "svg",
    { class: "rating-chart", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": label },
    svg("title", {}, label),
    svg("line", { x1: pad, y1: y(0), x2: width - pad, y2: y(0), stroke: "#b7ab90", "stroke-dasharray": "3 3" }),
    svg("polyline", { points: points.map((point, index) => `${x(index).toFixed(1)},${y(point.rating).toFixed(1)}`).join(" ") }),
  );
  points.forEach((point, index) => chart.append(svg("circle", { cx: x(index).toFixed(1), cy: y(point.rating).toFixed(1), r: 3, "data-rating": point.rating })));
  chart.append(svg("text", { x: 2, y: y(values[0]) + 4 }, number(values[0])));
  chart.append(svg("text", { x: width - pad + 2, y: y(values[values.length - 1]) + 4 }, number(values[values.length - 1])));
  return chart;
}

export async function playerPage(main, name, titles) {
  const response = await fetch(`/api/players/${encodeURIComponent(name)}`);
  const data = await response.json().catch(() => ({}));
  // The server's refusal is a lower-case English clause; the page says its own sentence.
  if (response.status === 404) throw new Error(t("playerUnknown", { name }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  const title = (game) => titles[game] || game;
  const page = el("div", { class: "player-page", dataset: { player: data.name } }, el("a", { class: "back", href: "#/" }, `← ${t("back")}`), el("h1", { class: "player-name" }, data.name), el("p", {}, t("playerSince", { date: day(data.since) })));
  if (!data.games.length) page.append(el("p", { class: "empty" }, t("playerNoGames")));
  else {
    page.append(
      el("h2", {}, t("playerGames")),
      el(
        "table",
        { class: "player-games" },
        el("thead", {}, el("tr", {}, [t("playerGame"), t("playerPlayed"), t("playerWon"), t("playerRating")].map((word) => el("th", {}, word)))),
        el(
          "tbody",
          {},
          data.games.map((entry) =>
            el("tr", { dataset: { game: entry.game } }, el("td", {}, el("a", { href: `#/ratings/${entry.game}` }, title(entry.game))), el("td", {}, String(entry.played)), el("td", {}, String(entry.won)), el("td", { class: "rating" }, number(entry.rating))),
          ),
        ),
      ),
    );
  }
  const games = [...new Set(data.history.map((point) => point.game))];
  if (games.length) page.append(el("h2", {}, t("playerHistory")));
  for (const game of games) {
    const points = data.history.filter((point) => point.game === game);
    page.append(el("figure", { dataset: { game } }, el("figcaption", {}, title(game)), ratingChart(points, `${title(game)}: ${points.map((point) => number(point.rating)).join(", ")}`)));
  }
  if (data.recent.length) {
    page.append(
      el("h2", {}, t("playerRecent")),
      el(
        "ul",
        { class: "table-list player-recent" },
        data.recent.map((entry) =>
          el(
            "li",
            { dataset: { table: entry.table } },
            el("strong", {}, title(entry.game)),
            el("span", {}, day(entry.at)),
            el("span", {}, entry.won ? t("playerWonGame") : t("playerPlace", { n: entry.place })),
            el("span", {}, entry.rated ? t("playerRated") : t("playerUnrated")),
            el("a", { class: "button", href: replayLink(entry.table, entry.seat) }, t("playerReplay")),
            el("a", { class: "button subtle", href: reviewLink(entry.table, entry.seat) }, t("playerReview")),
          ),
        ),
      ),
    );
  }
  main.replaceChildren(page);
}

export async function ratingsPage(main, game, titles) {
  const response = await fetch(`/api/ratings/${encodeURIComponent(game)}`);
  const data = await response.json().catch(() => ({}));
  if (response.status === 404) throw new Error(`${t("unknownGame", { name: game })} ${t("knownGames")} ${Object.values(titles).join(", ")}`);
  if (!response.ok) throw new Error(data.error || response.statusText);
  const page = el("div", { class: "player-page ratings-page" }, el("a", { class: "back", href: "#/" }, `← ${t("back")}`), el("h1", {}, t("ratingsTitle", { game: titles[game] || game })), el("p", {}, t("ratingsWhy")));
  if (!data.players.length) page.append(el("p", { class: "empty" }, t("ratingsNobody")));
  else {
    page.append(
      el(
        "table",
        { class: "leaderboard" },
        el("thead", {}, el("tr", {}, ["#", t("accountName"), t("playerRating"), t("ratingsGames")].map((word) => el("th", {}, word)))),
        el("tbody", {}, data.players.map((entry) => el("tr", {}, el("td", {}, String(entry.place)), el("td", {}, el("a", { href: `#/players/${encodeURIComponent(entry.name)}` }, entry.name)), el("td", {}, number(entry.rating)), el("td", {}, String(entry.games))))),
      ),
    );
  }
  // The levels a new table offers, in its order and under its names.
  const bots = OFFERED_LEVELS.map((level) => data.bots.find((entry) => entry.bot === level)).filter(Boolean);
  page.append(
    el("h2", {}, t("ratingsBots")),
    el("table", { class: "bot-ratings" }, el("tbody", {}, bots.map((entry) => el("tr", { dataset: { bot: entry.bot } }, el("td", {}, t("ratingsBot", { level: t(`level_${entry.bot}`) })), el("td", {}, number(entry.rating)))))),
  );
  main.replaceChildren(page);
}
