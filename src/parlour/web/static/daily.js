// Today's deals (docs/daily.md): #/daily lists the day's sets (play or resume
// your one attempt, your score and the par once you have played, how many have
// played); #/daily/GAME/DAY a day's results (only your own until the day
// closes, then the ranking with every player's result per deal, the replays and
// reviews, and the best result on each deal); #/daily-rankings/PERIOD the
// rankings of a day, a week or a month. Every name is put in as text.
import { el } from "./cards.js";
import { addWords, formatNumber, language, t } from "./i18n.js";
import { replayLink } from "./replay.js";
import { reviewLink } from "./review.js";

addWords({
  en: {
    dailyLink: "Today's deals",
    dailyTitle: "Today's deals · {day}",
    dailyWhy: "Every day the same cards for everyone, each alone against the bots, always in the first seat. Your result on each deal is ranked against everyone who played it when the day closes.",
    dailyCloses: "The day closes on {date} at {time}.",
    dailySignIn: "Sign in to play today's deals: your one attempt at each set is kept with your account.",
    dailyAccount: "Account",
    dailyLength_deal: "{n} deals against the {level} bots",
    dailyLength_deal_one: "One deal against the {level} bots",
    dailyLength_round: "{n} rounds against the {level} bots",
    dailyLength_round_one: "One round (six short deals) against the {level} bots",
    dailyPlayed: "{n} finished · {m} started",
    dailyPlay: "Play",
    dailyResume: "Resume",
    dailyYourScore: "Your score: {total} ({deals})",
    dailyPar: "Par: {total} ({deals})",
    dailyParWaiting: "The par is being worked out.",
    dailyHidden: "Everyone's results are shown when the day closes.",
    dailyResults: "Results",
    dailyYesterday: "Yesterday's results",
    dailyRankings: "Rankings",
    dailyOnce: "One attempt: no undo, no hints, no new start.",
    dailyYesterdayPlace: "Yesterday: {place} of {of}, {percent} %",
    dailyResultsTitle: "{game} · {day}",
    dailyNotClosed: "This day is not over: the results are shown from {date} at {time}.",
    dailyNobody: "Nobody played this set.",
    dailyPlace: "#",
    dailyName: "Player",
    dailyScore: "Score",
    dailyDeal: "Deal {n}",
    dailyUnfinished: "unfinished",
    dailyReplay: "Replay",
    dailyReview: "Review",
    dailyBest: "The best result on each deal",
    dailyBestLine: "Deal {n}: {name}, {score}",
    dailyParLine: "The par (the bots' mean on these cards ± its spread): {deals}",
    dailyRankingTitle: "Rankings · {period}",
    dailyPeriod_day: "the day",
    dailyPeriod_week: "the week",
    dailyPeriod_month: "the month",
    dailyFromTo: "{from} – {to} (closed days); at least {n} days played to be ranked",
    dailyFromTo_one: "{from} – {to} (closed days); one day played is enough to be ranked",
    dailyAverage: "Average",
    dailyDays: "Days",
    dailyTooFew: "Too few days yet",
    dailyNoRanking: "Nobody is ranked over this period yet.",
  },
  fr: {
    dailyLink: "Les donnes du jour",
    dailyTitle: "Les donnes du jour · {day}",
    dailyWhy: "Chaque jour les mêmes cartes pour tous, chacun seul contre les robots, toujours à la première place. À la clôture du jour, votre résultat sur chaque donne est classé parmi ceux de tous ceux qui l’ont jouée.",
    dailyCloses: "Le jour se clôt le {date} à {time}.",
    dailySignIn: "Connectez-vous pour jouer les donnes du jour : votre unique essai de chaque série est gardé avec votre compte.",
    dailyAccount: "Compte",
    dailyLength_deal: "{n} donnes contre les robots ({level})",
    dailyLength_deal_one: "Une donne contre les robots ({level})",
    dailyLength_round: "{n} manches contre les robots ({level})",
    dailyLength_round_one: "Une manche (six petites donnes) contre les robots ({level})",
    dailyPlayed: "Terminées : {n} · commencées : {m}",
    dailyPlay: "Jouer",
    dailyResume: "Reprendre",
    dailyYourScore: "Votre score : {total} ({deals})",
    dailyPar: "Par : {total} ({deals})",
    dailyParWaiting: "Le par est en cours de calcul.",
    dailyHidden: "Les résultats de tous sont montrés à la clôture du jour.",
    dailyResults: "Résultats",
    dailyYesterday: "Les résultats d’hier",
    dailyRankings: "Classements",
    dailyOnce: "Un seul essai : ni annulation, ni conseil, ni nouveau départ.",
    dailyYesterdayPlace: "Hier : {place}ᵉ sur {of}, {percent} %",
    dailyResultsTitle: "{game} · {day}",
    dailyNotClosed: "Ce jour n’est pas fini : les résultats seront montrés le {date} à {time}.",
    dailyNobody: "Personne n’a joué cette série.",
    dailyPlace: "Rang",
    dailyName: "Joueur",
    dailyScore: "Score",
    dailyDeal: "Donne {n}",
    dailyUnfinished: "inachevé",
    dailyReplay: "Revoir",
    dailyReview: "Analyse",
    dailyBest: "Le meilleur résultat de chaque donne",
    dailyBestLine: "Donne {n} : {name}, {score}",
    dailyParLine: "Le par (la moyenne des robots avec ces cartes ± son écart) : {deals}",
    dailyRankingTitle: "Classements · {period}",
    dailyPeriod_day: "le jour",
    dailyPeriod_week: "la semaine",
    dailyPeriod_month: "le mois",
    dailyFromTo: "Du {from} au {to} (jours clos) ; au moins {n} jours joués pour être classé",
    dailyFromTo_one: "Du {from} au {to} (jours clos) ; un jour joué suffit pour être classé",
    dailyAverage: "Moyenne",
    dailyDays: "Jours",
    dailyTooFew: "Pas encore assez de jours",
    dailyNoRanking: "Personne n’est encore classé sur cette période.",
  },
});

