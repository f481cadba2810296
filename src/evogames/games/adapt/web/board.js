// Adapt or Die's board: the octagon with the bugs and the habitat mats, the prompt for the turn
// (move, the NICHE card, an adaptation, trades), every player's creature, NICHEs and adaptations,
// your live scorecard in the seed's layout, the scoring app, and the debrief on fit and adaptation.
// Every space carries the name the prompt and the log use (E0…E7, S31); on a narrow or touch screen
// the board is drawn big enough to touch (44 px targets) and pans in its frame, opening on the bugs.
import {h, s} from "/static/kit/dom.js";
import {isYou, listing, nameIn, nameOf, seatLabel, withNames} from "/static/kit/names.js";
import {linePlot, SEAT_COLOURS} from "/static/kit/plot.js";
import {adaptValue, cardLabel, featureScore, scorecardTable, scoringApp} from "./score.js";

export const title = "Adapt or Die";
const STYLE_ID = "adapt-css";
const UNIT = 34; // viewBox units per step of the board's layout (the closest spaces are 0.77 steps apart)
const HIT = 13; // a move target's radius in viewBox units: the closest two never overlap
const TOUCH = 1.72; // px per viewBox unit on a touch screen: a target is 2 * HIT * TOUCH = 44.7 px across
const ui = {appOpen: null, pan: null, redraw: null}; // kept across redraws: the app's box, the board's scroll

function ensureStyle(redraw) {
  ui.redraw = redraw;
  if (document.getElementById(STYLE_ID)) return;
  // once the sizes are known the board can open on the bugs: draw again when the styles arrive
  document.head.append(h("link", {id: STYLE_ID, rel: "stylesheet", href: new URL("./board.css", import.meta.url).href,
    onload: () => ui.redraw?.()}));
}

const legal = (view, type) => view.legal.filter((a) => a.type === type);
const habitatName = (view, id) => `Habitat ${view.catalog.habitats[id].number} ${view.catalog.habitats[id].name}`;
const cardName = (view, id) => (id.startsWith("H") ? habitatName(view, id) : cardLabel(view.catalog, id));

/** Draw the whole board into root. ctx: {view, seat, seats, connected, act, redraw} */
export function render(root, ctx) {
  ensureStyle(ctx.redraw);
  const {view, seat} = ctx;
  const frame = boardFrame(ctx);
  const hint = h("p", {class: "ad-pan-hint", hidden: true}, "⇆ The board is wider than your screen: drag it to see all of it.");
  root.replaceChildren(h("div", {class: "ad-root"},
    status(ctx),
    h("div", {class: ["ad-layout", view.board.name === "double" && "wide-board"]}, view.over ? null : prompt(ctx),
      h("div", {class: "ad-board-box"}, hint, frame), playersPanel(ctx)),
    seat !== null && view.players[seat].scorecard ? liveScorecard(view, seat) : null,
    h("details", {class: "ad-app-box", open: (ui.appOpen ?? (view.over || seat === null)) ? true : null,
      ontoggle: (e) => { ui.appOpen = e.target.open; }},
      // the click says it at once; "toggle" comes a moment later, after a redraw could have closed it again
      h("summary", {dataset: {key: "app-toggle"}, onclick: (e) => { ui.appOpen = !e.currentTarget.parentElement.open; }},
        "Scoring app: score any creature, habitats and adaptations"),
      scoringApp(view, seat, ctx.redraw))));
  pan(frame, view, seat);
  hint.hidden = frame.scrollWidth <= frame.clientWidth + 1 && frame.scrollHeight <= frame.clientHeight + 1;
}

/** The rules' help comes from the game package (games/adapt/help.toml, served to the table). */
export function help() {
  return null;
}

// -- the status line and the prompt -----------------------------------------------------------

function status(ctx) {
  const {view} = ctx;
  const phase = {choose: "choosing creatures", move: `rolled ${view.roll}`, exit: "placing a NICHE card",
    adapt: "selecting an adaptation", trade: "trades", answer: "a trade offer", over: "game over"}[view.phase];
  return h("ol", {class: "phase-track", "aria-label": "Turn"},
    h("li", {class: "round-chip"}, `Round ${view.round}`),
    h("li", {class: "phase current"}, view.over ? "Game over" : `${nameOf(view.active, ctx)} · ${phase}`),
    h("li", {class: "phase"}, `${view.goal} NICHEs each · ${view.mat_pile} mats face down · ${view.adaptation_pile.length} adaptations face up`));
}

