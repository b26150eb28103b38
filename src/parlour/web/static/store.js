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
