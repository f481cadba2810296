// The teacher's page: the join address, a class (a period) in one step, the tables of the class the teacher
// picks (or those made outside any class) with their codes and who is connected, a seat handed to a bot and
// back, pause and resume, end, put away and delete. Refreshed every few seconds. The seat codes can be hidden
// (the page on the projector: anyone who reads a code can take that seat); the printable sheet keeps them.
import {$, fetchJSON, fill, h, postJSON} from "/static/kit/dom.js";
import {botLabel, levelSentence} from "./levels.js";
import {optionsForm, readOptions} from "./options_form.js";
import {progressText} from "./pooled.js";
import {replayLink} from "./replay.js";
import {possessive, seatLabel} from "/static/kit/names.js";

const REFRESH_MS = 3000;
const OTHER = "other"; // tables made outside any class: the lobby's, solo games, pass and play
const ALL = "all";
let catalog = [];
let titles = {};
let paused = false;
let classes = []; // newest first: [{id, name, game, tables}]
let shown = new URLSearchParams(location.search).get("class"); // a class id, OTHER or ALL; null: the newest
let defaultLevel = "heuristic"; // the server's default bot, when a table has no bot of its own
let request = null; // the id of the class being asked for: a retry sends it again, the server makes it once
const HIDE_CODES = "evogames.teacher.hideCodes"; // localStorage: "1" while the seat codes are hidden
let hideCodes = remembered(HIDE_CODES) === "1";
let lastTables = null; // the tables last drawn (hiding the codes redraws them at once)

/** A remembered setting of this browser (null where storage is refused: a private window). */
function remembered(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function remember(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // not remembered: the choice holds until the page is reloaded
  }
}

/** Hide or show the seat codes on this page (remembered in this browser; the printable sheet keeps them). */
function setHideCodes(hidden) {
  hideCodes = hidden;
  remember(HIDE_CODES, hidden ? "1" : null);
  $("#hide-codes").checked = hidden;
  if (lastTables) draw(lastTables);
}

async function refresh() {
  try {
    const [tables, list] = await Promise.all([fetchJSON("/api/teacher/tables"), fetchJSON("/api/classes")]);
    classes = list.classes;
    picker(list.other);
    paused = list.paused; // the server's switch: it holds with no table too
    draw(tables.filter(showing));
    $("#updated").textContent = `Updated ${new Date().toLocaleTimeString()}.`;
  } catch (err) {
    $("#updated").textContent = `Could not refresh: ${err.message}`;
  }
}

/** The class shown: the one picked, else the newest (every table when there is no class yet). */
function current() {
  if (shown === OTHER || shown === ALL || classes.some((c) => c.id === shown)) return shown;
  return classes[0]?.id ?? ALL;
}

const showing = (t) => current() === ALL || (current() === OTHER ? !t.class_id : t.class_id === current());

function picker(other) {
  const choice = current();
  const select = $("#show");
  const options = [...classes.map((c) => [c.id, `${c.name} (${titles[c.game] || c.game}, ${c.tables} table${c.tables === 1 ? "" : "s"})`]),
    [OTHER, `Other tables: lobby, solo, pass and play (${other})`], [ALL, "Every table"]];
  const drawn = [...select.options].map((o) => `${o.value}=${o.text}`).join("|");
  if (drawn !== options.map(([v, t]) => `${v}=${t}`).join("|")) {
    fill(select, options.map(([value, text]) => h("option", {value}, text)));
  }
  select.value = choice;
  const group = classes.find((c) => c.id === choice);
  $("#hints-box").hidden = !group;
  if (group) $("#hints").checked = group.hints;
  $("#tables-title").textContent = group ? `${group.name}: its tables` : choice === OTHER ? "Other tables" : "Every table";
  const query = choice === ALL ? "" : `?class=${encodeURIComponent(choice)}`;
  for (const link of [$("#sheet-link"), $("#sheet-link-2")]) link.href = `/teacher/sheet${query}`;
  $("#debrief-link").href = `/class${query}`;
  $("#csv-link").href = `/api/results.csv${query}`;
}

function pick(value) {
  shown = value;
  const url = new URL(location.href);
  url.searchParams.set("class", value);
  history.replaceState(null, "", url);
  return refresh();
}