function prompt(ctx) {
  const {view, seat} = ctx;
  const mine = seat !== null && view.to_act.includes(seat);
  const box = h("section", {class: ["prompt", mine && "your-turn"], id: "prompt", "aria-live": "polite"});
  if (!mine) {
    box.append(h("p", {class: "prompt-title"}, `Waiting for ${nameIn(view.to_act[0], ctx)}…`));
    if (view.offer) box.append(h("p", {}, offerText(ctx)));
    return box;
  }
  box.append(...PROMPTS[view.phase](ctx).filter(Boolean)); // (an empty part is left out, never "null")
  return box;
}

/** The roll's prompt: the exits in reach as buttons, or a plain word that none is in reach (no dangling colon). */
function movePrompt(ctx) {
  const exits = legal(ctx.view, "move").filter((a) => placeOf(ctx.view, a.to));
  const from = `Choose a highlighted space on the board, 1 to ${ctx.view.roll} steps from ${ctx.view.positions[ctx.seat]}`;
  return [h("p", {class: "prompt-title"}, `You rolled ${ctx.view.roll}: move your bug`),
    h("p", {}, exits.length ? `${from}; the exits in reach lead to:` : `${from}; no exit is in reach this time.`),
    exits.length ? h("div", {class: "actions ad-exits"}, exits.map((a) =>
      button(exitText(ctx.view, a.to, ctx.seat), () => ctx.act(a), `exit-${a.to}`, "secondary"))) : null];
}

const PROMPTS = {
  choose: (ctx) => [h("p", {class: "prompt-title"}, "Choose your creature"),
    h("div", {class: "actions"}, legal(ctx.view, "choose").map((a) => button(creatureText(ctx.view, a.creature), () => ctx.act(a), `choose-${a.creature}`)))],
  move: (ctx) => movePrompt(ctx),
  exit: (ctx) => exitPrompt(ctx),
  adapt: (ctx) => [h("p", {class: "prompt-title"}, "Select an ADAPTATION card"),
    h("p", {}, "The number is your unfit score with that card (lower is better)."),
    h("div", {class: "actions ad-pile"}, rankedAdaptations(ctx).map(([a, score]) =>
      button(`${cardLabel(ctx.view.catalog, a.card)} → ${score}`, () => ctx.act(a), `adapt-${a.card}`, "secondary")))],
  trade: (ctx) => tradePrompt(ctx),
  answer: (ctx) => [h("p", {class: "prompt-title"}, offerText(ctx)),
    h("div", {class: "actions"}, button("Accept", () => ctx.act({type: "accept"}), "accept"),
      button("Decline", () => ctx.act({type: "decline"}), "decline", "secondary"))],
};

function exitPrompt({view, act, seats}) {
  const p = view.pending;
  const title = p.held ? `You already hold the NICHE of ${habitatName(view, p.habitat)}` : `The NICHE card of ${habitatName(view, p.habitat)}`;
  const say = {
    keep: () => "Keep it",
    exchange: (a) => `Return ${habitatName(view, a.niche)}${a.adaptation ? ` + ${cardLabel(view.catalog, a.adaptation)}` : ""}`,
    give: (a) => `Force it on ${seatLabel(a.to, seats)}${a.adaptation ? ` (return ${cardLabel(view.catalog, a.adaptation)})` : ""}`,
  };
  return [h("p", {class: "prompt-title"}, title),
    h("div", {class: "actions"}, view.legal.map((a, i) => button(say[a.type](a), () => act(a), `exit-choice-${i}`, a.type === "keep" ? "primary" : "secondary")))];
}

function tradePrompt({view, act, seats}) {
  const offers = legal(view, "offer");
  const pick = h("select", {dataset: {key: "offer-pick"}, "aria-label": "A trade to offer"},
    offers.map((a, i) => h("option", {value: i}, `${seatLabel(a.to, seats)}: your ${cardName(view, a.give)} for their ${cardName(view, a.take)}`)));
  return [h("p", {class: "prompt-title"}, "End of your turn: trade?"),
    offers.length ? h("p", {class: "ad-offer"}, pick, " ", button("Offer", () => act(offers[Number(pick.value)]), "offer", "secondary")) : null,
    h("div", {class: "actions"}, button("End turn", () => act({type: "end_turn"}), "end-turn"))];
}

