// The class debrief, for the projector: one class's tables (the teacher picks the class, or the tables outside
// any class), every table's result side by side, the game's numbers pooled over
// the class (round by round, what won, winners against everyone else), and the rulebook's discussion
// questions with the class's own numbers. Generic over the games: it reads each table's Match.stats().
import {$, fetchJSON, fill, h, s} from "/static/kit/dom.js";
import {SEAT_COLOURS} from "/static/kit/plot.js";
import {listing, seatLabel} from "/static/kit/names.js";
import {
  AT_THE_BELL, FINISHED, asEnded, classFacts, decided, endedEarly, finalMeans, fmt, historyMetrics, kindTally, lastStep, percent,
  pooledSeries, progressText, questionFacts, roundHeading, seatComparison, stepWord, words,
} from "./pooled.js";
import {replayLink} from "./replay.js";

const PLAYING_MS = 5000; // while tables play
const IDLE_MS = 30000; // when every table is over: new tables still show up
const SHOWN_MEASURES = 6;

let chosen = new URLSearchParams(location.search).get("game");
let group = new URLSearchParams(location.search).get("class"); // a class's id, "other"; null: the newest class
let titles = {};
let last = ""; // the last debrief drawn (JSON): nothing changed, nothing redrawn
let timer = null;
const expanded = new Set(); // the measure tables shown whole ("all-measures", "all-measures-ended")
const learning = new Map();

/** A table's score column, named by its game ("Offspring", "Points"), "(low wins)" where lower is better. */
function scoreHeading(t) {
  const label = t.score_label || "Score";
  return t.result?.lower_is_better || t.lower_is_better ? `${label} (low wins)` : label;
}

function learningOf(game) {
  if (!learning.has(game)) {
    learning.set(game, fetchJSON(`/api/games/${encodeURIComponent(game)}/learning`).catch(() => null));
  }
  return learning.get(game);
}

async function refresh() {
  clearTimeout(timer);
  let wait = PLAYING_MS;
  try {
    const query = new URLSearchParams();
    if (group) query.set("class", group);
    if (chosen) query.set("game", chosen);
    const data = await fetchJSON(`/api/class/debrief${query.toString() ? `?${query}` : ""}`);
    const text = JSON.stringify(data);
    const questions = data.game ? await learningOf(data.game) : null;
    if (text !== last) {
      last = text;
      draw(data, questions);
    }
    const playing = data.tables.filter((t) => !t.over && !t.ended).length;
    wait = playing || !data.tables.length ? PLAYING_MS : IDLE_MS;
    status(data, playing);
  } catch (err) {
    $("#status").textContent = `Could not load the class: ${err.message}`;
    $("#updated").textContent = "";
  }
  timer = setTimeout(refresh, wait);
}

/** What the class is doing (a live region: it speaks only when that changes), and the time of the update. */
function status(data, playing) {
  const parts = [];
  if (data.paused) parts.push("Every table is paused.");
  if (playing) parts.push(`${playing} table${playing === 1 ? " is" : "s are"} still playing: this page updates every 5 seconds.`);
  else if (data.tables.some((t) => t.ended && !t.over)) parts.push("Every table has finished or was ended.");
  else if (data.tables.length) parts.push("Every table has finished.");
  else parts.push("No tables yet: this page updates every 5 seconds.");
  const text = parts.join(" ");
  if ($("#status").textContent !== text) $("#status").textContent = text;
  $("#updated").textContent = `Updated ${new Date().toLocaleTimeString()}.`;
}

// -- drawing ------------------------------------------------------------------------------------

