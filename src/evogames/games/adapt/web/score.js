// Adapt or Die's scorecard, in the seed's table layout (Feature, start value, Adapt, end value,
// SP and Score for each habitat, Total), and the scoring app a player can use on its own:
// pick a creature, habitats (with their randomizer numbers) and adaptations, reorder the cards
// on a feature, and read the unfit score. The numbers and the cards' effects come from the
// view's catalog (the game package): nothing of the rules is written here.
import {h} from "/static/kit/dom.js";

/** One ADAPTATION card on a feature value, as the catalog says (a step, or a value it sets),
 *  kept within the catalog's values. */
export function adaptValue(catalog, value, kind) {
  if (kind in catalog.sets) return catalog.sets[kind];
  const [lowest, highest] = catalog.values;
  return Math.max(lowest, Math.min(highest, value + catalog.steps[kind]));
}

export const featureScore = (catalog, value, pressure) => Math.min(catalog.max_feature_score, Math.abs(value - pressure));

/** The pressures of a habitat: its two fixed ones, the blanks filled in order by three numbers. */
export function pressuresOf(catalog, habitatId, randomizer) {
  const habitat = catalog.habitats[habitatId];
  const out = catalog.features.map(() => 0);
  for (const [f, v] of habitat.fixed) out[f] = v;
  habitat.blanks.forEach((f, i) => { out[f] = randomizer[i]; });
  return out;
}

/**
 * The scorecard: start (5 values), orders (per feature, the adaptation kinds in the order applied),
 * habitats [{id, pressures}] -> {rows: [{start, adapt, end, cells: [[sp, score]], total}], habitatTotals, total}.
 */
export function scorecard(catalog, start, orders, habitats) {
  const rows = start.map((value, f) => {
    const end = orders[f].reduce((v, kind) => adaptValue(catalog, v, kind), value);
    const cells = habitats.map((hab) => [hab.pressures[f], featureScore(catalog, end, hab.pressures[f])]);
    return {start: value, adapt: orders[f], end, cells, total: cells.reduce((sum, c) => sum + c[1], 0)};
  });
  const habitatTotals = habitats.map((_, i) => rows.reduce((sum, row) => sum + row.cells[i][1], 0));
  return {rows, habitatTotals, total: habitatTotals.reduce((a, b) => a + b, 0),
    extinctions: habitatTotals.filter((t) => t > catalog.extinction_above).length};
}

/** The seed's table: one row per feature, SP/Score per habitat, feature totals, the total unfit score. */
export function scorecardTable(catalog, card, habitatLabels, reorder = null, caption = "Scorecard") {
  const head1 = [h("th", {rowspan: 2, scope: "col"}, "Feature"), h("th", {rowspan: 2, scope: "col"}, "start value"),
    h("th", {rowspan: 2, scope: "col"}, "Adapt"), h("th", {rowspan: 2, scope: "col"}, "end value"),
    habitatLabels.map((label) => h("th", {colspan: 2, scope: "colgroup"}, label)),
    h("th", {rowspan: 2, scope: "col"}, "Total Score")];
  const head2 = habitatLabels.map(() => [h("th", {scope: "col"}, "SP"), h("th", {scope: "col"}, "Score")]);
  const body = card.rows.map((row, f) => h("tr", {},
    h("th", {scope: "row"}, catalog.feature_names[f]), h("td", {}, row.start),
    h("td", {class: "ad-adapt"}, adaptCell(row.adapt, f, reorder)), h("td", {class: "ad-end"}, row.end),
    row.cells.map(([sp, score]) => [h("td", {class: "ad-sp"}, sp), h("td", {class: ["ad-score", `ad-s${score}`]}, score)]),
    h("td", {class: "ad-total", dataset: {feature: f}}, row.total)));
  const foot = h("tr", {class: "ad-foot"}, h("th", {scope: "row", colspan: 4}, "Habitat score"),
    card.habitatTotals.map((t) => [h("td", {}, ""), h("td", {class: t > catalog.extinction_above ? "ad-extinct" : null}, t)]),
    h("td", {class: "ad-grand"}, card.total));
  return h("table", {class: "ad-scorecard"}, h("caption", {}, caption),
    h("thead", {}, h("tr", {}, head1), h("tr", {}, head2)), h("tbody", {}, body, foot));
}