function offerText(ctx) {
  const {view} = ctx;
  const o = view.offer;
  return `${nameOf(o.from, ctx)} offer${isYou(o.from, ctx) ? "" : "s"} ${nameIn(o.to, ctx)}: ${cardName(view, o.give)} for ${cardName(view, o.take)}`;
}

function rankedAdaptations({view, seat}) {
  const card = view.players[seat].scorecard;
  return legal(view, "adapt").map((a) => [a, scoreWith(view, card, a.card)]).sort((x, y) => x[1] - y[1]);
}

function scoreWith(view, card, id) {
  const a = view.catalog.adaptations[id];
  const row = card.rows[a.feature];
  const end = adaptValue(view.catalog, row.end, a.kind);
  const after = row.cells.reduce((sum, [sp]) => sum + featureScore(view.catalog, end, sp), 0);
  return card.total - row.total + Math.min(after, row.total);
}

function creatureText(view, id) {
  const c = view.catalog.creatures[id];
  return `${c.name} (${c.features.join(" ")})`;
}

function placeOf(view, node) {
  return view.board.nodes.find((n) => n[0] === node)?.[3] || null;
}

/** An exit in reach: its space (as on the board) over where it leads. */
function exitText(view, node, seat) {
  const mat = view.mats.find((m) => m.place === placeOf(view, node));
  const held = mat && view.players[seat].niches.includes(mat.habitat) ? " (its NICHE is yours)" : "";
  return [h("b", {class: "ad-exit-at"}, `Exit at ${node}`), " ",
    h("span", {class: "ad-exit-to"}, mat ? `${habitatName(view, mat.habitat)}${held}` : "a new HABITAT MAT")];
}

// -- the board ----------------------------------------------------------------------------------

/** The board in a frame that pans (a narrow or touch screen draws it big enough to touch). */
function boardFrame(ctx) {
  const svg = boardSvg(ctx);
  const frame = h("div", {class: "ad-board", role: "region", tabindex: 0, dataset: {key: "board-frame"},
    "aria-label": "The board (on a small screen, drag or scroll it to see all of it)"}, svg);
  frame.style.setProperty("--ad-touch-w", `${Math.ceil(svg.viewBox.baseVal.width * TOUCH)}px`);
  frame.addEventListener("scroll", () => {
    if (ui.pan) Object.assign(ui.pan, {left: frame.scrollLeft, top: frame.scrollTop});
  }, {passive: true});
  return frame;
}

/** Open the frame on the bug followed (yours; a spectator's: the one to act), keep the reader's panning
 *  at a redraw, and open on the bug again when it moves. */
function pan(frame, view, seat) {
  if (frame.scrollWidth <= frame.clientWidth && frame.scrollHeight <= frame.clientHeight) return;
  const followed = seat ?? view.active;
  const anchor = `${followed}@${view.positions[followed]}`;
  if (ui.pan?.anchor === anchor) {
    frame.scrollLeft = ui.pan.left;
    frame.scrollTop = ui.pan.top;
    return;
  }
  const bug = frame.querySelector(`[data-bug="${followed}"]`).getBoundingClientRect();
  const box = frame.getBoundingClientRect();
  frame.scrollLeft += bug.left + bug.width / 2 - (box.left + box.width / 2);
  frame.scrollTop += bug.top + bug.height / 2 - (box.top + box.height / 2);
  ui.pan = {anchor, left: frame.scrollLeft, top: frame.scrollTop};
}

function boardSvg(ctx) {
  const {view, seat, act} = ctx;
  const b = view.board;
  const pts = [...b.nodes.map((n) => [n[1], n[2]]), ...b.places.map((p) => [p[1], p[2]])];
  const [x0, x1] = [Math.min(...pts.map((p) => p[0])) - 1.2, Math.max(...pts.map((p) => p[0])) + 1.2];
  const [y0, y1] = [Math.min(...pts.map((p) => p[1])) - 1.2, Math.max(...pts.map((p) => p[1])) + 1.2];
  const X = (x) => (x - x0) * UNIT, Y = (y) => (y - y0) * UNIT;
  const xy = Object.fromEntries(b.nodes.map((n) => [n[0], [n[1], n[2]]]));
  const moves = new Map(seat === null ? [] : legal(view, "move").map((a) => [a.to, a]));
  const mats = Object.fromEntries(view.mats.map((m) => [m.place, m]));
  return s("svg", {viewBox: `0 0 ${(x1 - x0) * UNIT} ${(y1 - y0) * UNIT}`, role: "group",
    "aria-label": `${b.title}: the spaces, the bugs and the habitats`},
  s("g", {"aria-hidden": "true"}, b.edges.map(([a, c]) => s("line", {x1: X(xy[a][0]), y1: Y(xy[a][1]), x2: X(xy[c][0]), y2: Y(xy[c][1]), class: "ad-edge"}))),
  b.places.map(([id, x, y]) => mat(view, mats[id], X(x), Y(y))),
  b.nodes.map(([id, x, y, place]) => space(id, X(x), Y(y), place, moves.get(id), act)),
  bugs(ctx, xy, X, Y));
}

