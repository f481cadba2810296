// A table in the browser: one seat (with ?token=CODE), a spectator, or several seats on one device
// (pass and play, with ?seats=CODE1,CODE2: see passplay.js).
// This file is the game-independent part: the connections, the header, the error banner,
// the log, the game-over screen. Each game draws its own board: games/<name>/web/board.js in its
// package, served at /static/games/<name>/board.js and chosen by the view's "game"; a board exports
// title, render(root, ctx), help() and results(ctx).
import {TableConnection} from "./connection.js";
import {$, fetchJSON, fill, h} from "/static/kit/dom.js";
import {endedSection, gameOverSection} from "./gameover.js";
import {loadBoard} from "./boards.js";
import {seatLabel as labelOf, withNames} from "/static/kit/names.js";

/** One websocket and what it has heard: the welcome, the latest state and the whole log so far. */
class Feed {
  constructor(token, listener, instance = "") {
    this.welcome = null;
    this.state = null;
    this.log = [];
    this.instance = instance;
    this.board = null; // {game, module}
    this.dead = false;
    this.status = ["Connecting…", false];
    feeds.push(this);
    this.connection = new TableConnection(tableId, token, {
      welcome: (message) => {
        this.welcome = message;
        this.log = []; // a new connection hears the log from the start
        listener.welcome(this);
      },
      state: (message) => {
        this.state = message;
        this.log.push(...(message.log || []));
        listener.state(this);
      },
      error: (message) => listener.error(this, message),
      seat: (message) => listener.seat(this, message),
      hint: (message) => listener.hint(this, message),
      status: (text, ok) => {
        this.status = [text, ok];
        listener.status();
      },
      fatal: (reason, code) => {
        this.dead = true; // retrying cannot help (a bad code, or the seat opened in another window)
        listener.fatal(this, reason, code);
      },
    });
  }

  get seat() { return this.welcome?.seat ?? null; }

  async boardFor(game) {
    if (this.board?.game !== game) this.board = {game, module: await loadBoard(game, this.instance)};
    return this.board.module;
  }
}

const feeds = []; // every connection of this page
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.search);
const codes = [...new Set((params.get("seats") || "").split(",").map((c) => c.trim()).filter(Boolean))];
const token = params.get("token") || (codes.length === 1 ? codes[0] : null);
const page = {feed: null, welcome: null, view: null, version: null, board: null, boardName: null, connected: null,
  bannerTimer: null, seats: [], paused: false, ended: false, stickLog: true, logFrom: null, mode: null, helpFor: null,
  heard: null, seatNote: null, hint: null};

const listener = {
  welcome(feed) {
    page.seats = feed.welcome.seats || page.seats;
    if (page.mode) page.mode.update();
    else show(feed);
    if (feed === page.feed) { askName(); showSeatLink(); }
    setTimeout(pollConnected, 300);
  },
  async state(feed) {
    await ensureHelp(feed.state.view.game);
    await feed.boardFor(feed.state.view.game);
    if (page.mode) page.mode.update();
    else show(feed);
  },
  error(feed, message) {
    if (page.hint?.asking && feed === page.feed) { page.hint = null; showCoach(); }
    showBanner(message.reason, message.code);
    // a name refused (the teacher's, a classmate's): offer the name box again
    if (String(message.code).startsWith("seat/name") && feed === page.feed && !page.mode) $("#name-add").hidden = false;
  },
  seat(feed, message) {
    if (page.mode) {  // pass and play: say whose seat it is
      showBanner(`${seatLabel(message.seat)}: ${message.reason}`, "seat", message.held);
      return;
    }
    if (feed !== page.feed) return;
    // the state that follows says the same; until it comes, the seat is as the message says
    page.seats = page.seats.map((s) => s.seat === message.seat
      ? {...s, kind: message.held ? "bot" : "human", bot: message.held ? message.bot || s.bot : undefined} : s);
    page.seatNote = {held: message.held, text: message.reason, until: Date.now() + NOTE_SHOWN};
    showSeatState();
    showCoach();
    draw(); // the board's controls go (a bot plays the seat) or come back
    if (!message.held) setTimeout(showSeatState, NOTE_SHOWN + 50);
  },
  hint(feed, message) {
    if (feed !== page.feed || !page.hint?.asking) return;
    page.hint = {choices: page.hint.choices, text: message.text, moves: message.moves || []};
    showCoach();
    draw(); // a board may mark the coach's moves (Phylo: on the spaces they name)
  },
  status() {
    const [text, ok] = feeds.map((f) => f.status).find(([, good]) => !good) || ["Connected", true];
    const el = $("#status");
    el.textContent = text;
    el.className = ok ? "status ok" : "status warn";
  },
  fatal(feed, reason, code) {
    const advice = code === 4409 ? "" : " Ask your teacher for the right link or code.";
    const whose = page.mode && feed.seat !== null ? `${seatLabel(feed.seat)}: ` : "";
    showBanner(`${whose}${reason}${advice}`, "fatal", true);
    feed.closed = true;  // nothing sent from here arrives any more: the board offers no move, the Hint none
    if (feed === page.feed && !page.mode) { showCoach(); draw(); }
    page.mode?.update();
  },
};