function adaptCell(kinds, feature, reorder) {
  if (!kinds.length) return "";
  if (!reorder || kinds.length < 2) return kinds.join(" ");
  return h("span", {}, kinds.join(" "), " ", h("button", {type: "button", class: "btn small secondary",
    title: "Apply these cards in another order", "aria-label": "Apply these cards in another order",
    dataset: {key: `order-${feature}`}, onclick: () => reorder(feature)}, "⇄"));
}

// -- the scoring app ---------------------------------------------------------------------------

// One app per seat (pass and play shows several seats' boards on one page; none may see another's).
const apps = new Map();
let app = null;

function appFor(seat) {
  if (!apps.has(seat)) apps.set(seat, {edited: false, creature: "C16", habitats: [], cards: [], orders: null});
  return apps.get(seat);
}

/** Load a player's creature, habitats (with the board's pressures) and adaptations into the app. */
export function loadPlayer(view, seat) {
  app = appFor(seat);
  const p = view.players[seat];
  const pressures = Object.fromEntries(view.mats.map((m) => [m.habitat, m.pressures]));
  app.creature = p.creature || "C16";
  app.habitats = p.niches.filter((id) => pressures[id]).map((id) => ({id, values: blanksOf(view.catalog, id, pressures[id])}));
  app.cards = [...p.adaptations];
  app.orders = p.scorecard ? p.scorecard.rows.map((row) => [...row.adapt]) : null;
  app.edited = false;
}

function blanksOf(catalog, id, pressures) {
  return catalog.habitats[id].blanks.map((f) => pressures[f]);
}

function ordersOf(catalog) {
  const byFeature = catalog.features.map(() => []);
  for (const card of app.cards) byFeature[catalog.adaptations[card].feature].push(catalog.adaptations[card].kind);
  if (app.orders && app.orders.every((o, f) => [...o].sort().join() === [...byFeature[f]].sort().join())) return app.orders;
  app.orders = byFeature;
  return byFeature;
}

/** The standalone scoring app: works from any creature, habitats and adaptations. */
export function scoringApp(view, seat, redraw) {
  const catalog = view.catalog;
  app = appFor(seat);
  if (seat !== null && !app.edited) loadPlayer(view, seat);  // follows your cards until you edit
  const orders = ordersOf(catalog);
  const habitats = app.habitats.map((x) => ({id: x.id, pressures: pressuresOf(catalog, x.id, x.values)}));
  const start = catalog.creatures[app.creature].features;
  const card = scorecard(catalog, start, orders, habitats);
  const labels = app.habitats.map((x) => `Habitat ${catalog.habitats[x.id].number}`);
  const reorder = (f) => { app.edited = true; orders[f] = [...orders[f].slice(1), orders[f][0]]; redraw(); };
  return h("section", {class: "ad-app", "aria-label": "Scoring app"},
    h("h3", {}, "Scoring app"),
    h("p", {class: "muted"}, "Score any bug: choose a creature, the habitats (the printed pressures are fixed; type the randomizer numbers for the blanks) and the adaptation cards. ⇄ tries another order for a feature's cards."),
    h("div", {class: "ad-app-controls"},
      creaturePicker(catalog, redraw),
      seat !== null ? h("button", {type: "button", class: "btn small secondary", dataset: {key: "app-mine"},
        onclick: () => { loadPlayer(view, seat); redraw(); }}, "Load my cards") : null,
      h("button", {type: "button", class: "btn small secondary", dataset: {key: "app-clear"},
        onclick: () => { Object.assign(app, {habitats: [], cards: [], orders: null, edited: true}); redraw(); }}, "Clear")),
    habitatRows(catalog, redraw), adaptationRow(catalog, redraw),
    h("div", {class: "ad-scroll", tabindex: 0, role: "region", "aria-label": "The app's scorecard (scrolls sideways)", dataset: {key: "app-scroll"}},
      scorecardTable(catalog, card, labels, reorder, (habitats.length ? `Unfit score: ${card.total}` : "Unfit score: add a habitat to score") +
        (card.extinctions ? ` · ${card.extinctions} habitat${card.extinctions === 1 ? "" : "s"} over ${catalog.extinction_above} (extinct)` : ""))));
}

