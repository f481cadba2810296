// The lobby: create a table (game, seats, options), show its links, list the open tables.
import {$, fetchJSON, fill, h, postJSON, seatChips} from "/static/kit/dom.js";
import {botLabel, levelGuide} from "./levels.js";
import {optionsForm, readOptions} from "./options_form.js";
import {capital, roundWord} from "./pooled.js";

const DEFAULT_BOT = "heuristic";
let catalog = [];
let bots = [];
let server = {base: location.origin}; // the address other devices in the room use (not 127.0.0.1)

async function start() {
  try {
    [catalog, bots, server] = await Promise.all([fetchJSON("/api/catalog"), fetchJSON("/api/bots"), fetchJSON("/api/server")]);
  } catch (err) {
    $("#create-error").textContent = `The server did not answer: ${err.message}`;
    return;
  }
  fill($("#game"), catalog.map((g) => h("option", {value: g.name}, `${g.title} (${g.min_players}–${g.max_players} players)`)));
  $("#game").value = catalog[0]?.name;
  fill($("#level-guide"), levelGuide(bots));
  $("#game").addEventListener("change", gameChanged);
  $("#players").addEventListener("change", drawSeats);
  $("#create").addEventListener("submit", create);
  gameChanged();
  for (const id of ["#start", "#create-table"]) $(id).disabled = false; // a click before now sent the form nowhere
  // back from a seat the lobby opened (the browser kept this page as it was, its buttons off): on again
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) for (const id of ["#start", "#create-table"]) $(id).disabled = false;
  });
  listTables();
  setInterval(listTables, 5000);
}

const chosenGame = () => catalog.find((g) => g.name === $("#game").value);

function gameChanged() {
  const game = chosenGame();
  const players = $("#players");
  players.min = game.min_players;
  players.max = game.max_players;
  players.value = String(game.best_players ?? Math.min(game.max_players, Math.max(game.min_players, 4)));
  $("#game-help").textContent = `${game.teaches ? `Teaches ${game.teaches}. ` : ""}${game.min_players} to ${game.max_players} players.`;
  drawSeats();
  fill($("#options"), optionsForm(game.options || {}));
}

// -- seats ------------------------------------------------------------------------------------

function describeStart() {
  const seats = [...document.querySelectorAll(".seat-row")].map(readSeat);
  const people = seats.filter((s) => s.kind === "human").length;
  const computers = seats.length - people;
  const who = people === 0 ? `${computers} computer players, to watch`
    : people === 1 ? `you against ${computers} computer player${computers === 1 ? "" : "s"}`
      : `${people} people and ${computers} computer player${computers === 1 ? "" : "s"}`;
  $("#start-help").textContent = `${chosenGame().title}: ${who}. To change the game, the players or the variants, use the form below first.`;
}

function drawSeats() {
  const game = chosenGame();
  const players = $("#players");
  const n = Math.min(game.max_players, Math.max(game.min_players, Number(players.value) || game.min_players));
  players.value = String(n);
  const old = [...document.querySelectorAll(".seat-row")].map(readSeat);
  fill($("#seat-rows"), Array.from({length: n}, (_, i) => seatRow(i, old[i] || (i === 0 ? {kind: "human"} : {kind: "bot", bot: DEFAULT_BOT}))));
  describeStart();
}

function seatRow(i, seat) {
  const kind = h("select", {id: `seat-${i}-kind`, class: "seat-kind-select", "aria-label": `Seat ${i + 1}: who plays`},
    h("option", {value: "human"}, "Person"), h("option", {value: "bot"}, "Computer (bot)"));
  kind.value = seat.kind;
  const level = h("select", {id: `seat-${i}-bot`, class: "seat-bot-select", "aria-label": `Seat ${i + 1}: bot level`},
    bots.map((b) => h("option", {value: b}, botLabel(b))));
  level.value = seat.bot || DEFAULT_BOT;
  const levelBox = h("span", {class: "bot-level"}, h("label", {for: `seat-${i}-bot`}, "level "), level);
  const sync = () => {
    levelBox.hidden = kind.value !== "bot";
    if (chosenGame()) describeStart();
  };
  kind.addEventListener("change", sync);
  sync();
  return h("div", {class: "seat-row", dataset: {seat: i}}, h("span", {class: "seat-label"}, `Seat ${i + 1}`), kind, levelBox);
}

function readSeat(row) {
  const kind = row.querySelector(".seat-kind-select").value;
  return kind === "bot" ? {kind, bot: row.querySelector(".seat-bot-select").value} : {kind};
}

// -- create -------------------------------------------------------------------------------------

