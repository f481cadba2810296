// A finished table, step by step: the spectator's view at every step (drawn by the game's own board,
// as on the table page), with the log beside it. Back, forward, first, last, a slider, "jump to round",
// and the arrow keys (Home/End: first/last). The data: /api/tables/{id}/replay (see server/replay.py).
// replayLink() is the "Replay" link other pages show for a finished table.
import {loadBoard} from "./boards.js";
import {$, fetchJSON, fill, h} from "/static/kit/dom.js";
import {seatLabel, withNames} from "/static/kit/names.js";
import {capital, roundWord} from "./pooled.js";

/** A "Replay" link to a finished table (``token``: a player's seat code; the teacher needs none). */
export function replayLink(table, token = null, cls = "btn secondary small", text = "Replay") {
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  return h("a", {class: cls, href: `/replay/${encodeURIComponent(table.table_id)}${query}`,
    "aria-label": `Replay ${table.name || "this game"} step by step`}, text);
}

/** The link on a player's own game-over screen (none for a spectator without a seat code). */
export function replayLinkHere() {
  const params = new URLSearchParams(location.search);
  const token = params.get("token") || (params.get("seats") || "").split(",")[0].trim();
  const id = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
  return token && id ? replayLink({table_id: id}, token, "btn secondary", "Replay this game step by step") : null;
}

const page = {id: "", token: null, data: null, board: null, game: null, step: 0, target: null, log: [], want: null,
  loading: false};

export function start() {
  page.id = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  page.token = new URLSearchParams(location.search).get("token");
  $("#first").addEventListener("click", () => go(0));
  $("#back").addEventListener("click", () => go(page.target - 1));
  $("#forward").addEventListener("click", () => go(page.target + 1));
  $("#last").addEventListener("click", () => go(page.data.steps));
  $("#slider").addEventListener("input", () => go(Number($("#slider").value)));
  $("#round").addEventListener("change", () => go(Number($("#round").value)));
  document.addEventListener("keydown", onKey);
  go(null);
}

function onKey(event) {
  if (!page.data || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest?.("input, select, textarea")) return; // the slider and the list move by themselves
  const to = {ArrowRight: page.target + 1, ArrowLeft: page.target - 1, Home: 0, End: page.data.steps}[event.key];
  if (to === undefined) return;
  event.preventDefault();
  go(to);
}

/** Show step ``step`` (null: the end); clicks faster than the server answers count from the step asked
 * for last, and only the last one is fetched. */
function go(step) {
  if (page.data) step = Math.max(0, Math.min(page.data.steps, step));
  if (page.data && step === page.target) return;
  page.target = step;
  page.want = step;
  if (!page.loading) load();
}

async function load() {
  page.loading = true;
  while (page.want !== undefined) {
    const step = page.want;
    page.want = undefined;
    try {
      show(await fetchJSON(replayUrl(step)));
    } catch (err) {
      fill($("#banner-text"), h("strong", {}, "No replay: "), err.message);
      $("#banner").hidden = false;
      if (!page.data) fill($("#board"), h("p", {class: "muted"}, "This game cannot be replayed here."));
    }
  }
  page.want = null;
  page.loading = false;
}

function replayUrl(step) {
  const q = new URLSearchParams({log_from: String(page.log.length)});
  if (step !== null) q.set("step", String(step));
  if (page.token) q.set("token", page.token);
  return `/api/tables/${encodeURIComponent(page.id)}/replay?${q}`;
}

async function show(data) {
  const first = !page.data;
  page.data = data;
  page.step = data.step;
  if (page.target === null) page.target = data.step;
  if (data.log_from <= page.log.length) page.log = page.log.slice(0, data.log_from).concat(data.log);
  if (first) await setUp(data);
  showControls(data);
  drawBoard(data);
  showLog(data.log_count, data.step_log_from);
}

async function setUp(data) {
  page.game = data.game;
  page.board = await loadBoard(data.game, "replay");
  $("#game-title").textContent = page.board.title || data.game;
  $("#table-name").textContent = data.name;
  $("#players").textContent = data.seats.map((s) => seatLabel(s.seat, data.seats)).join(", ");
  document.title = `Replay · ${page.board.title || data.game} · evogames`;
  const slider = $("#slider");
  slider.max = String(data.steps);
  // what the game counts, in its own word (Phylo, Dodo and Evolution count turns), as the table page says it
  for (const unit of document.querySelectorAll(".unit")) unit.textContent = roundWord(data);
  for (const unit of document.querySelectorAll(".unit-cap")) unit.textContent = capital(roundWord(data));
  fill($("#round"), data.rounds.map(([round, at]) => h("option", {value: String(at)}, String(round))));
  $("#controls").hidden = false;
}

function showControls(data) {
  $("#slider").value = String(data.step);
  $("#first").disabled = $("#back").disabled = data.step === 0;
  $("#forward").disabled = $("#last").disabled = data.step === data.steps;
  const current = [...data.rounds].reverse().find(([, at]) => at <= data.step);
  if (current) $("#round").value = String(current[1]);
  $("#step-label").textContent = `Step ${data.step} of ${data.steps} · ${capital(roundWord(data))} ${data.round ?? "–"}`;
  const over = data.step === data.steps;
  $("#over-note").hidden = !over;
  $("#over-note").textContent = !over ? "" : data.ended && !data.over ? "The teacher ended this game here."
    : headline(data);
}

function headline(data) {
  try {
    return `Game over: ${page.board.results(context(data)).headline}`;
  } catch {
    return "Game over.";
  }
}

// the last step of a table the teacher ended: nobody acts any more
const endedHere = (data) => data.ended && !data.over && data.step === data.steps;

function context(data) {
  const view = endedHere(data) ? {...data.view, to_act: [], legal: [], ended: true} : data.view;
  return {view, seat: null, seats: data.seats, connected: null, act: () => {}, redraw: () => drawBoard(page.data)};
}

function drawBoard(data) {
  const root = $("#board");
  page.board.render(root, context(data));
  // the board's prompt says the teacher's end, not "Waiting for Maya…" (no one is waited for)
  const title = endedHere(data) ? root.querySelector("#prompt .prompt-title") : null;
  if (title) title.textContent = "The teacher ended the game here.";
}

/** The first ``count`` lines of the log; the lines this step added (from ``from``) are marked. */
function showLog(count, from) {
  const list = $("#log");
  while (list.childElementCount > count) list.lastElementChild.remove();
  for (const entry of page.log.slice(list.childElementCount, count)) {
    list.append(h("li", {class: `log-${entry.kind}`}, withNames(entry.text, page.data.seats)));
  }
  [...list.children].forEach((li, i) => li.classList.toggle("now", i >= from));
  const box = $("#log-box");
  box.scrollTop = box.scrollHeight;
}