function creaturePicker(catalog, redraw) {
  return h("label", {}, "Creature ", h("select", {dataset: {key: "app-creature"}, onchange: (e) => { app.creature = e.target.value; app.edited = true; redraw(); }},
    Object.entries(catalog.creatures).map(([id, c]) => h("option", {value: id, selected: id === app.creature},
      `${c.name} (${c.features.join(" ")})`))));
}

function habitatRows(catalog, redraw) {
  const used = new Set(app.habitats.map((x) => x.id));
  const rows = app.habitats.map((x, i) => {
    const hab = catalog.habitats[x.id];
    const fixed = hab.fixed.map(([f, v]) => `${catalog.feature_names[f]} ${v}`).join(", ");
    return h("li", {}, `Habitat ${hab.number} ${hab.name} (${fixed}); blanks `,
      hab.blanks.map((f, j) => h("label", {class: "ad-blank"}, catalog.feature_names[f].toLowerCase(), " ",
        h("input", {type: "number", min: catalog.values[0], max: catalog.values[1], value: x.values[j], dataset: {key: `app-blank-${i}-${j}`},
          onchange: (e) => { x.values[j] = clamp(catalog, Number(e.target.value)); app.edited = true; redraw(); }}))),
      " ", h("button", {type: "button", class: "btn small secondary", dataset: {key: `app-remove-${x.id}`}, "aria-label": `Remove Habitat ${hab.number}`,
        onclick: () => { app.habitats.splice(i, 1); app.edited = true; redraw(); }}, "remove"));
  });
  const add = app.habitats.length >= catalog.max_habitats ? null : h("select", {dataset: {key: "app-add-habitat"}, "aria-label": "Add a habitat",
    onchange: (e) => { if (e.target.value) { app.habitats.push({id: e.target.value, values: catalog.habitats[e.target.value].blanks.map(() => clamp(catalog, NaN))}); app.edited = true; redraw(); } }},
  h("option", {value: ""}, "add a habitat…"),
  Object.entries(catalog.habitats).filter(([id]) => !used.has(id)).map(([id, hab]) => h("option", {value: id}, `${hab.number} ${hab.name}`)));
  return h("div", {}, h("ul", {class: "ad-app-list"}, rows), add);
}

function adaptationRow(catalog, redraw) {
  const chips = app.cards.map((id, i) => h("button", {type: "button", class: "ad-chip", title: "remove",
    dataset: {key: `app-card-${id}`}, "aria-label": `Remove ${cardLabel(catalog, id)}`,
    onclick: () => { app.cards.splice(i, 1); Object.assign(app, {orders: null, edited: true}); redraw(); }}, `${cardLabel(catalog, id)} ✕`));
  const add = h("select", {dataset: {key: "app-add-card"}, "aria-label": "Add an adaptation", onchange: (e) => {
    if (e.target.value) { app.cards.push(e.target.value); Object.assign(app, {orders: null, edited: true}); redraw(); }
  }}, h("option", {value: ""}, "add an adaptation…"),
  Object.keys(catalog.adaptations).filter((id) => !app.cards.includes(id)).map((id) => h("option", {value: id}, cardLabel(catalog, id))));
  return h("p", {class: "ad-app-cards"}, "Adaptations: ", chips.length ? chips : h("span", {class: "muted"}, "none "), add);
}

export function cardLabel(catalog, id) {
  const a = catalog.adaptations[id];
  return `${a.kind} ${catalog.feature_names[a.feature]}`;
}

/** A typed number kept within the catalog's values (the middle one if it is not a number). */
function clamp(catalog, v) {
  const [lowest, highest] = catalog.values;
  return Math.max(lowest, Math.min(highest, Math.round(v) || Math.round((lowest + highest) / 2)));
}
