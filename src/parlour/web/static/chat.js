// The table's chat: {"type": "chat", "text"} or {"type": "chat", "reaction"}
// over the table's WebSocket. While the game is on, the players and the
// spectators each have their own channel (the server sends each only its own);
// once it is over, one channel for all. Names and messages are put in with
// text nodes only (el() never parses HTML). A person muted here (by name, kept
// in this browser) is not shown; one's own messages have no "mute".
import { currentAccount } from "./account.js";
import { el } from "./cards.js";
import { addWords, language, t } from "./i18n.js";

addWords({
  en: {
    chatTitle: "Chat",
    chatPlayers: "Players' chat: spectators do not read it",
    chatSpectators: "Spectators' chat: the players do not read it",
    chatAll: "Chat: everyone at the table",
    chatPlaceholder: "Write a message",
    chatSend: "Send",
    chatEmpty: "No message yet.",
    chatMute: "Mute {name}",
    chatMuteShort: "mute",
    chatUnmute: "Unmute {name}",
    chatMuted: "{n} messages hidden",
    chatMutedOne: "1 message hidden",
    chatSpectatorName: "a spectator",
    chatSays: ": ",
    chatReactions: "Quick reactions",
    chatLeft: "{n} characters left",
    chatLeftOne: "1 character left",
    chatFull: "That is the most a message may hold: {most} characters.",
    chatCut: "Only the first {most} characters were kept: a message holds at most {most}.",
    chatWriteFirst: "Write a few words first, then send them.",
  },
  fr: {
    chatTitle: "Discussion",
    chatPlayers: "Discussion des joueurs : les spectateurs ne la lisent pas",
    chatSpectators: "Discussion des spectateurs : les joueurs ne la lisent pas",
    chatAll: "Discussion : toute la table",
    chatPlaceholder: "Écrire un message",
    chatSend: "Envoyer",
    chatEmpty: "Aucun message pour l’instant.",
    chatMute: "Masquer {name}",
    chatMuteShort: "masquer",
    chatUnmute: "Afficher {name}",
    chatMuted: "{n} messages masqués",
    chatMutedOne: "1 message masqué",
    chatSpectatorName: "un spectateur",
    chatSays: "\u00a0: ",
    chatReactions: "Réactions rapides",
    chatLeft: "Encore {n} caractères",
    chatLeftOne: "Encore 1 caractère",
    chatFull: "C’est le plus long message possible : {most} caractères.",
    chatCut: "Seuls les {most} premiers caractères ont été gardés : un message en compte {most} au plus.",
    chatWriteFirst: "Écrivez d’abord quelques mots, puis envoyez-les.",
  },
});

// The quick reactions, as the server knows them (it sends both languages back).
const REACTIONS = {
  well_played: { en: "Well played", fr: "Bien joué" },
  thanks: { en: "Thanks", fr: "Merci" },
  oops: { en: "Oops", fr: "Oups" },
  good_game: { en: "Good game", fr: "Bonne partie" },
};
const MAX_CHARACTERS = 300;
const KEPT = 200;
// Characters left from which the count shows under the input.
const COUNT_FROM = 50;

function mutedNames() {
  try {
    return new Set(JSON.parse(localStorage.getItem("parlour.muted") || "[]"));
  } catch {
    return new Set();
  }
}

function saveMuted(names) {
  localStorage.setItem("parlour.muted", JSON.stringify([...names]));
}

