// The teacher's page: the join address, a class in one step, every table with its codes and who is
// connected, a seat handed to a bot and back, pause and resume, end and delete. Refreshed every few seconds.
import {$, fetchJSON, fill, h, postJSON} from "./dom.js";
import {optionsForm, readOptions} from "./options_form.js";
import {replayLink} from "./replay.js";

const REFRESH_MS = 3000;
let catalog = [];
let titles = {};
let paused = false;

async function refresh() {
  try {
    const tables = await fetchJSON("/api/teacher/tables");
    draw(tables);
    $("#updated").textContent = `Updated ${new Date().toLocaleTimeString()}.`;
  } catch (err) {
    $("#updated").textContent = `Could not refresh: ${err.message}`;
  }
}

function draw(tables) {
  const focused = document.activeElement?.dataset?.key;
  const finished = tables.filter((t) => t.over || t.ended).length;
  paused = tables.some((t) => t.paused);
  $("#pause").textContent = paused ? "Resume every table" : "Pause every table";
  $("#summary").textContent = `${tables.length} table${tables.length === 1 ? "" : "s"}, ${finished} finished.`;
  if (!tables.length) {
    fill($("#tables"), h("p", {class: "muted"}, "No tables yet. Set up a class above, or create tables in the lobby."));
    return;
  }
  tables.sort((a, b) => a.created - b.created);
  fill($("#tables"), h("table", {class: "tables"},
    h("thead", {}, h("tr", {}, ["Table", "Game", "Round", "Seats and codes", "State", ""].map((c) => h("th", {scope: "col"}, c)))),
    h("tbody", {}, tables.map(row))));
  if (focused) document.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
}

function row(t) {
  const winners = t.result?.winners || [];
  const people = t.seats.filter((s) => s.kind === "human" || s.stands_in);
  const state = t.ended ? "Ended by you" : t.over ? `Over: ${winners.map((w) => who(t.seats[w])).join(" and ")} won`
    : people.length ? `Playing; ${people.filter((s) => s.connected).length} of ${people.length} students connected`
      : "Playing; bots only";
  return h("tr", {class: t.over || t.ended ? "over" : null},
    h("td", {}, h("strong", {}, t.name), h("br"), h("span", {class: "muted small"}, t.table_id)),
    h("td", {}, titles[t.game] || t.game),
    h("td", {}, t.round ?? "–"),
    h("td", {}, h("ul", {class: "seat-list"}, t.seats.map((s) => seatItem(t, s)))),
    h("td", {}, state),
    h("td", {class: "row-actions"},
      h("a", {class: "btn secondary small", href: `/table/${t.table_id}`, "aria-label": `Watch ${t.name}`}, "Watch"),
      t.over || t.ended ? replayLink(t) : null,
      t.over || t.ended ? null : button("End", `end-${t.table_id}`, `End ${t.name} where it stands`, () => endTable(t)),
      t.over || t.ended ? button("Delete", `delete-${t.table_id}`, `Delete ${t.name}`, () => deleteTable(t)) : null));
}

const who = (seat) => seat.name || `Player ${seat.seat + 1}`;

function seatItem(t, s) {
  const score = t.scores?.[s.seat];
  const label = [h("strong", {}, who(s)), score === null || score === undefined ? "" : ` (${score})`];
  if (s.kind === "bot" && !s.stands_in) return h("li", {}, label, h("span", {class: "muted"}, " bot"));
  const dot = h("span", {class: ["dot", s.connected ? "on" : "off"], role: "img",
    "aria-label": s.connected ? "connected" : "not connected"});
  const hand = s.kind === "human"
    ? button("Bot plays", `bot-${t.table_id}-${s.seat}`, `Let a bot play ${who(s)}'s seat`, () => setSeat(t, s, {kind: "bot", bot: "heuristic"}))
    : button("Give back", `back-${t.table_id}-${s.seat}`, `Give ${who(s)}'s seat back to the student`, () => setSeat(t, s, {kind: "human"}));
  return h("li", {}, dot, " ", label, " ", h("span", {class: "code"}, s.code || ""),
    s.stands_in ? h("span", {class: "muted"}, " a bot plays for now") : null, " ", t.over || t.ended ? null : hand);
}

