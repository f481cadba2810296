// Tough Luck, Dodo's board: the grid of environments with their resource squares, creatures as stacks of
// mutation blocks on bases in their owner's colour, captured cards flipped, the token trays, whose turn
// and what phase, and the choice you have now. Plugs into table.js (the module named after the game).
import {fill, h} from "/static/kit/dom.js";
import {COLOURS, creature, environmentCard, seatPanel, survivalChart, tokenCard} from "./parts.js";
import {isYou, listing, nameIn, nameOf, possessive, seatLabel, withNames} from "/static/kit/names.js";
import {linePlot} from "/static/kit/plot.js";

export const title = "Tough Luck, Dodo";
const STEPS = [["setup", "Set-up"], ["token", "Token Phase"], ["migration", "Migration"], ["consumption", "Consumption"], ["reproduction", "Reproduction"]];
const ui = {key: "", placing: null}; // placing: the creature picked in set-up, waiting for its environment

if (!document.querySelector("link[data-dodo-css]")) {
  document.head.append(h("link", {rel: "stylesheet", href: new URL("./board.css", import.meta.url).href, "data-dodo-css": ""}));
}

/** Draw the whole board into root. ctx: {view, seat, seats, connected, act, redraw} */
export function render(root, ctx) {
  const {view} = ctx;
  const key = `${view.turn}/${view.phase}/${view.migration_round}/${view.to_act.join()}`;
  if (ui.key !== key) Object.assign(ui, {key, placing: null});
  if (ui.placing !== null && !(view.hand?.to_place || []).includes(ui.placing)) ui.placing = null;
  const choice = currentChoice(ctx);
  fill(root, h("div", {class: "dodo-board"},
    track(view),
    view.over ? null : prompt(ctx, choice),
    h("div", {class: "dodo-layout"},
      grid(ctx, choice),
      h("div", {class: "dodo-side"},
        ctx.seat === null || view.over ? null : tray(ctx, choice),
        h("section", {class: "dodo-seats", "aria-label": "Players"}, view.players.map((p) => seatPanel(p, ctx))),
        supply(view)))));
}

/** A creature picked for placing: bring the grid (where it goes) into sight, as on a phone it is above the tray. */
function pickToPlace(ctx, id) {
  ui.placing = ui.placing === id ? null : id;
  ctx.redraw();
  if (ui.placing !== null) document.querySelector(".dodo-grid")?.scrollIntoView({block: "nearest"});
}

/** No help of its own: the table shows the game's help.toml (served by the server). */
export function help() {
  return null;
}

// -- what is being chosen now -------------------------------------------------------------------

/**
 * The choice in front of this seat: {mode: "creature"|"env"|null, type, legal: Set, candidates, act(id)}.
 * Candidates that are not legal stay clickable: the server then says why not.
 */
function currentChoice(ctx) {
  const {view, seat, act} = ctx;
  const none = {mode: null, legal: new Set()};
  if (seat === null || view.over || !view.to_act.includes(seat) || !view.legal.length) return none;
  const ids = (type, field) => new Set(view.legal.filter((a) => a.type === type && field in a).map((a) => a[field]));
  const living = (c) => c.environment !== null && !c.captured;
  const pend = view.pending;
  const creatureChoice = (type, candidates) => ({mode: "creature", type, legal: ids(type, "creature"),
    candidates: new Set(view.creatures.filter(candidates).map((c) => c.id)), act: (id) => act({type, creature: id})});
  const envChoice = (type) => ({mode: "env", type, legal: ids(type, "environment"), act: (env) => act({type, environment: env})});
  if (view.phase === "setup") {
    if (ui.placing === null) return {mode: "place-pick", legal: new Set(view.hand.to_place)};
    return {mode: "env", type: "place", legal: new Set(view.environments.map((e) => e.id)),
      act: (env) => act({type: "place", creature: ui.placing, environment: env})};
  }
  if (view.legal.some((a) => a.type === "eat_first")) return creatureChoice("eat_first", (c) => view.tied.includes(c.id));
  if (view.phase === "token" && pend) {
    if (pend.kind === "advantage") return creatureChoice("advantage", (c) => living(c) && c.owner === seat);
    if (pend.kind === "famine" && !pend.environment) return envChoice("famine");
    if (pend.kind === "famine") return {mode: "pairs", type: "famine", legal: new Set()};
    if (pend.kind === "relocation" && pend.creature === undefined) return creatureChoice("relocation", living);
    if (pend.kind === "relocation") return envChoice("relocation");
  }
  if (view.phase === "migration") {
    if (pend?.kind === "migrate") return envChoice("migrate");
    return creatureChoice("migrate", (c) => living(c) && c.owner === seat);
  }
  return none;
}