export class ChatPanel {
  constructor(send) {
    this.send = send;
    this.messages = [];
    this.channel = null;
    this.seat = null; // this page's seat, if it has one
    this.accountName = null; // the account signed in, if any
    this.list = el("ol", { class: "chat-lines", role: "log", "aria-live": "polite", "aria-label": t("chatTitle") });
    this.note = el("p", { class: "chat-channel" });
    this.input = el("input", { type: "text", class: "chat-input", maxlength: String(MAX_CHARACTERS), placeholder: t("chatPlaceholder"), "aria-label": t("chatPlaceholder") });
    // What the input has to say: characters left near the limit, text cut on
    // pasting, or a message with nothing in it.
    this.help = el("p", { class: "chat-help", id: "chat-help", role: "status", "aria-live": "polite", hidden: true });
    this.input.setAttribute("aria-describedby", "chat-help");
    const form = el("form", { class: "chat-form" }, this.input, el("button", { type: "submit", class: "tool chat-send" }, t("chatSend")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) {
        this.say(t("chatWriteFirst"));
        this.input.focus();
        return;
      }
      this.send({ type: "chat", text });
      this.input.value = "";
      this.say("");
    });
    this.input.addEventListener("input", () => this.count());
    // The input's maxlength cuts a long paste without a word: say so.
    this.input.addEventListener("paste", (event) => {
      const pasted = (event.clipboardData && event.clipboardData.getData("text")) || "";
      const kept = this.input.value.length - (this.input.selectionEnd - this.input.selectionStart);
      if (kept + pasted.length > MAX_CHARACTERS) this.cut = true;
    });
    currentAccount()
      .then((name) => {
        this.accountName = name;
        if (this.messages.length) this.draw();
      })
      .catch(() => {});
    const reactions = el(
      "div",
      { class: "chat-reactions", role: "group", "aria-label": t("chatReactions") },
      Object.entries(REACTIONS).map(([key, words]) =>
        el("button", { type: "button", class: "tool", dataset: { reaction: key }, onclick: () => this.send({ type: "chat", reaction: key }) }, words[language()] || words.en),
      ),
    );
    this.section = el("section", { class: "panel chat" }, el("h2", {}, t("chatTitle")), this.note, this.list, reactions, form, this.help);
  }

  // A sentence under the input ("" clears it).
  say(text) {
    this.help.textContent = text;
    this.help.hidden = !text;
  }

  // After each change of the input: the characters left once few are, or why
  // a paste was cut.
  count() {
    const left = MAX_CHARACTERS - this.input.value.length;
    if (this.cut) {
      this.cut = false;
      this.say(t("chatCut", { most: MAX_CHARACTERS }));
    } else if (left <= 0) this.say(t("chatFull", { most: MAX_CHARACTERS }));
    else if (left <= COUNT_FROM) this.say(left === 1 ? t("chatLeftOne") : t("chatLeft", { n: left }));
    else this.say("");
    this.help.classList.toggle("at-limit", left <= 0);
  }

  // Who this page is (its seat, if any; a spectator by its account's name):
  // its own messages get no "mute".
  setSeat(seat) {
    if (seat === this.seat) return;
    this.seat = seat;
    if (this.messages.length) this.draw();
  }

  isMine(line) {
    if (line.seat !== null && line.seat !== undefined) return line.seat === this.seat;
    return Boolean(this.accountName) && line.name === this.accountName;
  }

  element() {
    return this.section;
  }

  // The channel this page writes in: players, spectators, or all once the game is over.
  setChannel(channel) {
    if (channel === this.channel) return;
    this.channel = channel;
    this.note.textContent = t(channel === "players" ? "chatPlayers" : channel === "spectators" ? "chatSpectators" : "chatAll");
    this.section.dataset.channel = channel;
  }

  history(message) {
    const known = new Set(this.messages.map((line) => line.id));
    this.messages = [...this.messages, ...message.messages.filter((line) => !known.has(line.id))].sort((a, b) => a.at - b.at);
    this.draw();
  }

  add(message) {
    if (this.messages.some((line) => line.id === message.id)) return;
    this.messages.push(message);
    if (this.messages.length > KEPT) this.messages.splice(0, this.messages.length - KEPT);
    this.draw();
  }

  toggleMute(name) {
    const muted = mutedNames();
    if (muted.has(name)) muted.delete(name);
    else muted.add(name);
    saveMuted(muted);
    this.draw();
  }

  draw() {
    const atBottom = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 8;
    const muted = mutedNames();
    const shown = this.messages.filter((line) => !muted.has(line.name));
    const hidden = this.messages.length - shown.length;
    const lines = shown.map((line) => {
      const name = line.name || t("chatSpectatorName");
      const words = line.reaction && line.words ? line.words[language()] || line.words.en : line.text;
      const mute = line.name && !this.isMine(line) ? el("button", { type: "button", class: "chat-mute", title: t("chatMute", { name }), "aria-label": t("chatMute", { name }), onclick: () => this.toggleMute(line.name) }, t("chatMuteShort")) : null;
      return el(
        "li",
        { class: `chat-line channel-${line.channel}${line.reaction ? " reaction" : ""}`, dataset: { id: line.id } },
        el("strong", { class: "chat-name" }, name),
        t("chatSays"),
        el("span", { class: "chat-text" }, words),
        " ",
        mute,
      );
    });
    if (!lines.length) lines.push(el("li", { class: "empty" }, t("chatEmpty")));
    if (hidden) {
      const names = [...muted].filter((name) => this.messages.some((line) => line.name === name));
      lines.push(
        el(
          "li",
          { class: "chat-muted" },
          hidden === 1 ? t("chatMutedOne") : t("chatMuted", { n: hidden }),
          " ",
          names.map((name) => el("button", { type: "button", class: "tool", onclick: () => this.toggleMute(name) }, t("chatUnmute", { name }))),
        ),
      );
    }
    this.list.replaceChildren(...lines);
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
  }
}