function draw(data, learn) {
  const focused = document.activeElement?.dataset?.key;
  const title = [data.class ? data.class.name : data.classes.length ? "Other tables" : "",
    data.title || titles[data.game] || ""].filter(Boolean).join(" · ");
  $("#game-title").textContent = title ? `: ${title}` : "";
  document.title = `Class debrief${title ? `: ${title}` : ""} · evogames`;
  classPicker(data);
  picker(data);
  if (!data.tables.length) {
    fill($("#debrief"), h("section", {class: "panel"},
      h("h2", {}, "No tables yet"),
      h("p", {}, "Set up a class on the ", h("a", {href: "/teacher", dataset: {key: "teacher-page"}}, "teacher's page"),
        "; its tables appear here as they play.")));
    return;
  }
  const tables = [...data.tables].sort((a, b) => a.created - b.created
    || a.name.localeCompare(b.name, undefined, {numeric: true}));
  const bell = atTheBell(tables);
  fill($("#debrief"),
    overview(tables, bell),
    tablesSection(tables, bell),
    roundsSection(tables, bell),
    wonSection(tables),
    leadingSection(bell),
    talkSection(tables, bell, learn));
  reopen();
  if (focused) document.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
}

function picker(data) {
  const nav = $("#games");
  nav.hidden = data.games.length < 2;
  if (nav.hidden) return;
  fill(nav, h("span", {class: "picker-label", id: "games-label"}, "Game:"),
    data.games.map((game) => h("button", {type: "button", class: ["btn", game === data.game ? "primary" : "secondary"],
      "aria-pressed": String(game === data.game), dataset: {key: `game-${game}`},
      onclick: () => choose(game)}, titles[game] || game)));
}

/** Which class to look at: each class (newest first), and the tables made outside any class. */
function classPicker(data) {
  const nav = $("#classes");
  const current = data.class ? data.class.id : "other";
  const entries = [...data.classes.map((c) => [c.id, c.name]), ...(data.other || current === "other" ? [["other", "Other tables"]] : [])];
  nav.hidden = !data.classes.length;
  if (nav.hidden) return;
  fill(nav, h("span", {class: "picker-label"}, "Class:"),
    entries.map(([id, name]) => h("button", {type: "button", class: ["btn", id === current ? "primary" : "secondary"],
      "aria-pressed": String(id === current), dataset: {key: `class-${id}`}, onclick: () => chooseClass(id)}, name)));
  const link = document.querySelector("[data-key='teacher-link']");
  if (link) link.href = `/teacher?class=${encodeURIComponent(current)}`;
}

function chooseClass(id) {
  group = id;
  chosen = null;
  const url = new URL(location.href);
  url.searchParams.set("class", id);
  url.searchParams.delete("game");
  history.replaceState(null, "", url);
  last = "";
  refresh();
}

function choose(game) {
  chosen = game;
  const url = new URL(location.href);
  url.searchParams.set("game", game);
  history.replaceState(null, "", url);
  last = "";
  refresh();
}

/** "7 and 9", "7, 8 and 9": a few numbers, each (more than six: the lowest and highest). */
function scoresListed(values) {
  const sorted = [...values].sort((a, b) => a - b).map(fmt);
  return sorted.length > 6 ? `${sorted[0]} to ${sorted[sorted.length - 1]}` : listing(sorted);
}
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * The tables the teacher ended, as they stood when ended (their leaders in the place of winners), in their own
 * list: never pooled with the finished games. Their scores count lower-is-better as each table's summary says (else
 * as the finished tables say).
 */
function atTheBell(tables) {
  const lower = decided(tables).some((t) => t.result.lower_is_better);
  return endedEarly(tables).map((t) => asEnded(t, t.lower_is_better ?? lower)); // the table's own word first
}

// -- your class in numbers ------------------------------------------------------------------------