async function create(event) {
  event.preventDefault();
  const buttons = [$("#start"), $("#create-table")];
  $("#create-error").textContent = "";
  buttons.forEach((b) => { b.disabled = true; });
  const body = {game: $("#game").value, seats: [...document.querySelectorAll(".seat-row")].map(readSeat), options: readOptions($("#options"), chosenGame().options || {})};
  const name = $("#table-name").value.trim();
  if (name) body.name = name;
  let leaving = false; // on the way to the seat: the buttons stay off (a second click would make a second table)
  try {
    const table = await postJSON("/api/tables", body);
    leaving = goStraightToSeat(table);
    if (!leaving) {
      showCreated(table);
      listTables();
    }
  } catch (err) {
    $("#create-error").textContent = `The table was not created: ${err.message}`;
    $("#create-error").scrollIntoView({behavior: "smooth", block: "center"});
  } finally {
    buttons.forEach((b) => { b.disabled = leaving; });
  }
}

/** One person and the rest bots: no links to hand out, so the page opens that person's seat at once (its link
 * stays under "Your seat's link" on the table page). Two or more people (friends, pass and play) get the links. */
function goStraightToSeat(table) {
  const humans = table.seats.filter((s) => s.kind === "human");
  if (humans.length !== 1) return false;
  location.assign(humans[0].join_url);
  return true;
}

function showCreated(table) {
  const base = server.base;
  const humans = table.seats.filter((s) => s.kind === "human");
  const first = humans[0];
  const box = $("#created");
  fill(box,
    h("h2", {}, `“${table.name}” is ready`),
    first
      ? h("p", {}, h("button", {type: "button", class: "btn primary big", id: "play-first",
        onclick: () => { location.href = first.join_url; }}, `Play seat ${first.seat + 1}`))
      : h("p", {}, h("button", {type: "button", class: "btn primary big", onclick: () => { location.href = table.spectator_url; }}, "Watch the bots play")),
    humans.length > 1
      ? [h("p", {}, h("button", {type: "button", class: "btn secondary big", id: "pass-and-play",
        onclick: () => { location.href = `${table.spectator_url}?seats=${humans.map((s) => encodeURIComponent(s.code)).join(",")}`; }},
      "Play on this one device (pass and play)")),
      h("p", {class: "muted"}, "One screen for the whole group: it asks to pass the device between turns and hides each hand from the others.")]
      : null,
    h("ul", {class: "link-list"},
      humans.map((s) => h("li", {},
        h("strong", {}, `Seat ${s.seat + 1}`), " code ", h("span", {class: "code"}, s.code),
        linkInput(`Seat ${s.seat + 1} link`, base + s.join_url))),
      h("li", {}, h("strong", {}, "Spectators"), linkInput("Spectator link", base + table.spectator_url))),
    humans.length ? h("p", {class: "muted"}, "Each person opens their own link, or types their code at ", h("a", {href: "/join"}, `${base}/join`), ".") : null);
  box.hidden = false;
  box.scrollIntoView({behavior: "smooth", block: "start"});
  $("#play-first")?.focus({preventScroll: true});
}

function linkInput(label, url) {
  const input = h("input", {type: "text", readonly: true, value: url, "aria-label": label, onfocus: (e) => e.target.select()});
  const copy = h("button", {type: "button", class: "btn secondary small", "aria-label": `Copy ${label}`, onclick: async () => {
    try {
      await navigator.clipboard.writeText(url);
      copy.textContent = "Copied";
    } catch {
      input.select();
      copy.textContent = "Press Ctrl+C";
    }
  }}, "Copy");
  return [input, copy];
}

// -- open tables ----------------------------------------------------------------------------------

async function listTables() {
  let tables;
  try {
    tables = await fetchJSON("/api/tables");
  } catch {
    return;
  }
  const open = tables.filter((t) => !t.over).sort((a, b) => b.created - a.created);
  const titles = Object.fromEntries(catalog.map((g) => [g.name, g.title]));
  if (!open.length) {
    fill($("#open-tables"), h("p", {class: "muted"}, "No open tables yet."));
    return;
  }
  fill($("#open-tables"), h("table", {class: "tables"},
    h("thead", {}, h("tr", {}, ["Table", "Game", "Now", "Seats", ""].map((c) => h("th", {scope: "col"}, c)))),
    h("tbody", {}, open.map((t) => h("tr", {},
      h("td", {}, t.name), h("td", {}, titles[t.game] || t.game), h("td", {}, nowAt(t)),
      h("td", {}, seatChips(t.seats)),
      h("td", {}, h("a", {class: "btn secondary small", href: `/table/${t.table_id}`, "aria-label": `Watch ${t.name}`}, "Watch")))))));
}

// How far a table is, in its game's word: "Round 3", "Turn 8" (Phylo, Dodo and Evolution count turns).
const nowAt = (t) => (t.round === null || t.round === undefined ? "–" : `${capital(roundWord(t))} ${t.round}`);

start();
