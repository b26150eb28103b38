// Accounts without e-mail (docs/accounts.md): the top bar's "Sign in" or the
// signed-in name, and the account page (#/account): make an account (its
// recovery code shown once), sign in, recover with the code, and once signed
// in: rename, change the password, sign out, delete the account. The session
// is an HttpOnly cookie: this page never sees it, it only asks who is signed in.
import { el } from "./cards.js";
import { addWords, language, t } from "./i18n.js";

addWords({
  en: {
    signIn: "Sign in",
    signOut: "Sign out",
    account: "Account",
    accountTitle: "Your account",
    accountWhy: "An account keeps your name, your seats in every browser, your games and your ratings. No e-mail is asked: keep your recovery code.",
    newAccount: "Make an account",
    accountName: "Name",
    password: "Password",
    passwordHelp: "At least 8 characters.",
    newPassword: "New password",
    currentPassword: "Current password",
    recoveryCode: "Recovery code",
    recoveryShown: "Your recovery code, shown only this once: write it down. It is the only way back into the account if you forget the password.",
    recoveryDone: "I have written it down",
    recover: "Recover the account",
    recoverWhy: "Forgot the password? The recovery code sets a new one (and you get a new code).",
    signedInAs: "Signed in as {name}",
    yourPage: "Your page",
    rename: "Change the name",
    changePassword: "Change the password",
    passwordChanged: "The password is changed; your other browsers are signed out.",
    deleteAccount: "Delete the account",
    deleteWhy: "Your games stay, under “a former player”; your ratings and your page go.",
    deleteConfirm: "Delete the account {name} for good?",
    yourTables: "Your tables",
    playNow: "Play now",
    guestNote: "You play as a guest: your seats are kept in this browser only.",
    visibilityLabel: "Who may join",
    visibilityAuto: "As usual",
    visibilityAutoHelp: "As usual: by link only for one person with bots, listed in the lobby otherwise.",
    visibilityOpen: "Open: listed in the lobby",
    visibilityPrivate: "Private: by link only",
    ratedLabel: "Rated game",
    ratedGuests: "Only the seats of signed-in players are rated: sign in (Account) to have a rating.",
    fieldNeeded: "{field}: fill this in.",
    refusedPasswordLength: "A password has 8 to 200 characters.",
  },
  fr: {
    signIn: "Se connecter",
    signOut: "Se déconnecter",
    account: "Compte",
    accountTitle: "Votre compte",
    accountWhy: "Un compte garde votre nom, vos places dans tous vos navigateurs, vos parties et vos classements. Aucun courriel n’est demandé : gardez votre code de secours.",
    newAccount: "Créer un compte",
    accountName: "Nom",
    password: "Mot de passe",
    passwordHelp: "Au moins 8 caractères.",
    newPassword: "Nouveau mot de passe",
    currentPassword: "Mot de passe actuel",
    recoveryCode: "Code de secours",
    recoveryShown: "Votre code de secours, montré cette seule fois : notez-le. C’est le seul moyen de retrouver le compte si vous oubliez le mot de passe.",
    recoveryDone: "Je l’ai noté",
    recover: "Retrouver le compte",
    recoverWhy: "Mot de passe oublié ? Le code de secours en fixe un nouveau (et vous recevez un nouveau code).",
    signedInAs: "Connecté : {name}",
    yourPage: "Votre page",
    rename: "Changer de nom",
    changePassword: "Changer le mot de passe",
    passwordChanged: "Le mot de passe est changé ; vos autres navigateurs sont déconnectés.",
    deleteAccount: "Supprimer le compte",
    deleteWhy: "Vos parties restent, sous « un ancien joueur » ; vos classements et votre page disparaissent.",
    deleteConfirm: "Supprimer pour de bon le compte {name} ?",
    yourTables: "Vos tables",
    playNow: "Jouer maintenant",
    guestNote: "Vous jouez en invité : vos places ne sont gardées que dans ce navigateur.",
    visibilityLabel: "Qui peut venir",
    visibilityAuto: "Comme d’habitude",
    visibilityAutoHelp: "Comme d’habitude : sur lien seulement pour une personne avec des robots, sinon dans la liste du salon.",
    visibilityOpen: "Ouverte : dans la liste du salon",
    visibilityPrivate: "Privée : sur lien seulement",
    ratedLabel: "Partie classée",
    ratedGuests: "Seules les places des joueurs connectés sont classées : connectez-vous (Compte) pour avoir un classement.",
    refusedWrong: "Ce nom et ce mot de passe (ou ce code) ne correspondent à aucun compte.",
    refusedPassword: "Le mot de passe n’est pas le bon.",
    refusedName: "Ce nom est déjà pris : choisissez-en un autre.",
    refusedTooMany: "Trop d’essais : attendez un moment avant de réessayer.",
    refusedBusy: "Le serveur est occupé : réessayez dans un instant.",
    refusedNameShort: "Un nom a au moins 2 caractères.",
    refusedNameReserved: "Ce nom est réservé aux comptes supprimés : choisissez-en un autre.",
    refusedNameText: "Un nom est du texte simple, de 40 caractères au plus (sans caractère de contrôle).",
    refusedPasswordLength: "Un mot de passe a de 8 à 200 caractères.",
    fieldNeeded: "{field} : à remplir.",
  },
});

