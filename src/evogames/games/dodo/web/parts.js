// Tough Luck, Dodo's board pieces: resource squares, creatures (blocks stacked on a coloured base),
// environment cards (flipped when captured), the token tray, the seat panels, the survival chart.
import {h, s} from "/static/kit/dom.js";
import {nameIn, nameOf, possessive, seatLabel, seatLine} from "/static/kit/names.js";

export const COLOURS = ["red", "yellow", "green"]; // drawing order of the resource colours
// The tokens' names and rules text come from the game (view.tokens, from components.toml); nothing is copied here.
const shortName = (name) => name.split(" ").at(-1);


/** The resource squares of an environment: eaten ones hollow, Famine-covered ones black, the rest in colour. */
export function resourceSquares(env) {
  const squares = [];
  for (const colour of COLOURS) {
    const total = env.resources[colour], covered = env.covered[colour], eaten = env.eaten[colour];
    for (let i = 0; i < total; i += 1) {
      const state = i < covered ? "covered" : i < covered + eaten ? "eaten" : "free";
      const label = state === "covered" ? `${colour}, covered by Famine` : state === "eaten" ? `${colour}, eaten this turn` : colour;
      squares.push(h("span", {class: ["square", colour, state], title: label, role: "img", "aria-label": label}));
    }
  }
  const left = COLOURS.map((c) => env.available[c]);
  const summary = `${env.size} resources: ${COLOURS.map((c) => `${env.resources[c]} ${c}`).join(", ")}; ${left.reduce((a, b) => a + b, 0)} left to eat`;
  return h("span", {class: "squares", role: "group", "aria-label": summary}, squares);
}

/** A creature: its mutation blocks stacked (oldest at the bottom) on a base in its owner's colour. */
export function creatureBody(c, colour) {
  return [
    h("span", {class: "stack", "aria-hidden": "true"}, [...c.mutations].reverse().map((m) => h("span", {class: ["block", m]}))),
    h("span", {class: ["base", `base-${colour}`], "aria-hidden": "true"}),
    h("span", {class: "cid"}, `#${c.id}`),
    c.advantage ? h("span", {class: "mark mark-ca", title: "Competitive Advantage: first pick this turn"}, "CA") : null,
    c.migrated ? h("span", {class: "mark mark-moved", title: "already migrated this turn"}, "↦") : null,
  ];
}

export function creatureLabel(c, ctx) {
  const whose = c.owner === ctx.seat ? "Your" : possessive(c.owner, ctx.seats);
  const marks = [c.captured && "captor", c.advantage && "Competitive Advantage", c.migrated && "migrated this turn"].filter(Boolean);
  return `${whose} creature #${c.id}: ${c.mutations.join(" + ")}${marks.length ? ` (${marks.join(", ")})` : ""}`;
}

/**
 * One creature; a button when pick is set ({legal, selected, onclick}).
 * Legal targets glow; other creatures of the same kind stay clickable so the table can say why not.
 */
export function creature(c, ctx, colour, pick = null) {
  const label = creatureLabel(c, ctx);
  const cls = ["creature", `owner-${c.owner}`, c.owner === ctx.seat && "mine", c.captured && "captor", pick?.selected && "selected"];
  if (!pick?.onclick) return h("span", {class: cls, title: label, role: "img", "aria-label": label, dataset: {creature: c.id}}, creatureBody(c, colour));
  return h("button", {type: "button", class: [...cls, pick.legal ? "legal" : "not-legal"], title: pick.legal ? label : `${label}: not a legal choice now (choose it to see why)`,
    "aria-label": label, "aria-pressed": pick.selected ? "true" : null, dataset: {creature: c.id, key: `creature-${c.id}`}, onclick: pick.onclick},
  creatureBody(c, colour));
}

/**
 * An environment card. env: the view's environment; creatures: those on it; target: {legal, onclick} when
 * it is a choice now; highlight: a word for the card's ring ("from", "famine").
 */