function locale() {
  return language() === "fr" ? "fr-FR" : "en-GB";
}

function number(value) {
  return formatNumber(value);
}

// The moment a day closes, in the reader's clock, as a sentence wants it:
// { date: "30 Nov" / "30 nov.", time: "00:00 UTC" } (no year: a day still open
// closes within a day), the time always with its zone's name, so that "00:00"
// is never read in the wrong zone.
function closing(iso) {
  const when = new Date(iso);
  let date = when.toLocaleDateString(locale(), { day: "numeric", month: "short" });
  if (language() === "fr" && when.getDate() === 1) date = date.replace(/^1(?=\s)/, "1er"); // le 1er déc.
  const time = when.toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" });
  return { date, time };
}

function dayText(day) {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(locale(), { dateStyle: "long", timeZone: "UTC" });
}

async function api(path, options = {}) {
  const response = await fetch(path, { ...options, headers: { "Content-Type": "application/json" } });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function ownLines(mine) {
  const lines = [el("p", { class: "daily-score" }, t("dailyYourScore", { total: number(mine.total), deals: mine.scores.map((score) => number(score)).join(" · ") }))];
  if (mine.finished) {
    if (mine.par) lines.push(el("p", { class: "daily-par" }, t("dailyPar", { total: number(mine.par_total), deals: mine.par.map(([mean, spread]) => `${number(mean)} ± ${number(spread)}`).join(" · ") })));
    else lines.push(el("p", { class: "daily-par waiting" }, t("dailyParWaiting")));
  }
  return lines;
}

// #/daily
export async function dailyPage(main, titles) {
  const data = await api("/api/daily");
  const page = el(
    "div",
    { class: "player-page daily-page", dataset: { day: data.day } },
    el("a", { class: "back", href: "#/" }, `← ${t("back")}`),
    el("h1", {}, t("dailyTitle", { day: dayText(data.day) })),
    el("p", {}, t("dailyWhy")),
    el("p", { class: "daily-closes" }, t("dailyCloses", closing(data.closes_at)), " ", t("dailyOnce")),
  );
  if (!data.signed_in) page.append(el("p", { class: "daily-sign-in" }, t("dailySignIn"), " ", el("a", { class: "button", href: "#/account" }, t("dailyAccount"))));
  for (const set of data.sets) {
    const mine = set.mine;
    const article = el(
      "article",
      { class: "daily-set", dataset: { game: set.game } },
      el("h2", {}, titles[set.game] || set.title),
      el("p", {}, t(`dailyLength_${set.length.kind}${set.length.count === 1 ? "_one" : ""}`, { n: set.length.count, level: t(`level_${set.bots}`) })),
      el("p", { class: "daily-count", dataset: { played: String(set.played), started: String(set.started) } }, t("dailyPlayed", { n: set.played, m: set.started })),
    );
    if (mine) article.append(...ownLines(mine));
    if (set.yesterday) article.append(el("p", { class: "daily-yesterday" }, t("dailyYesterdayPlace", { place: set.yesterday.place, of: set.yesterday.of, percent: number(set.yesterday.percent) })));
    const buttons = el("div", { class: "tile-buttons" });
    if (data.signed_in && (!mine || !mine.finished)) {
      buttons.append(
        el(
          "button",
          {
            type: "button",
            class: "button primary",
            dataset: { key: `daily-play-${set.game}` },
            onclick: async (event) => {
              event.currentTarget.disabled = true;
              try {
                const made = await api(`/api/daily/${encodeURIComponent(set.game)}`, { method: "POST", body: "{}" });
                location.hash = `#/table/${made.table}`;
              } catch (error) {
                article.append(el("p", { class: "form-error" }, String(error.message || error)));
              }
            },
          },
          mine ? t("dailyResume") : t("dailyPlay"),
        ),
      );
    }
    if (mine && mine.finished) article.append(el("p", { class: "daily-hidden" }, t("dailyHidden")));
    buttons.append(
      el("a", { class: "button subtle", href: `#/daily/${set.game}/${data.day}`, dataset: { key: `daily-results-${set.game}` } }, t("dailyResults")),
      el("a", { class: "button subtle", href: `#/daily/${set.game}/${data.previous_day}` }, t("dailyYesterday")),
    );
    article.append(buttons);
    page.append(article);
  }
  page.append(el("p", { class: "daily-ranking-links" }, ...["day", "week", "month"].map((period) => el("a", { class: "button subtle", href: `#/daily-rankings/${period}` }, `${t("dailyRankings")} · ${t(`dailyPeriod_${period}`)}`))));
  main.replaceChildren(page);
}

// #/daily/GAME/DAY
export async function dailyResultsPage(main, game, day, titles) {
  const data = await api(`/api/daily/${encodeURIComponent(game)}/${encodeURIComponent(day)}`);
  const page = el(
    "div",
    { class: "player-page daily-results", dataset: { game, day, closed: String(data.closed) } },
    el("a", { class: "back", href: "#/daily" }, `← ${t("dailyLink")}`),
    el("h1", {}, t("dailyResultsTitle", { game: titles[game] || game, day: dayText(day) })),
    el("p", { class: "daily-count" }, t("dailyPlayed", { n: data.played, m: data.started })),
  );
  if (data.mine) page.append(...ownLines(data.mine));
  if (!data.closed) {
    page.append(el("p", { class: "daily-not-closed" }, t("dailyNotClosed", closing(data.closes_at))));
    main.replaceChildren(page);
    return;
  }
  if (!data.ranking.length) {
    page.append(el("p", { class: "empty" }, t("dailyNobody")));
    main.replaceChildren(page);
    return;
  }
  const deals = Array.from({ length: data.deals }, (_, index) => index + 1);
  page.append(
    el(
      "table",
      { class: "daily-ranking" },
      el("thead", {}, el("tr", {}, [t("dailyPlace"), t("dailyName"), t("dailyScore"), ...deals.map((n) => t("dailyDeal", { n })), "", ""].map((word) => el("th", {}, word)))),
      el(
        "tbody",
        {},
        data.ranking.map((line) =>
          el(
            "tr",
            { class: line.mine ? "mine" : "", dataset: { table: line.table, name: line.name } },
            el("td", {}, String(line.place)),
            el("td", {}, el("a", { href: `#/players/${encodeURIComponent(line.name)}` }, line.name)),
            el("td", { class: "daily-percent" }, `${number(line.percent)} %`, line.finished ? "" : ` (${t("dailyUnfinished")})`),
            ...line.deals.map((deal) => el("td", {}, `${number(deal.score)} · ${number(deal.matchpoints)} %`)),
            el("td", {}, el("a", { class: "button daily-replay", href: replayLink(line.table, 0) }, t("dailyReplay"))),
            el("td", {}, el("a", { class: "button subtle daily-review", href: reviewLink(line.table, 0) }, t("dailyReview"))),
          ),
        ),
      ),
    ),
  );
  if (data.par) page.append(el("p", { class: "daily-par" }, t("dailyParLine", { deals: data.par.map(([mean, spread]) => `${number(mean)} ± ${number(spread)}`).join(" · ") })));
  page.append(
    el("h2", {}, t("dailyBest")),
    el("ul", { class: "table-list daily-best" }, data.best.map((best) => el("li", {}, t("dailyBestLine", { n: best.deal, name: best.name, score: number(best.score) }), " ", el("a", { class: "button subtle", href: replayLink(best.table, 0) }, t("dailyReplay"))))),
  );
  main.replaceChildren(page);
}

// #/daily-rankings/PERIOD
export async function dailyRankingsPage(main, period) {
  const data = await api(`/api/daily/rankings?period=${encodeURIComponent(period)}`);
  const page = el(
    "div",
    { class: "player-page daily-rankings", dataset: { period } },
    el("a", { class: "back", href: "#/daily" }, `← ${t("dailyLink")}`),
    el("h1", {}, t("dailyRankingTitle", { period: t(`dailyPeriod_${data.period}`) })),
    el("p", {}, t(data.minimum_days === 1 ? "dailyFromTo_one" : "dailyFromTo", { from: dayText(data.from), to: dayText(data.to), n: data.minimum_days })),
  );
  const rows = (lines, ranked) =>
    el("tbody", {}, lines.map((line) => el("tr", { dataset: { name: line.name } }, el("td", {}, ranked ? String(line.place) : "–"), el("td", {}, line.name), el("td", {}, `${number(line.average)} %`), el("td", {}, String(line.days)))));
  const head = () => el("thead", {}, el("tr", {}, [t("dailyPlace"), t("dailyName"), t("dailyAverage"), t("dailyDays")].map((word) => el("th", {}, word))));
  if (data.players.length) page.append(el("table", { class: "leaderboard daily-leaderboard" }, head(), rows(data.players, true)));
  else page.append(el("p", { class: "empty" }, t("dailyNoRanking")));
  if (data.too_few_days.length) page.append(el("h2", {}, t("dailyTooFew")), el("table", { class: "leaderboard daily-too-few" }, head(), rows(data.too_few_days, false)));
  main.replaceChildren(page);
}
