// The one score sheet of every game, drawn from the sheet the server sends
// (parlour.core.sheet.ScoreSheet): a column per seat or side, a line per deal
// (round, coffin), the stake a game starts with, each end bonus, the totals,
// and the result once the game is over. The table page and the replay draw it.
import { el } from "./cards.js";
import { t } from "./i18n.js";

export function drawSheet(sheet, names) {
  const heading = el("h2", {}, sheet && sheet.unit !== "points" ? `${t("scores")} (${t(sheet.unit)})` : t("scores"));
  if (!sheet) return el("section", { class: "panel scores" }, heading);
  const games = new Set(sheet.lines.map((line) => line.game)).size > 1;
  const number = (line) => (games ? `${line.game}.${line.deal}` : String(line.deal));
  const cells = (label, scores, tag = "td") => el("tr", {}, el(tag, {}, label), ...scores.map((score) => el(tag, {}, String(score))));
  // A side's column ("Robot 2 & Robot 4") may break between the names, never
  // inside one (a lone "4" under "Robot 2 & Robot").
  const whole = (name) => String(name ?? "").replace(/ /g, "\u00a0");
  const head = [t(sheet.line_kind), ...sheet.columns.map((seats) => (seats.length > 1 ? seats.map((seat) => whole(names[seat])).join(" & ") : names[seats[0]]))];
  const table = el("table", { class: "sheet" });
  table.append(el("thead", {}, el("tr", {}, head.map((cell) => el("th", {}, cell)))));
  const rows = [];
  if (sheet.start.some((value) => value !== 0)) rows.push(cells(t("sheetStart"), sheet.start));
  for (const line of sheet.lines) {
    rows.push(cells(number(line), line.scores));
    for (const bonus of sheet.bonuses) {
      const last = sheet.lines.filter((other) => other.game === bonus.game).pop();
      if (last === line) rows.push(cells(games ? `${t("endBonus")} ${bonus.game}` : t("endBonus"), bonus.scores));
    }
  }
  // Nothing scored yet: said, rather than a sheet of headers alone.
  if (!rows.length) rows.push(el("tr", { class: "sheet-none" }, el("td", { colspan: head.length }, t(`sheetNone_${sheet.line_kind}`))));
  table.append(el("tbody", {}, rows));
  const foot = [cells(sheet.result && !sheet.result_note ? t("finalResult") : t("total"), sheet.totals, "th")];
  if (sheet.result && sheet.result_note) foot.push(cells(t("finalResult"), sheet.result, "th"));
  if (sheet.lines.length || sheet.start.some((value) => value !== 0)) table.append(el("tfoot", {}, foot));
  return el("section", { class: "panel scores" }, heading, table);
}
