// A table in the browser: one seat (with ?token=CODE) or a spectator.
// This file is the game-independent part: the connection, the header, the error banner,
// the log, the game-over screen. Each game draws its own board in the module named after it,
// chosen by the view's "game"; a board exports title, render(root, ctx), help() and results(ctx).
import {TableConnection} from "./connection.js";
import {$, fetchJSON, fill, h} from "./dom.js";
import {gameOverSection} from "./gameover.js";

// A game's board is the module named after it (mating -> ./mating.js); a game without one gets generic.js.
async function loadBoard(game) {
  if (!/^[a-z_]+$/.test(game || "")) return import("./generic.js");
  try {
    return await import(`./${game}.js`);
  } catch (err) {
    console.warn(`no board module for ${game}; using the generic board`, err);
    return import("./generic.js");
  }
}

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const token = new URLSearchParams(location.search).get("token");
const page = {welcome: null, view: null, version: null, board: null, boardName: null, connected: null, bannerTimer: null,
  seats: [], paused: false, ended: false};

const connection = new TableConnection(tableId, token, {
  welcome(message) {
    page.welcome = message;
    page.seats = message.seats || [];
    fill($("#log"));
    showHeader();
    askName();
    setTimeout(pollConnected, 300);
  },
  async state(message) {
    page.version = message.version;
    page.view = message.view;
    page.seats = message.seats || page.seats;
    page.paused = Boolean(message.paused);
    page.ended = Boolean(message.ended);
    showHeader();
    showClassState();
    appendLog(message.log);
    await ensureBoard(message.view.game);
    draw();
  },
  error(message) {
    showBanner(message.reason, message.code);
  },
  status(text, ok) {
    const el = $("#status");
    el.textContent = text;
    el.className = ok ? "status ok" : "status warn";
  },
  fatal(reason, code) {
    const advice = code === 4409 ? "" : " Ask your teacher for the right link or code.";
    showBanner(`${reason}${advice}`, "fatal", true);
  },
});

async function ensureBoard(game) {
  if (page.boardName === game) return;
  page.board = await loadBoard(game);
  page.boardName = game;
  fill($("#help-body"), page.board.help() || await servedHelp(game));
  showHeader();
}

// A game's "How to play" comes from its package (the one source of its rules text).
async function servedHelp(game) {
  try {
    const data = await fetchJSON(`/api/games/${encodeURIComponent(game)}/help`);
    return h("dl", {class: "help-list"}, data.help.map((entry) => [h("dt", {}, entry.term), h("dd", {}, entry.text)]));
  } catch {
    return h("p", {class: "muted"}, "The help could not be loaded.");
  }
}

function context() {
  return {
    view: page.view,
    seat: page.welcome?.seat ?? null,
    seats: page.seats,
    connected: page.connected,
    act: (action) => {
      hideBanner();
      if (connection.act(action) === false) showBanner("Not connected right now; the page is reconnecting. Try again in a moment.", "offline");
    },
    redraw: draw,
  };
}

/** Redraw the board, keeping keyboard focus on the same control when it still exists. */
function draw() {
  if (!page.view || !page.board) return;
  const focused = document.activeElement?.dataset?.key;
  const ctx = context();
  const root = $("#board");
  page.board.render(root, ctx);
  if (page.view.over) showGameOver(ctx);
  else $("#game-over-slot").replaceChildren();
  if (focused) root.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
  const mine = ctx.seat !== null && page.view.to_act.includes(ctx.seat);
  document.title = `${mine ? "Your turn · " : ""}${page.board.title} · evogames`;
  document.body.classList.toggle("my-turn", mine);
}

function showGameOver(ctx) {
  const slot = $("#game-over-slot");
  if (slot.dataset.version === String(page.version)) return;
  const first = !slot.childElementCount;
  slot.dataset.version = String(page.version);
  slot.replaceChildren(gameOverSection(page.board, ctx));
  if (first) slot.scrollIntoView({block: "start"});
}