export function environmentCard(env, creatures, ctx, {target = null, highlight = null, creatureNode}) {
  const {view} = ctx;
  const captured = env.captured_by !== null;
  const owner = captured ? view.players[env.captured_by] : null;
  const head = h("span", {class: "env-head"},
    h("span", {class: "env-title"}, env.name), h("span", {class: "env-id"}, env.id));
  const body = captured
    ? [h("span", {class: "flipped-tag"}, h("span", {class: ["base-chip", `base-${owner.colour}`]}),
      h("span", {class: "flipped-who"}, h("small", {}, "Captured by"), h("span", {}, nameIn(env.captured_by, ctx)))),
      h("span", {class: "flipped-sub"}, `${env.size} resources, out of play`)]
    : [resourceSquares(env)];
  const crowd = h("span", {class: "crowd"}, creatures.map((c) => creatureNode(c)));
  const label = captured ? `${env.name}, captured by ${nameIn(env.captured_by, ctx)}` : `${env.name}: ${env.resources.red} red, ${env.resources.yellow} yellow, ${env.resources.green} green`;
  const attrs = {class: ["env", captured && "captured", highlight && `hl-${highlight}`, target && (target.legal ? "legal" : "not-legal")],
    dataset: {env: env.id, pos: env.pos}, style: {gridRow: env.row + 1, gridColumn: env.col + 1}, "aria-label": `${label}; ${creatures.length} creatures`};
  if (!target) return h("article", {...attrs, title: env.fact}, head, body, crowd);
  // The card is the button; the creatures inside stay plain (a button may not hold buttons).
  return h("button", {...attrs, type: "button", title: target.legal ? `${env.name}: choose it` : `${env.name}: not a legal choice now (choose it to see why)`,
    dataset: {...attrs.dataset, key: `env-${env.id}`}, onclick: target.onclick}, head, body, crowd);
}

/** A token card: face up (usable, maybe clickable) or face down (used). */
export function tokenCard(view, key, up, onclick = null, held = false) {
  const t = view.tokens[key];
  const cls = ["dodo-token", `tok-${key}`, up ? "up" : "used", held && "held", onclick && "legal"];
  const body = [h("span", {class: "tok-name"}, up ? t.name : `${t.name} (used)`), up ? h("span", {class: "tok-text"}, t.text) : null];
  if (!onclick) return h("div", {class: cls, title: up ? t.text : "used: each token is played once per game"}, body);
  return h("button", {type: "button", class: cls, dataset: {key: `tray-${key}`, token: key}, onclick, title: `Play ${t.name}: ${t.text}`}, body);
}

/** A player's panel: base colour, captures (two card slots), creatures, bases left, tokens. */
export function seatPanel(p, ctx) {
  const {view, seat, seats} = ctx;
  const acting = view.to_act.includes(p.seat);
  const won = view.over && view.result?.winners.includes(p.seat);
  const slots = Array.from({length: Math.max(2, p.captures)}, (_, i) => h("span", {class: ["cap-slot", i < p.captures && "full", i < p.captures && `base-${p.colour}`],
    title: i < p.captures ? "a captured environment" : "an environment still to capture"}));
  return h("article", {class: ["seat", "dodo-seat", p.seat === seat && "me", acting && "acting", won && "winner"], dataset: {seat: p.seat},
    "aria-label": `${nameOf(p.seat, ctx)} (${p.colour}): ${p.captures} captured, ${p.creatures} creatures`},
  h("header", {},
    h("span", {class: ["base-chip", `base-${p.colour}`], title: `${p.colour} bases`}),
    h("span", {class: "seat-name"}, seatLabel(p.seat, seats)),
    seatLine(p.seat, ctx) && h("span", {class: "seat-kind"}, seatLine(p.seat, ctx)),
    view.active === p.seat ? h("span", {class: "badge active-badge", title: "holds the Active Player token: goes first and wins ties"}, "◆ active") : null,
    acting ? h("span", {class: "badge acting-badge"}, "choosing…") : null,
    won ? h("span", {class: "badge win-badge"}, "winner") : null),
  h("div", {class: "seat-stats"},
    h("span", {class: "caps", "aria-label": `${p.captures} captured`}, slots, h("b", {}, ` ${p.captures}`), " captured"),
    h("span", {}, h("b", {}, p.creatures), " creatures"),
    h("span", {class: "muted"}, `${p.bases_left} bases left`)),
  h("div", {class: "mini-tokens"}, Object.entries(p.tokens).map(([k, up]) => h("span", {class: ["mini-token", up ? "up" : "used"],
    title: `${view.tokens[k].name}: ${up ? "not used yet" : "used"}`}, shortName(view.tokens[k].name)))));
}

