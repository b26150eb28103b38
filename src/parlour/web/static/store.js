// What this browser remembers: the seat tokens it holds and the share links of
// tables it opened, in localStorage (tokens never go into a request's address).

function read(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : fallback;
  } catch {
    return fallback;
  }
}

export function loadSeat(tableId) {
  return read(`parlour.seat.${tableId}`, null);
}

export function saveSeat(tableId, seat) {
  localStorage.setItem(`parlour.seat.${tableId}`, JSON.stringify(seat));
}

export function forgetSeat(tableId) {
  localStorage.removeItem(`parlour.seat.${tableId}`);
}

export function loadInvites(tableId) {
  return read(`parlour.invites.${tableId}`, []);
}

export function saveInvites(tableId, invites) {
  localStorage.setItem(`parlour.invites.${tableId}`, JSON.stringify(invites));
}

export function palette() {
  return localStorage.getItem("parlour.palette") === "four" ? "four" : "two";
}

export function setPalette(value) {
  localStorage.setItem("parlour.palette", value);
  document.documentElement.dataset.palette = value;
}

// The player's own choices, kept in this browser: a sound when it becomes your
// turn in a tab you are not looking at (off by default), and whether a card
// with one possible move is played by one click (off: a click selects it, a
// second click or Enter plays it).
const SETTINGS = { sound: false, playAtOnce: false };

export function setting(name) {
  const saved = localStorage.getItem(`parlour.setting.${name}`);
  if (saved === "true") return true;
  if (saved === "false") return false;
  return SETTINGS[name];
}

export function setSetting(name, value) {
  localStorage.setItem(`parlour.setting.${name}`, value ? "true" : "false");
}