function overview(tables, bell) {
  const f = classFacts(tables);
  const e = classFacts(bell);
  const word = roundHeading(tables);
  const left = [f.ended ? `${f.ended} ended by you` : null, f.playing ? `${f.playing} still playing` : null].filter(Boolean);
  const items = [
    ["Tables finished", `${f.over} of ${f.tables}`, left.length ? left.join(", ") : "every table"],
    ["Players", String(f.players), [f.people ? `${f.people} student${f.people === 1 ? "" : "s"}` : null,
      f.bots ? `${f.bots} bot${f.bots === 1 ? "" : "s"}` : null].filter(Boolean).join(", ")],
  ];
  if (f.rounds.mean !== null) items.push([`${word}s a game`, fmt(f.rounds.mean), roundsNote(f)]);
  if (f.winningScore !== null) {
    const several = f.winningScores.length > 1;
    items.push([several ? "Winners' final score (mean)" : "Winner's final score", fmt(f.winningScore),
      `${several ? `each: ${scoresListed(f.winningScores)}; ` : ""}everyone's mean: ${fmt(f.score)}${f.lowerIsBetter ? " (lower is better)" : ""}`]);
  }
  const top = wonMost(f);
  if (top) items.push(["Won most", top.big, top.note]);
  // the ended tables' facts after the finished games', each saying so, in grey as their cards
  if (e.rounds.count) items.push(["Ended tables stood at", stoodAt(e, word), `${plural(e.tables, "table")} ended by you`, "ended"]);
  if (e.winners && e.winningScore !== null) {
    const several = e.winningScores.length > 1;
    items.push([several ? "Mean of the leading scores when ended" : "Leading score when ended", fmt(e.winningScore),
      `${several ? `each leader: ${scoresListed(e.winningScores)}; ` : ""}everyone's mean: ${fmt(e.score)}, as they stood when ended`, "ended"]);
  }
  const ahead = wonMost(e, "leader");
  if (ahead) items.push(["Leading most when ended", ahead.big, ahead.note, "ended"]);
  return h("section", {class: "class-facts", "aria-labelledby": "facts-title"},
    h("h2", {id: "facts-title"}, "Your class"),
    h("dl", {class: "fact-grid"}, items.map(([term, big, small, kind]) => h("div", {class: ["fact", kind]},
      h("dt", {}, term), h("dd", {}, h("span", {class: ["big", big.length > 14 ? "long" : null]}, big), h("span", {class: "fact-note"}, small))))));
}

/** Where the ended tables stood: "Round 3", "Rounds 2 to 4" (the round, or turn, each was in when ended). */
function stoodAt(e, word) {
  return e.rounds.low === e.rounds.high ? `${word} ${e.rounds.low}` : `${word}s ${e.rounds.low} to ${e.rounds.high}`;
}

/** Which tables the rounds count: a game finished; a table ended by the teacher is not one (it has its own fact). */
function roundsNote(f) {
  const range = f.rounds.low === f.rounds.high ? null : `from ${f.rounds.low} to ${f.rounds.high}`;
  if (f.rounds.count === f.tables) return range || "every table";
  const counted = `${f.rounds.count} finished table${f.rounds.count === 1 ? "" : "s"}`;
  return range ? `${range}, ${counted}` : `${f.rounds.count === 1 ? "the" : "each of the"} ${counted}`;
}

/** What a section counted: the finished tables and their players, and the tables left out. */
function counted(tables) {
  const f = classFacts(tables);
  const done = decided(tables);
  const players = done.reduce((sum, t) => sum + (t.seats?.length || 0), 0);
  const out = [f.ended ? `${f.ended} ended by you` : null, f.playing ? `${f.playing} still playing` : null].filter(Boolean);
  return `Counted: ${done.length} finished table${done.length === 1 ? "" : "s"}, ${players} players`
    + (out.length ? ` (not counted: ${out.join(", ")}).` : ".");
}

/** The kind that won most (or led most when ended), or the kinds that tie for it: {big, note} (null before any
 * table is decided). */
function wonMost(f, noun = "winner") {
  const top = f.topKinds;
  if (!top.length) return null;
  const each = `${top[0].winners} of ${plural(f.winners, noun)}${noun === "winner" ? "" : " when ended"}`;
  if (top.length === 1) return {big: words(top[0].kind), note: each};
  if (top.length === 2) return {big: `${words(top[0].kind)} and ${words(top[1].kind)}`, note: `a tie: ${each} each`};
  return {big: `${top.length} kinds tie`, note: `${each} each`};
}

// -- every table side by side ------------------------------------------------------------------------

function tablesSection(tables, bell) {
  const stood = new Map(bell.map((t) => [t.table_id, t.result.winners]));
  return h("section", {class: "panel", "aria-labelledby": "tables-title"},
    h("h2", {id: "tables-title"}, "Every table"),
    h("div", {class: "table-cards"}, tables.map((t) => tableCard(t, stood.get(t.table_id)))));
}

