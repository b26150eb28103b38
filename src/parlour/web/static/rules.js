// The Rules panel: the game's how-to page (in the language chosen) over the
// page that opened it, the table or the lobby, which stays where it is. Each
// ```parlour-example``` block of the page is drawn by the game's own board from
// the position the engine built (/api/games/<game>/examples/<name>), with the
// engine's sentences under it: no score on the page is typed by hand.
import { loadBoard } from "./boards.js";
import { el } from "./cards.js";
import { language, t } from "./i18n.js";
import { renderMarkdown } from "./markdown.js";

let open = null;

async function json(path) {
  const response = await fetch(path);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// One example: the board drawn from the example seat's observation (nothing to
// click: no targets), then what the engine said about the moves shown.
async function drawExample(game, figure) {
  const name = figure.dataset.example;
  try {
    const data = await json(`/api/games/${encodeURIComponent(game)}/examples/${encodeURIComponent(name)}?lang=${language()}`);
    const drawing = await loadBoard(game);
    const board = drawing ? drawing.board(data.view, { view: data.view, names: data.names, mySeat: data.seat, selected: null, targets: new Map(), steps: new Map(), play: () => {} }) : null;
    if (board) board.classList.add("board", "example-board");
    figure.replaceChildren(
      el("div", { class: `example-felt game-${game}` }, board),
      el("figcaption", {}, el("ul", { class: "example-sentences" }, data.sentences.map((sentence) => el("li", {}, ...sentence.split("\n").flatMap((line, index) => (index ? [el("br"), line.trim()] : [line])))))),
    );
  } catch (error) {
    figure.replaceChildren(el("p", { class: "form-error" }, error.message));
  }
}

export function closeRules() {
  if (!open) return;
  const { panel, opener } = open;
  open = null;
  panel.remove();
  document.removeEventListener("keydown", onKey, true);
  if (opener && opener.isConnected) opener.focus();
}

function onKey(event) {
  if (event.key === "Escape" && open) {
    event.stopPropagation();
    closeRules();
  }
}

// Open the Rules of `game` over the page; `opener` gets the focus back on closing.
export async function openRules(game, title, opener = null) {
  closeRules();
  const close = el("button", { type: "button", class: "button close-rules", onclick: closeRules, "aria-label": t("closeRules") }, `✕ ${t("closeRules")}`);
  const body = el("div", { class: "rules-body" }, el("p", { class: "loading" }, "…"));
  const panel = el(
    "div",
    { class: "rules-backdrop", onclick: (event) => { if (event.target === panel) closeRules(); } },
    el(
      "section",
      { class: "rules-panel", role: "dialog", "aria-modal": "true", "aria-label": `${t("rules")} · ${title}`, dataset: { game } },
      el("header", { class: "rules-head" }, el("h1", {}, `${t("rules")} · ${title}`), close),
      body,
    ),
  );
  open = { panel, opener };
  document.body.append(panel);
  document.addEventListener("keydown", onKey, true);
  close.focus();
  try {
    const data = await json(`/api/games/${encodeURIComponent(game)}/rules?lang=${language()}`);
    const page = renderMarkdown(data.text);
    const heading = page.querySelector("h2");
    if (heading) heading.remove(); // the panel's own title names the game
    body.replaceChildren(page);
    await Promise.all([...page.querySelectorAll("figure.rules-example")].map((figure) => drawExample(game, figure)));
  } catch (error) {
    body.replaceChildren(el("p", { class: "form-error" }, error.message));
  }
}

export function rulesOpen() {
  return open !== null;
}