// -- the phase track and the prompt ---------------------------------------------------------------

function track(view) {
  const current = view.over ? null : view.phase;
  const label = (step, text) => (step === "migration" && current === "migration" ? `${text} ${view.migration_round}/${view.rules.migration_rounds}` : text);
  return h("div", {class: "dodo-top"},
    h("ol", {class: "phase-track", "aria-label": `Turn ${view.turn}, phases`},
      h("li", {class: "round-chip"}, view.turn ? `Turn ${view.turn}` : "Before turn 1"),
      STEPS.map(([step, text]) => h("li", {class: ["phase", step === current && "current"], "aria-current": step === current ? "step" : null},
        label(step, text))),
      view.over ? h("li", {class: "current"}, "Game over") : null));
}

function prompt(ctx, choice) {
  const {view, seat} = ctx;
  const mine = seat !== null && view.to_act.includes(seat);
  const box = h("section", {class: ["prompt", mine && "your-turn"], id: "prompt", "aria-live": "polite"});
  if (!mine) {
    const who = listing(view.to_act.map((s) => nameIn(s, ctx))) || "the game";
    box.append(h("p", {class: "prompt-title"}, `Waiting for ${who}…`));
    if (view.pending) box.append(h("p", {}, pendingLine(view, ctx)));
    return box;
  }
  return fill(box, promptBody(ctx, choice));
}

function pendingLine(view, ctx) {
  const p = view.pending;
  const what = p.kind === "migrate" ? "a migration" : view.tokens[p.kind]?.name || p.kind;
  const env = p.environment ? view.environments.find((e) => e.id === p.environment)?.name : null;
  return `${nameOf(p.seat, ctx)} ${isYou(p.seat, ctx) ? "are" : "is"} choosing the target of ${what}${p.creature !== undefined ? ` for creature #${p.creature}` : ""}${env ? ` on ${env}` : ""}.`;
}