/** A table's card: its players and scores, its winners (or, ended, who was leading when it was ended). */
function tableCard(t, leading) {
  const winners = t.result?.winners || leading || [];
  const kinds = t.stats?.kinds;
  const progress = progressText(t);
  const state = t.over ? progress : t.ended ? `${progress}${t.archived ? "" : " by you"}${leading?.length ? ": scores as they stood" : ""}`
    : `Still playing, ${progress.toLowerCase()}`;
  const id = `card-${t.table_id}`;
  return h("article", {class: ["table-card", t.over ? "over" : t.ended ? "ended" : "playing"], "aria-labelledby": id},
    h("h3", {id}, t.name),
    h("p", {class: "card-state"}, state, t.archived ? h("span", {class: "tag"}, "put away") : null),
    h("table", {class: "card-scores"},
      h("caption", {class: "sr-only"}, `${t.name}: ${t.over ? "final scores" : t.ended ? "scores when ended" : "running scores"}`),
      h("thead", {}, h("tr", {},
        h("th", {scope: "col"}, "Player"),
        kinds ? h("th", {scope: "col"}, "Kind") : null,
        h("th", {scope: "col", class: "num"}, scoreHeading(t)))),
      h("tbody", {}, t.seats.map((seat) => {
        const win = winners.includes(seat.seat);
        const score = t.scores?.[seat.seat];
        return h("tr", {class: win ? (leading ? "leader" : "winner") : null},
          h("th", {scope: "row"}, seatLabel(seat.seat, t.seats),
            seat.held_by_bot ? h("span", {class: "tag", title: `a bot (${seat.held_by_bot}) held the seat at the end`},
              "bot held it") : null,
            win ? h("span", {class: leading ? "won leading" : "won"}, h("span", {"aria-hidden": "true"}, leading ? " ▲" : " ★"),
              leading ? [" leading", h("span", {class: "sr-only"}, " when ended")] : " winner") : null),
          kinds ? h("td", {}, words(kinds[seat.seat] ?? "")) : null,
          h("td", {class: "num"}, score === null || score === undefined ? "–" : fmt(score)));
      }))),
    cardActions(t));
}

/** What the teacher can open of a table: watch it live (not once put away), replay it once it is over. */
function cardActions(t) {
  const watch = t.archived ? null : h("a", {class: "btn secondary small", href: `/table/${t.table_id}`,
    dataset: {key: `watch-${t.table_id}`}, "aria-label": `Watch ${t.name}`}, "Watch");
  const replay = t.over || t.ended ? replayLink(t) : null;
  if (replay) replay.dataset.key = `replay-${t.table_id}`;
  return watch || replay ? h("p", {class: "card-actions"}, watch, replay ? [" ", replay] : null) : null;
}

// -- round by round --------------------------------------------------------------------------------

/**
 * The class's mean round by round, over every table that played (an ended one as far as it got); the dashed
 * line is the winners' mean of the finished games, or, when no game finished, of the players leading when ended.
 */
function roundsSection(tables, bell) {
  const done = tables.filter((t) => t.stats?.history?.length);
  const keys = historyMetrics(done);
  const step = stepWord(done);
  const finished = done.filter((t) => t.over);
  const leading = !finished.length && bell.some((t) => t.result.winners.length);
  const best = leading ? {label: "Leading when ended", line: "the mean of the players leading when their table was ended"}
    : {label: "Winners' mean", line: finished.length ? "the winners' mean" : null};
  const pooled = done.map((t) => (leading ? bell.find((b) => b.table_id === t.table_id) || t : t));
  return h("section", {class: "panel", "aria-labelledby": "rounds-title"},
    h("h2", {id: "rounds-title"}, `${step} by ${step.toLowerCase()}: the class's mean`),
    !keys.length ? h("p", {class: "muted"}, "The plots appear when the first table finishes.") : [
      h("p", {class: "muted"}, `Each ${step.toLowerCase()}: the mean over every player whose table got that far `,
        `(${tablesWord(done)})`, best.line ? `; the dashed line is ${best.line}.` : "."),
      h("div", {class: "class-plots"}, keys.map((key) => h("figure", {},
        meanPlot(words(key), step, pooledSeries(pooled, key), best.label))))]);
}