function button(text, key, label, onclick) {
  return h("button", {type: "button", class: "btn secondary small", dataset: {key}, "aria-label": label, onclick}, text);
}

async function act(request) {
  try {
    await request();
  } catch (err) {
    $("#updated").textContent = `Not done: ${err.message}`;
  }
  await refresh();
}

const send = (method, url, body) => fetchJSON(url, {method, headers: {"content-type": "application/json"},
  body: body === undefined ? undefined : JSON.stringify(body)});
const setSeat = (t, s, body) => act(() => send("PUT", `/api/tables/${t.table_id}/seats/${s.seat}`, body));
const endTable = (t) => act(() => postJSON(`/api/tables/${t.table_id}/end`, {}));
const deleteTable = (t) => act(() => send("DELETE", `/api/tables/${t.table_id}`));

async function clearFinished() {
  const tables = await fetchJSON("/api/teacher/tables");
  await act(() => Promise.all(tables.filter((t) => t.over || t.ended).map((t) => send("DELETE", `/api/tables/${t.table_id}`))));
}

// -- a class in one step ----------------------------------------------------------------------------

const chosen = () => catalog.find((g) => g.name === $("#class-game").value);

function gameChanged() {
  const game = chosen();
  for (const id of ["#class-players", "#class-people"]) $(id).max = game.max_players;
  $("#class-players").min = game.min_players;
  $("#class-players").value = String(game.best_players);
  $("#class-people").value = String(game.best_players);
  $("#class-game-help").textContent = `Teaches ${game.teaches}. ${game.min_players} to ${game.max_players} players.`;
  fill($("#class-options"), optionsForm(game.options || {}));
}

async function createClass(event) {
  event.preventDefault();
  $("#class-error").textContent = "";
  $("#class-create").disabled = true;
  const body = {game: $("#class-game").value, tables: Number($("#class-tables").value),
    players: Number($("#class-players").value), people: Number($("#class-people").value), bot: $("#class-bot").value,
    options: readOptions($("#class-options"), chosen().options || {})};
  try {
    const made = await postJSON("/api/classes", body);
    $("#updated").textContent = `${made.tables.length} tables are ready: print the codes, or read them below.`;
    await refresh();
    $("#tables-title").scrollIntoView({behavior: "smooth"});
  } catch (err) {
    $("#class-error").textContent = `The class was not created: ${err.message}`;
  } finally {
    $("#class-create").disabled = false;
  }
}

async function start() {
  try {
    const [server, games, bots] = await Promise.all([fetchJSON("/api/server"), fetchJSON("/api/catalog"), fetchJSON("/api/bots")]);
    catalog = games;
    titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
    $("#join-url").textContent = server.join;
    $("#join-qr").src = `/api/qr?text=${encodeURIComponent(server.join)}`;
    fill($("#class-game"), games.map((g) => h("option", {value: g.name}, `${g.title} (${g.min_players}–${g.max_players} players)`)));
    fill($("#class-bot"), bots.map((b) => h("option", {value: b}, b === "heuristic" ? "Heuristic: plays sensibly" : b === "random" ? "Random: any legal move" : b)));
    $("#class-bot").value = bots.includes("heuristic") ? "heuristic" : bots[0];
  } catch (err) {
    $("#updated").textContent = `The server did not answer: ${err.message}`;
    return;
  }
  $("#class-game").addEventListener("change", gameChanged);
  $("#class-form").addEventListener("submit", createClass);
  $("#pause").addEventListener("click", () => act(() => postJSON("/api/class/pause", {paused: !paused})));
  $("#clear").addEventListener("click", clearFinished);
  gameChanged();
  await refresh();
  setInterval(refresh, REFRESH_MS);
}

start();