/** Show what a feed has heard: its board, its log, its header. Showing another feed replaces all three
 * (nothing of the feed shown before stays in the page). */
function show(feed) {
  const switched = page.feed !== feed;
  const heard = [feed.welcome, feed.state, feed.board?.module];
  if (!switched && page.heard?.every((x, i) => x === heard[i])) return; // nothing new to show
  page.heard = heard;
  page.feed = feed;
  page.welcome = feed.welcome;
  const state = feed.state;
  if (state) {
    Object.assign(page, {version: state.version, view: state.view, seats: state.seats || page.seats,
      paused: Boolean(state.paused), ended: Boolean(state.ended), hints: state.hints !== false});
  } else {
    Object.assign(page, {version: null, view: null});
  }
  page.board = feed.board?.module || null;
  page.boardName = feed.board?.game || null;
  if (switched) {
    page.hint = null; // a hint is its seat's alone: passing the device (pass and play) takes it away
    hideBanner();
    $("#game-over-slot").replaceChildren();
    delete $("#game-over-slot").dataset.version;
    fill($("#board"), h("p", {class: "muted"}, "Connecting to the table…"));
    $("#name-box").hidden = true;
  }
  showLog(feed);
  showHeader();
  showClassState();
  showSeatState();
  showCoach();
  draw();
}