/** "3 finished tables and 1 ended by you, as it stood when ended": the tables a plot pools. */
function tablesWord(tables) {
  const ended = tables.filter((t) => !t.over).length, over = tables.length - ended;
  return [over ? `${over} finished table${over === 1 ? "" : "s"}` : null,
    ended ? `${ended} ended by you, as ${ended === 1 ? "it" : "they"} stood when ended` : null].filter(Boolean).join(" and ");
}

const NARROW = matchMedia("(max-width: 600px)"); // a phone: a narrower drawing, so its words stay readable
NARROW.addEventListener("change", () => {
  last = "";
  refresh();
});
const M = {left: 52, right: 18, top: 38, bottom: 46};

function niceStep(range) {
  const raw = Math.max(range, 1e-9) / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw);
}

/** A line plot of a class mean and the winners' (or leaders') mean per step (steps count from 1); a line with no
 * point (no game finished, nobody leading) is left out, its legend too. */
function meanPlot(title, step, points, bestLabel = "Winners' mean") {
  const W = NARROW.matches ? 380 : 560, H = NARROW.matches ? 270 : 300;
  const series = [
    {label: "Class mean", pick: (p) => p.all, colour: SEAT_COLOURS[0], dash: null},
    {label: bestLabel, pick: (p) => p.winners, colour: SEAT_COLOURS[1], dash: "8 5"},
  ].filter((line) => points.some((p) => line.pick(p) !== null));
  const values = points.flatMap((p) => [p.all, p.winners]).filter((v) => v !== null);
  const low = Math.min(0, ...values), high = Math.max(1, ...values);
  const tick = niceStep(high - low);
  const top = Math.ceil(high / tick) * tick, bottom = Math.floor(low / tick) * tick;
  const last = Math.max(2, points.length);
  const x = (n) => M.left + ((n - 1) / (last - 1)) * (W - M.left - M.right);
  const y = (v) => H - M.bottom - ((v - bottom) / (top - bottom || 1)) * (H - M.top - M.bottom);
  const grid = [];
  for (let v = bottom; v <= top + 1e-9; v += tick) {
    const label = Number(v.toFixed(6));
    grid.push(s("line", {x1: M.left, x2: W - M.right, y1: y(v), y2: y(v), class: "grid"}),
      s("text", {x: M.left - 8, y: y(v) + 5, "text-anchor": "end", class: "tick"}, String(label)));
  }
  const every = Math.ceil(points.length / (NARROW.matches ? 6 : 10));
  for (let n = 1; n <= points.length; n += every) {
    grid.push(s("text", {x: x(n), y: H - M.bottom + 22, "text-anchor": "middle", class: "tick"}, String(n)));
  }
  const drawn = series.map((line) => {
    const runs = [[]];
    for (const p of points) {
      const v = line.pick(p);
      if (v === null) runs.push([]);
      else runs.at(-1).push(`${x(p.step).toFixed(1)},${y(v).toFixed(1)}`);
    }
    return s("g", {class: "series"},
      runs.filter((r) => r.length > 1).map((r) => s("polyline", {points: r.join(" "), fill: "none", stroke: line.colour,
        "stroke-width": "3.5", "stroke-dasharray": line.dash, "stroke-linejoin": "round"})),
      points.filter((p) => line.pick(p) !== null).map((p) => s("circle", {cx: x(p.step), cy: y(line.pick(p)),
        r: "4", fill: line.colour}, s("title", {}, `${line.label}, ${step.toLowerCase()} ${p.step}: ${fmt(line.pick(p))} `
        + `(${p.tables} table${p.tables === 1 ? "" : "s"})`))));
  });
  const legend = series.map((line, i) => s("g", {transform: `translate(${(NARROW.matches ? 8 : M.left + 6) + i * (NARROW.matches ? 150 : 200)}, 18)`},
    s("line", {x1: 0, x2: 26, y1: 0, y2: 0, stroke: line.colour, "stroke-width": "3.5", "stroke-dasharray": line.dash}),
    s("text", {x: 32, y: 6, class: "legend"}, line.label)));
  const first = points[0], end = points.at(-1);
  const summary = series.map((line) => `${line.label} ${fmt(line.pick(first))} in ${step.toLowerCase()} 1, `
    + `${fmt(line.pick(end))} in ${step.toLowerCase()} ${end.step}`).join("; ");
  return s("svg", {viewBox: `0 0 ${W} ${H}`, class: "plot", role: "img", "aria-label": `${title} by ${step.toLowerCase()}: ${summary}.`},
    s("title", {}, `${title} by ${step.toLowerCase()}`),
    grid,
    s("line", {x1: M.left, x2: M.left, y1: M.top, y2: H - M.bottom, class: "axis"}),
    s("line", {x1: M.left, x2: W - M.right, y1: H - M.bottom, y2: H - M.bottom, class: "axis"}),
    s("text", {x: (W + M.left) / 2, y: H - 6, "text-anchor": "middle", class: "label"}, step),
    s("text", {x: 15, y: (H - M.bottom + M.top) / 2, "text-anchor": "middle", class: "label",
      transform: `rotate(-90 15 ${(H - M.bottom + M.top) / 2})`}, title),
    drawn, legend);
}