let who; // undefined: not asked yet; null: a guest; else the account's name

async function call(path, method = "GET", body = undefined) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const problem = new Error(data.error || response.statusText);
    problem.status = response.status;
    problem.reason = data.reason || "";
    throw problem;
  }
  return data;
}

// A refusal in the page's language: the server's sentence is English; the
// usual ones (by their reason key, else their status) are said again here in
// French (the English keeps its details).
const REFUSALS = { 401: "refusedWrong", 403: "refusedPassword", 409: "refusedName", 429: "refusedTooMany", 503: "refusedBusy" };
const REASONS = { "name-short": "refusedNameShort", "name-reserved": "refusedNameReserved", "name-text": "refusedNameText", "password-length": "refusedPasswordLength" };

function refusalText(problem) {
  const key = REASONS[problem.reason] || REFUSALS[problem.status];
  return language() === "fr" && key ? t(key) : problem.message;
}

// The signed-in account's name, or null for a guest (asked once per page load,
// and again after a change).
export async function currentAccount(fresh = false) {
  if (who === undefined || fresh) {
    try {
      who = (await call("/api/session")).name;
    } catch {
      who = null;
    }
  }
  return who;
}

export function playerLink(name) {
  return `#/players/${encodeURIComponent(name)}`;
}

// The top bar: the signed-in name (a link to the player's page) or "Sign in";
// on a phone, where the bar has no room for them, the same links behind ⚙.
export async function drawAccountArea() {
  const name = await currentAccount();
  for (const [id, prefix] of [["account-area", ""], ["settings-account", "settings-"]]) {
    const area = document.getElementById(id);
    if (!area) continue;
    if (name) {
      area.replaceChildren(
        el("a", { href: playerLink(name), class: "account-name", dataset: { key: `${prefix}my-page` } }, name),
        el("a", { href: "#/account", class: "tool", dataset: { key: `${prefix}account` } }, t("account")),
      );
    } else {
      area.replaceChildren(el("a", { href: "#/account", class: "tool", dataset: { key: `${prefix}sign-in` } }, t("signIn")));
    }
  }
}

function field(id, label, attributes = {}) {
  // A field's help (a new password's length) is said before anyone types, under it.
  const { help, ...rest } = attributes;
  const input = el("input", { id, name: id, ...rest, "aria-describedby": help ? `${id}-help` : undefined });
  const said = help ? el("p", { class: "help", id: `${id}-help` }, help) : null;
  return [el("div", { class: "field" }, el("label", { for: id }, label), input, said), input];
}

// What is wrong with a field the browser finds wrong, in the page's language
// (the browser's own bubble speaks the browser's): an empty field, or a
// password's length (the only length a person can get wrong by typing).
function fieldProblem(input, label) {
  if (input.validity.valueMissing) return t("fieldNeeded", { field: label });
  if (input.type === "password") return t("refusedPasswordLength");
  return input.validationMessage;
}

// A form whose submit runs `work(values)`; its error sentence shown in it.
// The form checks its fields itself (novalidate): its sentence, not the browser's.
function form(id, title, fields, button, work, note = null) {
  const error = el("p", { class: "form-error", role: "alert" });
  const inputs = {};
  const labels = {};
  const rows = fields.map(([key, label, attributes]) => {
    const [row, input] = field(`${id}-${key}`, label, attributes);
    inputs[key] = input;
    labels[key] = label;
    return row;
  });
  const node = el("form", { id, class: "account-form", novalidate: true }, el("h2", {}, title), note ? el("p", {}, note) : null, rows, error, el("div", { class: "form-buttons" }, el("button", { type: "submit", class: "button primary" }, button)));
  node.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const wrong = Object.keys(inputs).find((key) => !inputs[key].validity.valid);
    if (wrong) {
      error.textContent = fieldProblem(inputs[wrong], labels[wrong]);
      inputs[wrong].focus();
      return;
    }
    const values = Object.fromEntries(Object.entries(inputs).map(([key, input]) => [key, input.value]));
    try {
      await work(values);
    } catch (problem) {
      error.textContent = refusalText(problem);
    }
  });
  return node;
}