function showHeader() {
  const w = page.welcome;
  if (!w) return;
  $("#game-title").textContent = page.board?.title || w.game;
  $("#table-name").textContent = w.name || tableId;
  const name = w.seat === null ? null : page.seats[w.seat]?.name;
  $("#who").textContent = w.seat === null ? "Watching (spectator)"
    : name ? `You are ${name} (Player ${w.seat + 1})` : `You are Player ${w.seat + 1}`;
}

// -- the class: paused by the teacher, or ended ------------------------------------------------------

function showClassState() {
  const note = $("#class-state");
  note.hidden = !(page.paused || page.ended);
  note.textContent = page.ended ? "The teacher has ended this game."
    : page.paused ? "Paused by the teacher: eyes up front. The game goes on when they resume it." : "";
}

// -- the student's name -------------------------------------------------------------------------------

const NAME_KEY = "evogames-name";

function askName() {
  const seat = page.welcome?.seat;
  const box = $("#name-box");
  if (seat === null || seat === undefined || page.seats[seat]?.name) {
    box.hidden = true;
    return;
  }
  const input = $("#name-input");
  input.value = localStorage.getItem(NAME_KEY) || "";
  box.hidden = false;
}

$("#name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("#name-input").value.trim();
  if (!name) return;
  localStorage.setItem(NAME_KEY, name);
  connection.send({type: "name", name});
  $("#name-box").hidden = true;
  $("#board").focus();
});
document.querySelector('a[href="#help"]').addEventListener("click", () => { $("#help").open = true; });
$("#name-skip").addEventListener("click", () => { $("#name-box").hidden = true; });

// -- the log ---------------------------------------------------------------------------------------

function appendLog(entries) {
  const list = $("#log");
  for (const entry of entries || []) {
    list.append(h("li", {class: `log-${entry.kind}`}, entry.text));
  }
  if (page.stickLog) $("#log-box").scrollTop = $("#log-box").scrollHeight;
}

// The log follows new entries unless the reader scrolled up to read older ones.
page.stickLog = true;
$("#log-box").addEventListener("scroll", () => {
  const box = $("#log-box");
  page.stickLog = box.scrollHeight - box.scrollTop - box.clientHeight < 60;
});
window.addEventListener("resize", () => {
  if (page.stickLog) $("#log-box").scrollTop = $("#log-box").scrollHeight;
});

// -- the banner ------------------------------------------------------------------------------------

function showBanner(text, code, sticky = false) {
  const banner = $("#banner");
  const prefix = {"action/stale": "The board changed: ", fatal: "", offline: ""}[code] ?? "Not allowed: ";
  fill($("#banner-text"), prefix ? h("strong", {}, prefix) : null, text);
  banner.dataset.code = code || "";
  banner.hidden = false;
  clearTimeout(page.bannerTimer);
  if (!sticky) page.bannerTimer = setTimeout(hideBanner, 12000);
}

function hideBanner() {
  if ($("#banner").dataset.code === "fatal") return;
  $("#banner").hidden = true;
}

$("#banner-close").addEventListener("click", () => { $("#banner").dataset.code = ""; hideBanner(); });

// -- who is connected (polled: the websocket carries only game states) --------------------------------

async function pollConnected() {
  try {
    const summary = await fetchJSON(`/api/tables/${encodeURIComponent(tableId)}`);
    const connected = new Set(summary.seats.filter((s) => s.connected).map((s) => s.seat));
    const before = page.connected ? [...page.connected].sort().join() : null;
    page.connected = connected;
    if (before !== [...connected].sort().join()) draw();
  } catch {
    // the connection status already says when the server is away
  }
}

pollConnected();
setInterval(pollConnected, 4000);
// For tests and the curious: the page's connection (e.g. window.evogames.connection.act({...})).
window.evogames = {connection, page};