// -- what won ----------------------------------------------------------------------------------------

function wonSection(tables) {
  const done = decided(tables);
  const kinds = kindTally(tables);
  const rows = seatComparison(tables).filter((r) => r.winners !== null || r.others !== null);
  if (!done.length) return null;
  return h("section", {class: "panel", "aria-labelledby": "won-title"},
    h("h2", {id: "won-title"}, "What won"),
    h("p", {class: "muted counted"}, counted(tables)),
    h("div", {class: "won-grid"},
      kinds.length ? kindChart(kinds) : null,
      rows.length ? comparison(rows) : null));
}

/** Who was ahead when the teacher ended the tables: their kinds and measures against everyone else's, as they
 * stood when ended (a game ended early has no winner). Only where someone was ahead. */
function leadingSection(bell) {
  const ahead = bell.filter((t) => t.result.winners.length);
  if (!ahead.length) return null;
  const players = bell.reduce((sum, t) => sum + (t.seats?.length || 0), 0);
  const kinds = kindTally(bell);
  const rows = seatComparison(bell).filter((r) => r.winners !== null || r.others !== null);
  return h("section", {class: "panel leading", "aria-labelledby": "leading-title"},
    h("h2", {id: "leading-title"}, "Who was leading when you ended the tables"),
    h("p", {class: "muted counted"}, `As they stood when ended: ${plural(bell.length, "table")} ended by you, `
      + `${players} players. A game ended early has no winner: these are the players ahead on the score when it `
      + "was ended (not counted with the finished games)."),
    h("div", {class: "won-grid"},
      kinds.length ? kindChart(kinds, LEAD_WORDS) : null,
      rows.length ? comparison(rows, LEAD_WORDS) : null));
}

const WON_WORDS = {kinds: "Each player's kind, and how many of them won", part: "the winners among them",
  caption: "Players and winners by kind", column: "Won", compare: "Winners against everyone else",
  who: "Winners", apart: "winners", captionCompare: "Mean per player: winners and everyone else", key: "all-measures"};
const LEAD_WORDS = {kinds: "Each player's kind, and how many were leading when ended", part: "those leading when ended",
  caption: "Players, and those leading when ended, by kind", column: "Leading", compare: "Leading against everyone else",
  who: "Leading", apart: "those leading", captionCompare: "Mean per player when ended: those leading and everyone else", key: "all-measures-ended"};