const PASSWORD = { type: "password", minlength: "8", maxlength: "200", required: true };
// A password being chosen says its length first.
const NEW_PASSWORD = () => ({ ...PASSWORD, autocomplete: "new-password", help: t("passwordHelp") });

// The recovery code, shown once, with nothing else to do but to say it is kept.
function showRecovery(main, code, then) {
  main.replaceChildren(
    el(
      "div",
      { class: "account-page" },
      el("h1", {}, t("recoveryCode")),
      el("p", {}, t("recoveryShown")),
      el("p", {}, el("code", { class: "recovery-code", id: "recovery-code" }, code)),
      el("button", { type: "button", class: "button primary", id: "recovery-done", onclick: then }, t("recoveryDone")),
    ),
  );
}

export async function accountPage(main) {
  const name = await currentAccount(true);
  await drawAccountArea();
  const page = el("div", { class: "account-page" }, el("a", { class: "back", href: "#/" }, `← ${t("back")}`));
  const signedInNow = async () => {
    await currentAccount(true);
    await drawAccountArea();
  };
  const afterChange = async () => {
    await currentAccount(true);
    await drawAccountArea();
    location.hash = "#/";
  };
  if (!name) {
    page.append(
      el("h1", {}, t("accountTitle")),
      el("p", {}, t("accountWhy")),
      form("sign-in", t("signIn"), [["name", t("accountName"), { maxlength: "40", required: true, autocomplete: "username" }], ["password", t("password"), { ...PASSWORD, autocomplete: "current-password" }]], t("signIn"), async (values) => {
        await call("/api/session", "POST", values);
        await afterChange();
      }),
      form("new-account", t("newAccount"), [["name", t("accountName"), { maxlength: "40", required: true, autocomplete: "username" }], ["password", t("password"), NEW_PASSWORD()]], t("newAccount"), async (values) => {
        const made = await call("/api/accounts", "POST", values);
        localStorage.setItem("parlour.name", made.name);
        // The new account is signed in: the top bar says so at once, not
        // only once the code is noted.
        await signedInNow();
        showRecovery(main, made.recovery_code, afterChange);
      }),
      form("recover", t("recover"), [["name", t("accountName"), { maxlength: "40", required: true }], ["recovery_code", t("recoveryCode"), { maxlength: "40", required: true }], ["new_password", t("newPassword"), NEW_PASSWORD()]], t("recover"), async (values) => {
        const done = await call("/api/account/recover", "POST", values);
        await signedInNow();
        showRecovery(main, done.recovery_code, afterChange);
      }, t("recoverWhy")),
    );
    main.replaceChildren(page);
    return;
  }
  const mine = await call("/api/account/tables").catch(() => ({ tables: [] }));
  const changed = el("p", { class: "notice", role: "status" });
  page.append(
    el("h1", {}, t("signedInAs", { name })),
    el("p", {}, el("a", { class: "button", href: playerLink(name) }, t("yourPage")), " ", el("button", { type: "button", class: "button subtle", id: "sign-out", onclick: async () => { await call("/api/session", "DELETE"); await afterChange(); } }, t("signOut"))),
    mine.tables.length
      ? el("section", {}, el("h2", {}, t("yourTables")), el("ul", { class: "table-list" }, mine.tables.map((entry) => el("li", {}, el("a", { href: `#/table/${encodeURIComponent(entry.table)}` }, `${entry.game} · ${t("seat", { n: entry.seat + 1 })}`)))))
      : null,
    changed,
    form("rename", t("rename"), [["name", t("accountName"), { maxlength: "40", required: true, value: name }]], t("rename"), async (values) => {
      const done = await call("/api/account/name", "POST", values);
      localStorage.setItem("parlour.name", done.name);
      await afterChange();
    }),
    form("password", t("changePassword"), [["password", t("currentPassword"), { ...PASSWORD, autocomplete: "current-password" }], ["new_password", t("newPassword"), NEW_PASSWORD()]], t("changePassword"), async (values) => {
      await call("/api/account/password", "POST", values);
      changed.textContent = t("passwordChanged");
    }),
    form("delete", t("deleteAccount"), [["password", t("password"), { ...PASSWORD, autocomplete: "current-password" }]], t("deleteAccount"), async (values) => {
      if (!window.confirm(t("deleteConfirm", { name }))) return;
      await call("/api/account", "DELETE", values);
      await afterChange();
    }, t("deleteWhy")),
  );
  main.replaceChildren(page);
}