function draw(tables) {
  lastTables = tables;
  const focused = document.activeElement?.dataset?.key;
  const finished = tables.filter((t) => t.over || t.ended).length;
  $("#pause").textContent = paused ? "Resume every table" : "Pause every table";
  $("#summary").textContent = `${tables.length} table${tables.length === 1 ? "" : "s"}, ${finished} finished.`;
  if (!tables.length) {
    fill($("#tables"), h("p", {class: "muted"}, current() === OTHER ? "No tables outside a class."
      : "No tables here yet. Set up a class above, or create tables in the lobby."));
    return;
  }
  tables.sort((a, b) => a.created - b.created);
  fill($("#tables"), h("table", {class: "tables"},
    h("thead", {}, h("tr", {}, ["Table", "Game", "Progress", hideCodes ? "Seats (codes hidden)" : "Seats and codes", "State", ""]
      .map((c) => h("th", {scope: "col"}, c)))),
    h("tbody", {}, tables.map(row))));
  if (focused) document.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
}

function row(t) {
  const winners = t.result?.winners || [];
  const people = t.seats.filter((s) => s.kind === "human" || s.stands_in);
  const state = t.ended ? "Ended by you" : t.over ? `Over: ${winners.map((w) => seatLabel(w, t.seats)).join(" and ")} won`
    : people.length ? `Playing; ${people.filter((s) => s.connected).length} of ${people.length} students connected`
      : "Playing; bots only";
  return h("tr", {class: t.over || t.ended ? "over" : null},
    h("td", {}, h("strong", {}, t.name), h("br"), h("span", {class: "muted small"}, t.table_id)),
    h("td", {}, titles[t.game] || t.game),
    h("td", {}, progressText(t)),
    h("td", {}, h("ul", {class: "seat-list"}, t.seats.map((s) => seatItem(t, s)))),
    h("td", {}, state),
    h("td", {}, h("div", {class: "row-actions"}, // a flex box inside the cell: the cell stays a cell (its border in line)
      h("a", {class: "btn secondary small", href: `/table/${t.table_id}`, "aria-label": `Watch ${t.name}`}, "Watch"),
      t.over || t.ended ? replayLink(t) : null,
      t.over || t.ended ? null : button("End", `end-${t.table_id}`, `End ${t.name} where it stands`, () => endTable(t)),
      t.over || t.ended ? finishedAction(t) : null)));
}

/** A class's finished table is put away (its result stays in the debrief); another is deleted, after asking. */
function finishedAction(t) {
  if (t.class_id) return button("Put away", `away-${t.table_id}`, `Put ${t.name} away (its result stays in the debrief)`, () => putAway([t]));
  return button("Delete", `delete-${t.table_id}`, `Delete ${t.name}`, () => {
    if (confirm(`Delete ${t.name} and its result? This cannot be undone.`)) deleteTable(t);
  });
}

/** The level a bot takes a student's seat at: that of the table's own bots (the class's level), else the default. */
const levelOf = (t) => t.seats.find((s) => s.kind === "bot" && !s.stands_in && s.bot)?.bot || defaultLevel;

/** "hard", "medium": a bot's level as the page says it in a sentence. */
const level = (bot) => botLabel(bot).toLowerCase();

/** A seat's code, or (hidden for the projector) a word in its place: the code is not on the page at all then. */
const codeOf = (s) => (hideCodes ? h("span", {class: "code hidden-code"}, "code hidden") : h("span", {class: "code"}, s.code || ""));

