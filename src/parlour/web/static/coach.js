// The coach of a guided first deal ("Learn to play"): a panel beside the board
// that shows what the server's coach says to the learner after each change. The
// page asks; the server decides (the advice reads the learner's View only).
import { el, prettyMove, prettySentence } from "./cards.js";
import { language, t } from "./i18n.js";

// A coach's line: its sentence with coloured suits, and the moves it names
// ("4D c2") drawn as the move list draws them.
const MOVE_CARD = /(\b(?:10|[2-9AJQK])[SHDC]\b|\bV[12]\b)/;
function coachLine(text) {
  return String(text).split(MOVE_CARD).flatMap((part, index) => (index % 2 ? prettyMove(part) : prettySentence(part)));
}

export class CoachPanel {
  constructor(tableId, token, onAdvice) {
    this.tableId = tableId;
    this.token = token;
    this.onAdvice = onAdvice; // called with {action, move} to light the proposed move
    this.report = null;
    this.asked = -1;
    this.node = el("section", { class: "coach", "aria-live": "polite", "aria-label": t("coachTitle") });
  }

  // Ask the coach once per state version; redraw when it answers.
  async refresh(version) {
    if (version === this.asked) return;
    this.asked = version;
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(this.tableId)}/coach`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token: this.token, lang: language() }),
      });
      if (!response.ok) return;
      if (version !== this.asked) return; // a newer state asked meanwhile
      this.report = await response.json();
    } catch {
      return;
    }
    this.draw();
    if (this.report.advice && this.onAdvice) this.onAdvice(this.report.advice);
  }

  draw() {
    const report = this.report;
    if (!report) return;
    const lines = [...report.welcome, ...report.said.slice(-4)];
    if (report.advice) lines.push(...report.advice.lines);
    lines.push(...report.farewell);
    this.node.replaceChildren(
      el("h2", {}, report.title),
      ...lines.map((line) => el("p", { class: "coach-line" }, ...coachLine(line))),
    );
  }

  element() {
    return this.node;
  }
}