function mat(view, m, x, y) {
  const size = UNIT * 2.1;
  if (!m) return s("rect", {x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 6, class: "ad-mat empty", "aria-hidden": "true"});
  const hab = view.catalog.habitats[m.habitat];
  const fixed = new Set(hab.fixed.map(([f]) => f));
  const pressures = m.pressures.map((v, f) => `${view.catalog.feature_names[f]} ${v}`).join(", ");
  return s("g", {class: "ad-mat-g", dataset: {habitat: m.habitat}, role: "img",
    "aria-label": `${habitatName(view, m.habitat)} (${hab.place}): selection pressures ${pressures}`},
    s("title", {}, `${hab.name} (${hab.place}): ${pressures}. ${view.facts[m.habitat] || ""}`),
    s("rect", {x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 6, class: "ad-mat"}),
    s("text", {x, y: y - size / 2 + 15, class: "ad-mat-num"}, `${hab.number}`),
    s("text", {x, y: y - size / 2 + 29, class: "ad-mat-name"}, matLines(hab.name).map((line, i) =>
      s("tspan", {x, dy: i ? 10 : 0}, line))),
    m.pressures.map((v, f) => s("text", {x: x - size / 2 + 8 + f * (size - 16) / (m.pressures.length - 1), y: y + size / 2 - 10,
      class: ["ad-mat-sp", fixed.has(f) && "fixed"]}, `${v}`)));
}

/** A habitat's name on its mat: up to three lines of at most ``MAT_LINE`` characters, broken between words
 * ("Salt marsh" / "mudflat"), cut with "…" only if it is longer still. */