function seatItem(t, s) {
  const score = t.scores?.[s.seat];
  // a score where lower is better says what it counts ("Zoe (unfit 15)"): a bare 15 would read as points
  const counts = t.lower_is_better && t.score_label ? `${t.score_label.toLowerCase()} ` : "";
  const label = [h("strong", {}, seatLabel(s.seat, t.seats)), score === null || score === undefined ? "" : ` (${counts}${score})`];
  if (s.kind === "bot" && !s.stands_in) return h("li", {}, label);
  const dot = h("span", {class: ["dot", s.connected ? "on" : "off"], role: "img",
    "aria-label": s.connected ? "connected" : "not connected"});
  const hand = s.kind === "human"
    ? button("Bot plays", `bot-${t.table_id}-${s.seat}`, `Let a bot play ${possessive(s.seat, t.seats)} seat (${botLabel(levelOf(t))})`,
      () => setSeat(t, s, {kind: "bot", bot: levelOf(t)}))
    : button("Give back", `back-${t.table_id}-${s.seat}`, `Give ${possessive(s.seat, t.seats)} seat back to the student`, () => setSeat(t, s, {kind: "human"}));
  return h("li", {}, dot, " ", label, " ", codeOf(s),
    s.stands_in ? h("span", {class: "muted"}, s.bot ? ` a bot (${level(s.bot)}) plays for now` : " a bot plays for now") : null,
    s.held_by_bot ? h("span", {class: "muted"}, ` a bot (${level(s.held_by_bot)}) held the seat at the end`) : null,
    " ", t.over || t.ended ? null : hand);
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
/** End a table where it stands, after asking (as "Put away" does): nobody can play on, and it cannot be undone. */
function endTable(t) {
  if (!confirm(`End ${t.name} now, where it stands? Nobody can play on; the game so far stays in its record. `
    + "This cannot be undone.")) return;
  act(() => postJSON(`/api/tables/${t.table_id}/end`, {}));
}
const deleteTable = (t) => act(() => send("DELETE", `/api/tables/${t.table_id}`));
const putAway = (tables) => act(() => Promise.all(tables.map((t) => postJSON(`/api/tables/${t.table_id}/archive`, {}))));

/** Put away the finished tables shown, after asking: off this list, their results kept for the debrief and CSV. */
async function clearFinished() {
  const done = (await fetchJSON("/api/teacher/tables")).filter((t) => showing(t) && (t.over || t.ended));
  if (!done.length) {
    $("#updated").textContent = "No finished tables to put away here.";
    return;
  }
  const many = done.length === 1 ? "1 finished table" : `${done.length} finished tables`;
  if (!confirm(`Put away ${many}? ${done.length === 1 ? "It leaves" : "They leave"} this list; ${keptWhere(done)}`))
    return;
  await putAway(done);
}

/** Where put-away tables' results stay: a class's in its debrief and CSV; a table outside any class (the lobby's,
 * solo, pass and play) leaves the results CSV too, so the teacher is told to download it first. */
function keptWhere(done) {
  const outside = done.filter((t) => !t.class_id).length;
  if (!outside) return "the results stay in the class's debrief and its results (CSV).";
  const gone = "leave the results (CSV) too: download it first if you want them.";
  if (outside === done.length) return `their results ${gone}`;
  return `a class's results stay in its debrief and CSV; the results of the ${outside} outside a class ${gone}`;
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
  fill($("#class-options"), optionsForm(game.options || {}, {teacher: true}));
}

async function createClass(event) {
  event.preventDefault();
  $("#class-error").textContent = "";
  $("#class-create").disabled = true;
  request ??= newRequest();
  const body = {name: $("#class-name").value.trim() || undefined, request, game: $("#class-game").value,
    tables: Number($("#class-tables").value),
    players: Number($("#class-players").value), people: Number($("#class-people").value), bot: $("#class-bot").value,
    options: readOptions($("#class-options"), chosen().options || {})};
  try {
    const made = await postJSON("/api/classes", body);
    request = null;
    $("#class-name").value = "";
    await pick(made.class.id);
    $("#updated").textContent = `${made.class.name}: ${made.tables.length} tables are ready: print the codes, or read them below.`;
    $("#tables-title").scrollIntoView({behavior: "smooth"});
  } catch (err) {
    $("#class-error").textContent = `The class was not created: ${err.message}`;
  } finally {
    $("#class-create").disabled = false;
  }
}

/** A request id made here (crypto.randomUUID needs https; the classroom server is plain http). */
function newRequest() {
  return [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function start() {
  try {
    const [server, games, bots] = await Promise.all([fetchJSON("/api/server"), fetchJSON("/api/catalog"), fetchJSON("/api/bots")]);
    catalog = games;
    titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
    $("#join-url").textContent = server.join;
    $("#join-qr").src = `/api/qr?text=${encodeURIComponent(server.join)}`;
    fill($("#class-game"), games.map((g) => h("option", {value: g.name}, `${g.title} (${g.min_players}–${g.max_players} players)`)));
    fill($("#class-bot"), bots.map((b) => h("option", {value: b}, botLabel(b))));
    $("#class-bot").value = bots.includes("heuristic") ? "heuristic" : bots[0];
    defaultLevel = $("#class-bot").value;
    const explain = () => { $("#class-bot-help").textContent = levelSentence($("#class-bot").value); };
    $("#class-bot").addEventListener("change", explain);
    explain();
  } catch (err) {
    $("#updated").textContent = `The server did not answer: ${err.message}`;
    return;
  }
  $("#class-game").addEventListener("change", gameChanged);
  $("#class-form").addEventListener("submit", createClass);
  $("#hints").addEventListener("change", (event) => act(() => postJSON(
    `/api/classes/${encodeURIComponent(current())}/hints`, {on: event.target.checked})));
  $("#pause").addEventListener("click", () => act(() => postJSON("/api/class/pause", {paused: !paused})));
  $("#clear").addEventListener("click", clearFinished);
  $("#show").addEventListener("change", (event) => pick(event.target.value));
  $("#hide-codes").checked = hideCodes;
  $("#hide-codes").addEventListener("change", (event) => setHideCodes(event.target.checked));
  gameChanged();
  await refresh();
  // The buttons answer only now: a click before the handlers and the paused state were known did nothing
  // (or, for the form, sent the page to itself).
  for (const id of ["#class-create", "#pause", "#clear"]) $(id).disabled = false;
  setInterval(refresh, REFRESH_MS);
}

start();