function promptBody(ctx, choice) {
  const {view, act} = ctx;
  const titled = (text, hint, ...buttons) => [h("p", {class: "prompt-title"}, text), hint ? h("p", {class: "muted"}, hint) : null,
    buttons.flat().length ? h("div", {class: "actions"}, buttons) : null];
  const cancel = () => button(view.phase === "token" ? "Cancel: put the token back" : "Cancel: choose another creature", () => act({type: "cancel"}), "act-cancel", "secondary");
  const pass = (text) => button(text, () => act({type: "pass"}), "act-pass", "secondary");
  const creatureName = (id) => creatureWords(view, id, ctx);
  const envName = (id) => view.environments.find((e) => e.id === id)?.name || id;
  const pend = view.pending;
  if (choice.mode === "place-pick") {
    return titled("Set-up: pick one of your creatures, then choose an environment for it",
      "Any number of creatures may share an environment. Look for one that offers your creature's colour.",
      view.hand.to_place.map((id) => button(`Place ${creatureName(id)}`, () => pickToPlace(ctx, id), `act-pick-${id}`)));
  }
  if (choice.type === "place") {
    return titled(`Place ${creatureName(ui.placing)}: tap or click an environment`, null,
      button("Choose another creature", () => { ui.placing = null; ctx.redraw(); }, "act-cancel", "secondary"));
  }
  if (choice.type === "eat_first") {
    const c = view.creatures.find((x) => x.id === view.tied[0]);
    return titled(`Consumption in ${envName(c?.environment)}: which of your tied creatures eats first?`,
      "They have the same number of mutations and cannot all eat: the one you pick eats first.",
      view.legal.map((a) => button(`${creatureName(a.creature)} eats first`, () => act(a), `act-eat-${a.creature}`)));
  }
  if (view.phase === "token" && !pend) {
    const tokens = view.legal.filter((a) => a.type === "token");
    return titled("Token Phase: play one of your tokens, or pass", "Each token is played once per game; you may play one per turn.",
      tokens.map((a) => button(`Play ${view.tokens[a.token].name}`, () => act(a), `act-token-${a.token}`)), pass("Pass: play no token this turn"));
  }
  if (choice.mode === "pairs") {
    return titled(`Famine on ${envName(pend.environment)}: which two resources do you cover?`, "Covered squares cannot be eaten this turn.",
      view.legal.filter((a) => a.resources).map((a) => button([a.resources.map((r) => h("span", {class: ["square", r, "free", "inline"]})), ` Cover ${a.resources.join(" + ")}`],
        () => act(a), `act-famine-${a.resources.join("-")}`)), cancel());
  }
  if (choice.type === "advantage") return titled("Competitive Advantage: tap or click one of your creatures (glowing)", "It eats before every other creature this turn.", cancel());
  if (choice.type === "famine") return titled("Famine: tap or click the environment whose resources you cover", "Any environment with two uncovered resources.", cancel());
  if (choice.type === "relocation" && choice.mode === "creature") return titled("Relocation: tap or click any creature to move it (yours or not)", "Then choose where it goes.", cancel());
  if (choice.type === "relocation") return titled(`Relocation: tap or click where ${creatureName(pend.creature)} goes`, "Any environment that is not captured.", cancel());
  if (choice.type === "migrate" && choice.mode === "creature") {
    return titled(`Migration, round ${view.migration_round} of ${view.rules.migration_rounds}: tap or click one of your creatures (glowing) to move it, or pass`,
      "It moves to an environment sharing an edge with its own; each creature migrates once a turn.", pass("Pass: move no creature this round"));
  }
  if (choice.type === "migrate") return titled(`Move ${creatureName(pend.creature)}: tap or click a neighbouring environment (glowing)`, null, cancel());
  // Anything else the engine offers: its legal actions as buttons.
  return titled("Your choice", null, view.legal.map((a, i) => button(a.type, () => act(a), `act-${i}`)));
}

function creatureWords(view, id, ctx) {
  const c = view.creatures.find((x) => x.id === id);
  if (!c) return `creature #${id}`;
  const whose = c.owner === ctx.seat ? "your" : possessive(c.owner, ctx.seats);
  return `${whose} creature #${id} (${c.mutations.join("+")})`;
}

// -- the grid, the tray, the supply --------------------------------------------------------------

function grid(ctx, choice) {
  const {view} = ctx;
  const colours = view.players.map((p) => p.colour);
  const pend = view.pending;
  const moving = pend?.creature !== undefined ? view.creatures.find((c) => c.id === pend.creature) : null;
  const node = (c) => {
    const pick = choice.mode === "creature" && choice.candidates.has(c.id)
      ? {legal: choice.legal.has(c.id), onclick: () => choice.act(c.id)} : {selected: moving?.id === c.id};
    return creature(c, ctx, colours[c.owner], pick);
  };
  const cards = view.environments.map((env) => {
    const here = view.creatures.filter((c) => c.environment === env.id);
    const target = choice.mode === "env" ? {legal: choice.legal.has(env.id), onclick: () => choice.act(env.id)} : null;
    const highlight = moving?.environment === env.id ? "from" : pend?.environment === env.id ? "famine" : null;
    return environmentCard(env, here, ctx, {target, highlight, creatureNode: node});
  });
  return h("section", {class: ["dodo-grid", choice.mode === "env" && "choosing-env"], "aria-label": `The environments, ${view.grid.rows} by ${view.grid.cols}`,
    style: {gridTemplateColumns: `repeat(${view.grid.cols}, minmax(0, 1fr))`}}, cards);
}

/** Your place in the turn order: "You are 2nd…", or, while the teacher has given your seat to a bot, "Your
 * seat is 2nd…" (the bot goes, not you). */