/** Stacked bars: for each number of mutations, how many meals were eaten and how many creatures starved. */
export function survivalChart(rows) {
  const W = 560, H = 300, M = {left: 48, right: 16, top: 34, bottom: 44};
  const most = Math.max(1, ...rows.map((r) => r.fed + r.starved));
  const step = most <= 10 ? 2 : most <= 25 ? 5 : most <= 50 ? 10 : 20;
  const top = Math.ceil((most * 1.12) / step) * step; // headroom for the percentages over the bars
  const y = (v) => H - M.bottom - (v / top) * (H - M.top - M.bottom);
  const band = (W - M.left - M.right) / Math.max(1, rows.length);
  const bars = rows.map((r, i) => {
    const x = M.left + i * band + band * 0.2, w = band * 0.6;
    const meals = r.fed + r.starved;
    return s("g", {},
      s("rect", {x, y: y(r.fed), width: w, height: y(0) - y(r.fed), fill: "#2e7d32"}, s("title", {}, `${r.mutations} mutations: ate ${r.fed} times`)),
      s("rect", {x, y: y(meals), width: w, height: y(r.fed) - y(meals), fill: "#9e9e9e"}, s("title", {}, `${r.mutations} mutations: starved ${r.starved} times`)),
      s("text", {x: x + w / 2, y: y(meals) - 6, "text-anchor": "middle", class: "tick"}, meals ? `${Math.round((100 * r.fed) / meals)}%` : ""),
      s("text", {x: x + w / 2, y: H - M.bottom + 20, "text-anchor": "middle", class: "tick"}, String(r.mutations)));
  });
  const grid = [];
  for (let v = 0; v <= top; v += step) {
    grid.push(s("line", {x1: M.left, x2: W - M.right, y1: y(v), y2: y(v), class: "grid"}),
      s("text", {x: M.left - 8, y: y(v) + 5, "text-anchor": "end", class: "tick"}, String(v)));
  }
  const summary = rows.map((r) => `${r.mutations} mutations: ate ${r.fed}, starved ${r.starved}`).join("; ");
  return s("svg", {viewBox: `0 0 ${W} ${H}`, class: "plot", role: "img", "aria-label": `Meals by number of mutations. ${summary}.`},
    s("title", {}, "Meals by number of mutations"),
    grid, bars,
    s("line", {x1: M.left, x2: M.left, y1: M.top, y2: H - M.bottom, class: "axis"}),
    s("line", {x1: M.left, x2: W - M.right, y1: H - M.bottom, y2: H - M.bottom, class: "axis"}),
    s("text", {x: (W + M.left) / 2, y: H - 6, "text-anchor": "middle", class: "label"}, "Mutations on the creature"),
    s("text", {x: 14, y: (H - M.bottom + M.top) / 2, "text-anchor": "middle", class: "label", transform: `rotate(-90 14 ${(H - M.bottom + M.top) / 2})`}, "Meals"),
    s("g", {transform: `translate(${M.left + 8}, 14)`},
      s("rect", {x: 0, y: -9, width: 14, height: 12, fill: "#2e7d32"}), s("text", {x: 19, y: 2, class: "legend"}, "ate (% on top)"),
      s("rect", {x: 150, y: -9, width: 14, height: 12, fill: "#9e9e9e"}), s("text", {x: 169, y: 2, class: "legend"}, "starved")));
}