function kindChart(kinds, say = WON_WORDS) {
  const most = Math.max(...kinds.map((k) => k.seats));
  return h("div", {class: "kinds"},
    h("h3", {}, say.kinds),
    h("p", {class: "muted"}, "The game sorts every player into a kind (their main style, or their creature). "
      + `Full bar: players of that kind; dark part: ${say.part}.`),
    h("table", {class: "bars"},
      h("caption", {class: "sr-only"}, say.caption),
      h("thead", {}, h("tr", {}, h("th", {scope: "col"}, "Kind"), h("th", {scope: "col"}, say.column),
        h("th", {scope: "col", class: "bar-col"}, h("span", {class: "sr-only"}, "Bar")))),
      h("tbody", {}, kinds.map((k) => h("tr", {},
        h("th", {scope: "row"}, words(k.kind)),
        h("td", {class: "won-text"}, `${k.winners} of ${k.seats} (${percent(k.winners, k.seats)})`),
        h("td", {class: "bar-col", "aria-hidden": "true"}, h("span", {class: "bar", style: {width: `${(100 * k.seats) / most}%`}},
          h("span", {class: "bar-won", style: {width: `${(100 * k.winners) / k.seats}%`}}))))))));
}

function comparison(rows, say = WON_WORDS) {
  const all = expanded.has(say.key);
  const shown = all ? rows : rows.slice(0, SHOWN_MEASURES);
  return h("div", {class: "compare"},
    h("h3", {}, say.compare),
    h("p", {class: "muted"}, `Each player's totals, averaged; the measures that tell ${say.apart} apart most come first.`),
    h("table", {class: "bars compare-table"},
      h("caption", {class: "sr-only"}, say.captionCompare),
      h("thead", {}, h("tr", {}, h("th", {scope: "col"}, "Measure"),
        h("th", {scope: "col", class: "num"}, h("span", {class: "swatch win", "aria-hidden": "true"}), say.who),
        h("th", {scope: "col", class: "num"}, h("span", {class: "swatch rest", "aria-hidden": "true"}), "Everyone else"), h("th", {scope: "col", class: "bar-col"}, h("span", {class: "sr-only"}, "Bars")))),
      h("tbody", {}, shown.map((r) => {
        const top = Math.max(Math.abs(r.winners ?? 0), Math.abs(r.others ?? 0)) || 1;
        return h("tr", {},
          h("th", {scope: "row"}, r.label),
          h("td", {class: "num"}, fmt(r.winners)),
          h("td", {class: "num"}, fmt(r.others)),
          h("td", {class: "bar-col", "aria-hidden": "true"},
            h("span", {class: "bar pair win", style: {width: `${(100 * Math.abs(r.winners ?? 0)) / top}%`}}),
            h("span", {class: "bar pair rest", style: {width: `${(100 * Math.abs(r.others ?? 0)) / top}%`}})));
      }))),
    rows.length > SHOWN_MEASURES ? h("button", {type: "button", class: "btn secondary", dataset: {key: say.key},
      "aria-expanded": String(all), onclick: () => {
        if (all) expanded.delete(say.key);
        else expanded.add(say.key);
        last = "";
        refresh();
      }}, all ? `Show the first ${SHOWN_MEASURES} only` : `Show all ${rows.length} measures`) : null);
}

// -- talk about it ----------------------------------------------------------------------------------------

/** The rulebook's questions with the class's numbers: of the finished games; when none finished, of the tables
 * as they stood when ended (labelled so). */