const MAT_LINE = 13;
export function matLines(name) {
  const lines = [];
  for (const word of name.split(" ")) {
    const last = lines.length ? lines[lines.length - 1] : null;
    if (last !== null && `${last} ${word}`.length <= MAT_LINE) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const kept = lines.length > 3 ? [...lines.slice(0, 2), lines.slice(2).join(" ")] : lines;
  return kept.map((line) => (line.length > MAT_LINE ? `${line.slice(0, MAT_LINE - 1)}…` : line));
}

/** A space with its name (E0…E7 at the exits, S31 on a spoke, R.. on the ring, C the centre);
 *  a space the bug may move to is a button. */
function space(id, x, y, place, move, act) {
  const r = move ? HIT : place ? 12 : 10;
  const parts = [s("circle", {cx: x, cy: y, r, class: "ad-node"}),
    s("text", {x, y, class: "ad-space-name", "font-size": id.length > 3 ? 7 : place ? 10 : 8}, id)];
  const attrs = {class: ["ad-space", place && "exit", move && "ad-target"], dataset: {space: id}};
  if (!move) return s("g", {...attrs, "aria-hidden": "true"}, parts);
  const go = (e) => { e.preventDefault(); act(move); };
  return s("g", {...attrs, tabindex: 0, role: "button", "aria-label": `Move your bug to ${id}`, dataset: {space: id, key: `move-${id}`},
    onclick: go, onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") go(e); }}, parts);
}

function bugs(ctx, xy, X, Y) {
  const {view, seat} = ctx;
  const at = {};
  view.positions.forEach((n, i) => { (at[n] ||= []).push(i); });
  return Object.entries(at).flatMap(([n, seats]) => seats.map((i, k) => {
    // on its space (the players' list says which), side by side when several share one
    const x = X(xy[n][0]) + (k - (seats.length - 1) / 2) * 14, y = Y(xy[n][1]);
    return s("g", {class: ["ad-bug", i === seat && "mine"], dataset: {bug: i}, role: "img",
      "aria-label": `${nameOf(i, ctx)}: bug on ${n}`},
    s("circle", {cx: x, cy: y, r: 8.5, fill: SEAT_COLOURS[i % SEAT_COLOURS.length]}),
    s("text", {x, y, class: "ad-bug-num"}, `${i + 1}`));
  }));
}

// -- the players and the scorecard ---------------------------------------------------------------

function playersPanel(ctx) {
  const {view, seat} = ctx;
  return h("section", {class: "ad-players", "aria-label": "Creatures"}, view.players.map((p) => {
    const c = view.catalog.creatures[p.creature];
    return h("article", {class: ["ad-player", p.seat === seat && "mine", view.to_act.includes(p.seat) && "acting"]},
      h("h3", {}, h("span", {class: "ad-dot", style: {background: SEAT_COLOURS[p.seat % SEAT_COLOURS.length]}}),
        h("span", {}, nameOf(p.seat, ctx), c ? ` · ${c.name}` : "")),
      h("p", {class: "ad-where"}, `Bug on ${p.position}`),
      c ? h("p", {class: "ad-features", title: view.facts[p.creature] || ""}, view.catalog.feature_names.map((f, i) => h("span", {}, `${f.split(" ")[0]} ${c.features[i]}`))) : null,
      h("p", {}, "NICHEs: ", p.niches.length ? p.niches.map((n) => h("span", {class: "ad-chip niche", title: view.facts[n] || ""}, habitatName(view, n))) : h("span", {class: "muted"}, "none")),
      h("p", {}, "Adaptations: ", p.adaptations.length ? p.adaptations.map((a) => h("span", {class: "ad-chip", title: view.facts[a] || ""}, cardLabel(view.catalog, a))) : h("span", {class: "muted"}, "none")),
      p.unfit_text ? h("p", {class: ["ad-unfit", !p.scorecard.habitats.length && !p.scorecard.missing && "none"]}, p.unfit_text) : null);
  }));
}

function liveScorecard(view, seat) {
  const card = view.players[seat].scorecard;
  const labels = card.habitats.map((id) => `Habitat ${view.catalog.habitats[id].number}`);
  const shaped = {rows: card.rows, habitatTotals: card.habitat_totals, total: card.total};
  return h("section", {class: "ad-live", "aria-label": "Your scorecard"},
    h("div", {class: "ad-scroll", tabindex: 0, role: "region", "aria-label": "Your scorecard (scrolls sideways)", dataset: {key: "live-scroll"}},
      scorecardTable(view.catalog, shaped, labels, null, "Your scorecard (live)")),
    h("p", {class: "ad-unfit"}, view.players[seat].unfit_text),
    h("p", {class: "muted"}, view.scorecard_note));
}

// -- the game-over screen -------------------------------------------------------------------------

export function results(ctx) {
  const {view, seat} = ctx;
  const r = view.result;
  const d = view.debrief;
  const winners = r.winners.map((w) => nameIn(w, ctx));
  const headline = r.winners.includes(seat) ? "You win!" : `${listing(winners)} win${winners.length === 1 ? "s" : ""}!`;
  const how = view.options.shared_habitats ? "habitats won" : view.options.scoring === "extinction" ? "extinctions" : "unfit score";
  const rows = r.scores.map((score, i) => {
    const p = d.players[i];
    return {seat: i, winner: r.winners.includes(i), cells: [nameOf(i, ctx), view.catalog.creatures[p.creature].name, score,
      p.unfit_without_adaptations, p.saved_by_adaptations, p.generic_unfit, p.extinctions, p.home_held ? "yes" : "no"]};
  });
  const series = view.players.map((p, i) => ({label: seatLabel(i, ctx.seats), values: [0, ...view.history.map((round) => round.unfit[i])]}));
  return {
    headline, rows,
    sentences: [view.ending, `Scored by ${how}: the ${r.lower_is_better ? "lowest" : "most"} wins.`, ...d.lines].filter(Boolean)
      .map((line) => withNames(line, ctx.seats, ctx.seat)),
    columns: ["Player", "Creature", how === "unfit score" ? "Unfit" : how, "As dealt", "Saved by adaptations", "GENERIC would score", "Extinctions", "Home habitat"],
    plots: view.history.length ? [linePlot({title: "Unfit score over the rounds (habitats held so far)", xLabel: "Round", yLabel: "Unfit", series})] : [],
  };
}

function button(text, onclick, key, style = "primary") {
  return h("button", {type: "button", class: ["btn", style], dataset: {key}, onclick}, text);
}
