// A small Markdown reader for the rules pages shipped with parlour: headings,
// paragraphs, lists, tables, emphasis and code. Text is escaped before any markup.
// A fenced block ```parlour-example NAME``` becomes an empty <figure> naming the
// example (data-example); rules.js fills it with the board the engine built.
import { el } from "./cards.js";
import { typeset } from "./i18n.js";

// A table line's cells: split at the pipes that are not escaped (\|), which
// stay in the cell as plain pipes.
export function tableCells(line) {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.replace(/\\\|/g, "|").trim());
}

function inline(text) {
  const escaped = typeset(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return escaped
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*])\*([^*]+)\*/g, "$1<em>$2</em>")
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, "$1");
}

function html(tag, text, attributes = {}) {
  const node = el(tag, attributes);
  node.innerHTML = inline(text);
  return node;
}

export function renderMarkdown(source) {
  const root = el("div", { class: "markdown" });
  const lines = source.split("\n");
  let index = 0;
  while (index < lines.length) {
    const line = lines[index];
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      root.append(html(`h${Math.min(heading[1].length + 1, 5)}`, heading[2]));
      index++;
    } else if (/^\s*[-*]\s+/.test(line) || /^\s*\d+\.\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const list = el(ordered ? "ol" : "ul");
      while (index < lines.length && (/^\s*([-*]|\d+\.)\s+/.test(lines[index]) || (/^\s{2,}\S/.test(lines[index]) && list.lastChild))) {
        const item = lines[index];
        if (/^\s*([-*]|\d+\.)\s+/.test(item)) list.append(html("li", item.replace(/^\s*([-*]|\d+\.)\s+/, "")));
        else list.lastChild.innerHTML += " " + inline(item.trim());
        index++;
      }
      root.append(list);
    } else if (/^\s*\|/.test(line)) {
      const table = el("table");
      let header = true;
      while (index < lines.length && /^\s*\|/.test(lines[index])) {
        const cells = tableCells(lines[index]);
        if (cells.every((cell) => /^:?-+:?$/.test(cell))) {
          header = false;
        } else {
          table.append(el("tr", {}, cells.map((cell) => html(header ? "th" : "td", cell))));
        }
        index++;
      }
      root.append(table);
    } else if (/^```parlour-example\s+[a-z0-9-]+\s*$/.test(line)) {
      const name = line.replace(/^```parlour-example\s+/, "").trim();
      index++;
      while (index < lines.length && !/^```/.test(lines[index])) index++;
      index++;
      root.append(el("figure", { class: "rules-example", dataset: { example: name } }));
    } else if (/^```/.test(line)) {
      const code = [];
      index++;
      while (index < lines.length && !/^```/.test(lines[index])) code.push(lines[index++]);
      index++;
      root.append(el("pre", {}, code.join("\n")));
    } else if (line.trim() === "") {
      index++;
    } else {
      const paragraph = [];
      while (index < lines.length && lines[index].trim() !== "" && !/^(#|\s*[-*]\s|\s*\d+\.\s|\s*\||```)/.test(lines[index])) {
        paragraph.push(lines[index++]);
      }
      root.append(html("p", paragraph.join(" ")));
    }
  }
  return root;
}