function talkSection(tables, bell, learn) {
  const done = decided(tables);
  if (!learn || !learn.questions?.length) {
    return h("section", {class: "panel", "aria-labelledby": "talk-title"},
      h("h2", {id: "talk-title"}, "Talk about it"), h("p", {class: "muted"}, "No discussion questions for this game."));
  }
  const [source, say] = done.length ? [done, FINISHED] : [bell, AT_THE_BELL];
  const f = classFacts(tables);
  return h("section", {class: "panel talk", "aria-labelledby": "talk-title"},
    h("h2", {id: "talk-title"}, "Talk about it, with your class's numbers"),
    learn.intro ? h("p", {class: "talk-intro"}, learn.intro) : null,
    h("div", {class: "talk-grid"},
      h("ol", {class: "class-questions"}, learn.questions.map((q, i) => {
        const facts = source.length ? questionFacts(q.question, source, 4, say, learn.metric_labels || {}) : [];
        return h("li", {},
          h("p", {class: "question"}, q.question),
          facts.length ? h("ul", {class: "q-facts", "aria-label": "Your class's numbers"},
            facts.map((fact) => h("li", {}, h("span", {class: "q-label"}, `${fact.label}: `), fact.text))) : null,
          q.answer ? h("details", {dataset: {key: `answer-${i}`}},
            h("summary", {dataset: {key: `answer-${i}-toggle`}}, "The game designers' thoughts"),
            h("p", {}, q.answer)) : null);
      })),
      h("aside", {class: "class-box", "aria-labelledby": "box-title"},
        h("h3", {id: "box-title"}, "Your class"),
        h("ul", {},
          h("li", {}, `${plural(f.tables, "table")}, ${f.players} players`),
          f.rounds.mean !== null ? h("li", {}, `${fmt(f.rounds.mean)} ${roundHeading(tables).toLowerCase()}s a game on average `
            + `(${roundsNote(f)})`) : null,
          wonMost(f) ? h("li", {}, `Won most: ${wonMost(f).big} (${wonMost(f).note})`) : null,
          f.winningScore !== null ? h("li", {}, f.winningScores.length > 1
            ? `Winners' final scores ${scoresListed(f.winningScores)} (mean ${fmt(f.winningScore)}), everyone's mean ${fmt(f.score)}`
            : `Winner's final score ${fmt(f.winningScore)}, everyone's mean ${fmt(f.score)}`) : null,
          finals(done, FINISHED),
          bellBox(bell, tables, !done.length)))),
    learn.outcomes?.length ? h("details", {class: "outcomes-box", dataset: {key: "outcomes"}},
      h("summary", {dataset: {key: "outcomes-toggle"}}, "What the game teaches (learning outcomes)"),
      h("ul", {}, learn.outcomes.map((o) => h("li", {}, o)))) : null);
}

/** Each history measure's last value, a player and the winners' (or those leading when ended). */
function finals(tables, say) {
  const step = stepWord(tables).toLowerCase();
  return historyMetrics(tables).map((key) => {
    const m = finalMeans(tables, key);
    const against = m.winners === null ? "" : `, ${say.winners} ${fmt(m.winners)}`;
    return h("li", {}, `${words(key)}, ${lastStep(step)}${say.when}: ${fmt(m.all)} a player${against}`);
  });
}

/** The class box's lines of the ended tables, as they stood when ended (their measures too when no game finished). */
function bellBox(bell, tables, measures) {
  if (!bell.length) return null;
  const e = classFacts(bell);
  const ahead = wonMost(e, "leader");
  return [
    h("li", {}, `${plural(e.tables, "table")} ended by you, at ${stoodAt(e, roundHeading(tables)).toLowerCase()}`),
    ahead ? h("li", {}, `Leading most when ended: ${ahead.big} (${ahead.note})`) : null,
    e.winners && e.winningScore !== null ? h("li", {}, e.winningScores.length > 1
      ? `Leading scores when ended ${scoresListed(e.winningScores)} (mean ${fmt(e.winningScore)}), everyone's mean ${fmt(e.score)}`
      : `Leading score when ended ${fmt(e.winningScore)}, everyone's mean ${fmt(e.score)}`) : null,
    measures ? finals(bell, AT_THE_BELL) : null];
}

// details keep their open state across redraws (a refresh must not close what the teacher opened)
const opened = new Set();
document.addEventListener("toggle", (event) => {
  const key = event.target?.dataset?.key;
  if (!key) return;
  if (event.target.open) opened.add(key);
  else opened.delete(key);
}, true);

function reopen() {
  for (const key of opened) {
    const el = document.querySelector(`details[data-key="${CSS.escape(key)}"]`);
    if (el && !el.open) el.open = true;
  }
}

async function start() {
  try {
    const catalog = await fetchJSON("/api/catalog");
    titles = Object.fromEntries(catalog.map((g) => [g.name, g.title]));
  } catch {
    titles = {};
  }
  refresh();
}

start();