function trayLine(ctx) {
  const t = ctx.view.hand;
  const you = isYou(ctx.seat, ctx);
  if (t.active_player_token) {
    return h("b", {}, you ? "◆ You hold the Active Player token: you go first and win ties."
      : `◆ Your seat holds the Active Player token: ${nameIn(ctx.seat, ctx)} goes first and wins ties.`);
  }
  return `${you ? "You are" : "Your seat is"} ${ordinal(t.turn_order)} in turn order.`;
}

function tray(ctx, choice) {
  const {view, act} = ctx;
  const t = view.hand;
  const colours = view.players.map((p) => p.colour);
  const tokenAction = (k) => view.legal.find((a) => a.type === "token" && a.token === k);
  const waiting = view.creatures.filter((c) => t.to_place.includes(c.id));
  return h("section", {class: "dodo-tray", "aria-label": "Your tray"},
    h("h2", {}, "Your tray"),
    h("p", {class: "small"}, trayLine(ctx), ` ${t.bases_left} bases left.`),
    waiting.length ? h("div", {class: "waiting"}, h("span", {class: "small muted"}, "Waiting to be placed:"),
      h("span", {class: "crowd"}, waiting.map((c) => creature(c, ctx, colours[c.owner], choice.mode === "place-pick" || choice.type === "place"
        ? {legal: true, selected: ui.placing === c.id, onclick: () => pickToPlace(ctx, c.id)} : null)))) : null,
    h("div", {class: "tokens"}, Object.entries(t.tokens).map(([k, up]) => {
      const a = tokenAction(k);
      return tokenCard(view, k, up, a ? () => act(a) : null, view.pending?.kind === k);
    })));
}

function supply(view) {
  return h("section", {class: "dodo-supply", "aria-label": "Supply"},
    h("span", {class: "small muted"}, "Blocks left:"),
    COLOURS.map((c) => h("span", {class: "supply-item", title: `${view.supply[c]} ${c} blocks in the supply`}, h("span", {class: ["block", c, "inline"]}), ` ${view.supply[c]}`)),
    h("span", {class: "small muted die", title: "the die rolled for each child's extra mutation"},
      `Die for a child's new mutation: ${view.die.map((c, i) => `${i + 1} ${c}`).join(", ")}`));
}

const ordinal = (n) => `${n}${["th", "st", "nd", "rd"][n] || "th"}`;

function button(text, onclick, key, style = "primary") {
  return h("button", {type: "button", class: ["btn", style], dataset: {key}, onclick}, text);
}

// -- the end: the debrief with this game's numbers -------------------------------------------------

/** What the game-over screen shows: headline, sentences, a score table, plots. */
export function results(ctx) {
  const {view, seat} = ctx;
  const r = view.result;
  const d = view.debrief || {lines: [], by_mutations: []};
  const winners = r.winners.map((w) => nameIn(w, ctx));
  const headline = r.winners.includes(seat) ? "You win!" : `${listing(winners)} win${winners.length === 1 ? "s" : ""}!`;
  const tie = r.tie_break === "creatures" ? " The tie was broken by the most creatures on the board." : "";
  const sentences = [`The game ended after ${r.rounds} turn${r.rounds === 1 ? "" : "s"}: ${r.reason}.${tie}`, ...d.lines.map((line) => withNames(line, ctx.seats, ctx.seat))];
  const rows = r.scores.map((score, i) => ({seat: i, winner: r.winners.includes(i),
    cells: [nameOf(i, ctx), score, r.creatures[i], r.born[i], r.starved[i]]}));
  const plots = [];
  if (view.history.length) {
    plots.push(linePlot({title: "Creatures on the board after each turn", xLabel: "Turn", yLabel: "Creatures",
      series: view.players.map((p, i) => ({label: seatLabel(i, ctx.seats), values: [view.rules.creatures_at_start, ...view.history.map((turn) => turn.creatures[i])]}))}));
  }
  if (d.by_mutations.length) plots.push(survivalChart(d.by_mutations));
  return {headline, sentences, rows, plots, columns: ["Player", "Captured", "Creatures left", "Born", "Starved"]};
}