async function ensureHelp(game) {
  if (page.helpFor === game) return;
  page.helpFor = game;
  const board = await loadBoard(game);
  fill($("#help-body"), board.help() || await servedHelp(game));
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
  const feed = page.feed;
  return {
    // a table the teacher ended: nobody acts any more, so no board offers a move; nor to a seat a bot plays
    view: page.ended ? {...page.view, to_act: [], legal: [], ended: true}
      : botHolds(feed.seat) || feed.closed ? watching(page.view, feed.seat) : page.view,
    seat: feed.seat,
    seats: page.seats,
    connected: page.connected,
    // the coach's named moves while its hint still holds ({action, label, share}), for a board to mark
    hint: page.hint && !page.hint.asking && page.hint.choices === choicesOf(page.view, feed.seat) ? page.hint.moves : [],
    act: (action) => {
      hideBanner();
      if (feed.connection.act(action) === false) showBanner("Not connected right now; the page is reconnecting. Try again in a moment.", "offline");
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
  if (botHolds(ctx.seat)) sayBotPlays(root, ctx.seat);
  if (page.view.over) showGameOver(() => gameOverSection(page.board, ctx));
  else if (page.ended) showGameOver(() => endedSection(ctx));
  else $("#game-over-slot").replaceChildren();
  if (focused) root.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
  const mine = ctx.seat !== null && ctx.view.to_act.includes(ctx.seat);
  document.title = `${mine ? "Your turn · " : ""}${page.board.title} · evogames`;
  document.body.classList.toggle("my-turn", mine);
}

/** The end of the game under the board (``section()`` makes it): the result, or the teacher's end. */
function showGameOver(section) {
  const slot = $("#game-over-slot");
  const version = `${page.version}${page.ended ? " ended" : ""}`;
  if (slot.dataset.version === version) return;
  const first = !slot.childElementCount;
  slot.dataset.version = version;
  slot.replaceChildren(section());
  if (first) slot.scrollIntoView({block: "start"});
}

/** "Ann", "Player 2" or "Player 3 · bot (hard)": what the table calls a seat (kit/web/names.js). */
const seatLabel = (seat) => labelOf(seat, page.seats);

function showHeader() {
  const w = page.welcome;
  if (!w) return;
  $("#game-title").textContent = page.board?.title || w.game;
  $("#table-name").textContent = w.name || tableId;
  const name = w.seat === null ? null : page.seats[w.seat]?.name;
  $("#who").textContent = w.seat === null ? page.mode?.who() || "Watching (spectator)"
    : name ? `You are ${name} (Player ${w.seat + 1})` : `You are Player ${w.seat + 1}`;
}

// -- the class: paused by the teacher, or ended ------------------------------------------------------

function showClassState() {
  // an ended table's own section says so ("Game over: your teacher ended this game"): no second note above it
  const note = $("#class-state");
  note.hidden = !page.paused || page.ended;
  note.textContent = note.hidden ? "" : "Paused by the teacher: eyes up front. The game goes on when they resume it.";
}

// -- a seat the teacher gave to a bot -------------------------------------------------------------------

const NOTE_SHOWN = 15000; // ms: "your seat is back" stays this long

/** The level of the bot the teacher gave ``seat`` to ("hard", as the log names bots), or null while a person plays it. */
function botHolds(seat) {
  const entry = seat === null || seat === undefined ? null : page.seats[seat];
  return entry?.kind === "bot" ? entry.bot || "computer" : null;
}

const heldText = (level, over) => over
  ? `Your teacher gave your seat to a bot (${level}); it played your hand to the end of the game.`
  : `Your teacher has given your seat to a bot (${level}) for now. You can watch it play your hand; `
    + "the seat comes back to you when your teacher gives it back.";

/** The view as a seat a bot plays sees it: its hand and the board, but nothing for it to do (the bot acts). */
function watching(view, seat) {
  return view && {...view, to_act: view.to_act.filter((s) => s !== seat), legal: []};
}

/** On the held seat's turn the board's prompt says the bot is playing it (the board was drawn without the turn). */
function sayBotPlays(root, seat) {
  const prompt = root.querySelector("#prompt");
  if (!prompt || page.view.over || !page.view.to_act.includes(seat)) return;
  prompt.classList.remove("your-turn");
  const others = page.view.to_act.filter((s) => s !== seat).map(seatLabel);
  const also = others.length ? ` (and waiting for ${others.join(", ")})` : "";
  const title = h("p", {class: "prompt-title"}, `The bot (${botHolds(seat)}) is playing your turn${also}…`);
  const old = prompt.querySelector(".prompt-title");
  if (old) old.replaceWith(title);
  else prompt.prepend(title);
}

/** While a bot plays this page's seat: a note that says so (the server's words when it told us); for a
 * while after the seat comes back: a note that says that. */
function showSeatState() {
  const note = $("#seat-state");
  const seat = page.mode ? null : page.feed?.seat ?? null;
  // over, a seat a bot held at the end is the student's again in every name; ``held_by_bot`` keeps the bot's level
  const level = botHolds(seat) ?? (seat === null ? null : page.seats[seat]?.held_by_bot ?? null);
  const held = level !== null;
  const told = page.seatNote;
  const text = held ? heldText(level, Boolean(page.view?.over || page.ended)) : told && !told.held && Date.now() < told.until ? told.text : "";
  note.hidden = !text;
  note.textContent = text;
  note.classList.toggle("back", !held);
}

// -- the coach: a hint on this seat's turn ---------------------------------------------------------------

/** The Hint button while it is the shown seat's turn (a game going on; in pass and play, the seat the device
 * was handed to), and the coach's last sentence while it still fits the board. */
function showCoach() {
  const seat = page.feed?.seat ?? null;
  const view = page.view;
  const mine = seat !== null && view && !view.over && !page.paused && !page.ended && page.hints && !page.feed.closed
    && view.to_act.includes(seat) && page.seats[seat]?.kind !== "bot";
  // a hint holds while the seat's choices stay the same (others may move meanwhile, as in a simultaneous step)
  if (page.hint && page.hint.choices !== choicesOf(view, seat)) page.hint = null;
  $("#coach").hidden = !mine && !page.hint;
  $("#hint").disabled = !mine || page.hint?.asking;
  $("#hint-text").textContent = page.hint?.asking ? "Thinking…" : page.hint?.text || "";
}

const choicesOf = (view, seat) => (view && seat !== null && view.to_act.includes(seat) ? JSON.stringify(view.legal) : null);

$("#hint").addEventListener("click", () => {
  if (page.feed?.connection.hint()) page.hint = {choices: choicesOf(page.view, page.feed.seat), asking: true};
  showCoach();
});

// -- the student's name -------------------------------------------------------------------------------

const NAME_KEY = "evogames-name";
const JOIN_NAME = "evogames-join-name"; // set by the join page, sent once the seat is open

/** Ask the seat shown for a name it does not have yet (on a shared device: once a seat, never prefilled). */
function askName() {
  const seat = page.welcome?.seat;
  const box = $("#name-box");
  if (seat === null || seat === undefined || page.seats[seat]?.name || page.mode?.asked.has(seat)) {
    box.hidden = true;
    return;
  }
  if (!page.mode) {  // one seat: the name typed on the join page, or a small button (the board stays first)
    const typed = sessionStorage.getItem(JOIN_NAME);
    sessionStorage.removeItem(JOIN_NAME);
    if (typed) page.feed.connection.send({type: "name", name: typed});
    $("#name-add").hidden = Boolean(typed);
    box.hidden = true;
    return;
  }
  page.mode.asked.add(seat);
  $("#name-title").textContent = page.mode ? `${seatLabel(seat)}, what is your name?` : "What is your name?";
  $("#name-note").textContent = page.mode ? "Your table and your teacher see it. This shared device does not keep it."
    : "Your table and your teacher see it. It stays on this computer and the teacher's.";
  $("#name-input").value = page.mode ? "" : localStorage.getItem(NAME_KEY) || "";
  box.hidden = false;
}

$("#name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("#name-input").value.trim();
  if (!name) return;
  if (!page.mode) localStorage.setItem(NAME_KEY, name);
  if (($("#banner").dataset.code || "").startsWith("seat/name")) hideBanner();  // the last name's refusal: this one is new
  page.feed.connection.send({type: "name", name});
  $("#name-box").hidden = true;
  $("#name-add").hidden = true;
  $("#board").focus();
});
document.querySelector('a[href="#help"]').addEventListener("click", () => { $("#help").open = true; });
$("#name-skip").addEventListener("click", () => { $("#name-box").hidden = true; });
$("#name-add").addEventListener("click", () => {
  $("#name-title").textContent = "What is your name?";
  $("#name-input").value = localStorage.getItem(NAME_KEY) || "";
  $("#name-box").hidden = false;
  $("#name-add").hidden = true;
  $("#name-input").focus();
});

// -- this seat's link (the lobby opens a lone player's seat at once: its link is kept here) ------------------

/** "Your seat's link": the seat's code and the address to open it again, here or on another device (only on a
 * page that opened one seat by its code; never for a spectator or a shared device). */
async function showSeatLink() {
  const box = $("#seat-link");
  if (page.mode || !token || page.welcome?.seat === null || page.welcome?.seat === undefined) return;
  const base = await fetchJSON("/api/server").then((server) => server.base, () => location.origin);
  const url = `${base}/table/${encodeURIComponent(tableId)}?token=${encodeURIComponent(token)}`;
  $("#seat-code").textContent = token;
  $("#seat-url").value = url;
  $("#seat-join").textContent = `${base}/join`;
  box.hidden = false;
}

$("#seat-url").addEventListener("focus", (event) => event.target.select());
$("#seat-copy").addEventListener("click", async () => {
  const copy = $("#seat-copy");
  try {
    await navigator.clipboard.writeText($("#seat-url").value);
    copy.textContent = "Copied";
  } catch {
    $("#seat-url").select();
    copy.textContent = "Press Ctrl+C";
  }
});

// -- the log ---------------------------------------------------------------------------------------

/** The shown feed's log: new entries are appended; another feed's log replaces the list. */
function showLog(feed) {
  const list = $("#log");
  const from = page.logFrom;
  const names = JSON.stringify(page.seats.map((s) => [s.kind, s.name, s.bot, s.stands_in])); // a new name rewrites the log
  if (!from || from.feed !== feed || from.welcome !== feed.welcome || from.count > feed.log.length || from.names !== names) {
    list.replaceChildren();
    page.logFrom = {feed, welcome: feed.welcome, count: 0, names};
  }
  for (const entry of feed.log.slice(page.logFrom.count)) {
    list.append(h("li", {class: `log-${entry.kind}`}, withNames(entry.text, page.seats, feed.seat)));
  }
  page.logFrom.count = feed.log.length;
  if (page.stickLog) $("#log-box").scrollTop = $("#log-box").scrollHeight;
}

// The log follows new entries unless the reader scrolled up to read older ones.
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
  const prefix = {"action/stale": "The board changed: ", fatal: "", offline: "", seat: "", "storage/unavailable": "",
    "http/too_many_connections": ""}[code] ?? "Not allowed: ";
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

/** What pass and play needs of the shell. */
const shell = {
  page, show, seatLabel, askName,
  feed: (code, instance) => new Feed(code, listener, instance),
  focusBoard: () => $("#board").focus({preventScroll: true}),
};

if (codes.length > 1) {
  const {PassAndPlay} = await import("./passplay.js");
  page.mode = new PassAndPlay(shell, codes);
} else {
  page.feed = new Feed(token, listener);
}

pollConnected();
setInterval(pollConnected, 4000);
// For tests and the curious: the connection of the feed shown (e.g. window.evogames.connection.act({...})).
window.evogames = {get connection() { return page.feed?.connection; }, page};
