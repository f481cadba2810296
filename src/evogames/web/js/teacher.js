// The teacher's view: every table, its progress, who is connected; refreshed every few seconds.
import {$, fetchJSON, fill, h, seatChips} from "./dom.js";

const REFRESH_MS = 3000;
let titles = {};

async function refresh() {
  try {
    const tables = await fetchJSON("/api/tables");
    draw(tables);
    $("#updated").textContent = `Updated ${new Date().toLocaleTimeString()}.`;
  } catch (err) {
    $("#updated").textContent = `Could not refresh: ${err.message}`;
  }
}

function draw(tables) {
  const finished = tables.filter((t) => t.over).length;
  $("#summary").textContent = `${tables.length} table${tables.length === 1 ? "" : "s"}, ${finished} finished.`;
  if (!tables.length) {
    fill($("#tables"), h("p", {class: "muted"}, "No tables yet. Create them in the lobby."));
    return;
  }
  tables.sort((a, b) => a.created - b.created);
  fill($("#tables"), h("table", {class: "tables"},
    h("thead", {}, h("tr", {}, ["Table", "Game", "Round", "Score by seat", "Seats", "State", ""].map((c) => h("th", {scope: "col"}, c)))),
    h("tbody", {}, tables.map(row))));
}

function row(t) {
  const winners = t.result?.winners || [];
  const people = t.seats.filter((s) => s.kind === "human");
  const state = t.over ? `Over: ${winners.map((w) => `Player ${w + 1}`).join(" and ")} won`
    : people.length ? `Playing; ${people.filter((s) => s.connected).length} of ${people.length} people connected`
      : "Playing; bots only";
  return h("tr", {class: t.over ? "over" : null},
    h("td", {}, h("strong", {}, t.name), h("br"), h("span", {class: "muted small"}, t.table_id)),
    h("td", {}, titles[t.game] || t.game),
    h("td", {}, t.round ?? "–"),
    h("td", {}, (t.scores || []).map((score, i) => h("span", {class: ["chip", winners.includes(i) && "human"]}, `P${i + 1}: ${score ?? "–"}`))),
    h("td", {}, seatChips(t.seats)),
    h("td", {}, state),
    h("td", {}, h("a", {href: `/table/${t.table_id}`, "aria-label": `Watch ${t.name}`}, "Watch")));
}

async function start() {
  $("#join-url").textContent = `${location.origin}/join`;
  try {
    titles = Object.fromEntries((await fetchJSON("/api/catalog")).map((g) => [g.name, g.title]));
  } catch {
    titles = {};
  }
  await refresh();
  setInterval(refresh, REFRESH_MS);
}

start();
