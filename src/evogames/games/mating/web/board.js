// The Mating Game's board: Environment, Stands, every seat's Nest and Strategy,
// your hand, and the choice you have now. Plugs into table.js, which loads the module named after the game.
import {fill, h} from "/static/kit/dom.js";
import {icon, meeple} from "/static/kit/icons.js";
import {isYou, listing, nameIn, nameOf, seatLabel, seatLine} from "/static/kit/names.js";
import {linePlot} from "/static/kit/plot.js";

export const title = "The Mating Game";
// Rule numbers (starting Food, escape cost, hand size, combat bonus) come from view.rules and the help from
// the game package (games/mating/help.toml, served by the server): this board copies no rules text.

const STEPS = [
  ["play", "Play & Pay"], ["survive", "Survive"], ["attract", "Attract"], ["mating", "Mating"], ["discard", "Discard & Draw"],
];
const STEP_OF = {
  play: "play", before_survive: "survive", survive: "survive", before_attract: "attract", attract: "attract",
  after_combat: "attract", after_attract: "attract", mating: "mating", after_mating: "mating", discard: "discard",
};
const WINDOWS = {
  before_survive: "before Survive", before_attract: "before Attract", after_combat: "after Combat",
  after_attract: "after Attract", after_mating: "after Mating",
};
const STATUS = {eaten: "Taken by a Predator", lost_combat: "Lost the combat", in_play: "In play"};
const REASONS = {
  offspring: (goal) => `reached ${goal} Offspring`,
  sudden_death: () => "the Sudden Death Environment came up",
  long_life: () => "the Environment deck ran out (Long Life)",
  round_limit: () => "the round limit was reached",
};
// What this page remembers between two states: the cards picked to discard, a sneaky card waiting for a target.
const ui = {key: "", discard: new Set(), sneaky: null, factsOpen: false};

if (!document.querySelector("link[data-mating-css]")) {
  document.head.append(h("link", {rel: "stylesheet", href: new URL("./board.css", import.meta.url).href, "data-mating-css": ""}));
}

/** Draw the whole board into root. ctx: {view, seat, seats, connected, act, redraw} */
export function render(root, ctx) {
  const {view} = ctx;
  const key = `${view.round}/${view.phase}`;
  if (ui.key !== key) Object.assign(ui, {key, discard: new Set(), sneaky: null});
  fill(root, h("div", {class: "mt-board"},
    phaseTrack(view),
    view.over ? null : prompt(ctx),
    ctx.seat === null || view.over ? null : hand(ctx),
    legend(view),
    h("div", {class: "board-row"}, environment(view), stands(view), decks(view)),
    h("section", {class: "seats", "aria-label": "Players"}, view.players.map((p) => seatPanel(p, ctx))),
  ));
}

/** Pass and play: in a sneaky moment the cover may pass for a seat without showing its cards. Everyone asked
 * there may pass, whatever they hold (RULINGS 7), so a pass from the cover says nothing a pass does not; the
 * offer depends only on the public phase, never on a hand. */
export function coverPass(view) {
  const when = WINDOWS[view.phase];
  return when ? {action: {type: "pass"}, label: "no sneaky Strategy now", moment: `a sneaky moment (${when})`} : null;
}

/** No help of its own: the table shows the game's help.toml (served by the server). */
export function help() {
  return null;
}

// -- the key to the icons (names and meanings from view.icons, the game package's words) ----------

function legend(view) {
  const icons = view.icons || {};
  return h("section", {class: "mt-legend", "aria-labelledby": "mt-legend-title"},
    h("h2", {id: "mt-legend-title", class: "mt-legend-title"}, "Key"),
    h("ul", {}, Object.entries(icons).map(([key, {name, means}]) => h("li", {},
      icon(key), h("b", {}, name), h("span", {class: "means"}, means)))));
}

/** An icon that names itself (for a screen reader: "Fitness", then the number beside it). */
function named(view, key) {
  return icon(key, view.icons?.[key]?.name || capital(key));
}

// -- the phase track and the prompt --------------------------------------------------------

function phaseTrack(view) {
  const current = STEP_OF[view.phase];
  return h("ol", {class: "phase-track", "aria-label": `Round ${view.round}, phases`},
    h("li", {class: "round-chip"}, `Round ${view.round}`),
    STEPS.map(([step, label]) => h("li", {class: ["phase", step === current && "current"],
      "aria-current": step === current ? "step" : null}, label)));
}

function prompt(ctx) {
  const {view, seat} = ctx;
  if (view.over) return h("section", {class: "prompt", id: "prompt"}, h("p", {class: "prompt-title"}, "The game is over."));
  const mine = seat !== null && view.to_act.includes(seat);
  const box = h("section", {class: ["prompt", mine && "your-turn"], id: "prompt", "aria-live": "polite"});
  if (!mine) {
    box.append(h("p", {class: "prompt-title"}, waitingText(ctx)));
    // your seat's choice so far: yours, or the bot's the teacher gave your seat to ("Your bot (easy) keeps your hand.")
    const you = isYou(seat, ctx);
    if (view.phase === "play" && seat !== null && view.players[seat].committed) {
      box.append(h("p", {}, you ? "Your Strategy is down. It is revealed when everyone has chosen."
        : `${nameOf(seat, ctx)} has put your Strategy down. It is revealed when everyone has chosen.`));
    }
    if (view.phase === "discard" && seat !== null && view.players[seat].discarding) {
      const n = view.players[seat].discarding.length;
      box.append(h("p", {}, n ? `${nameOf(seat, ctx)} discard${you ? "" : "s"} ${n} card${n === 1 ? "" : "s"}: shown to everyone when all have chosen.`
        : `${nameOf(seat, ctx)} keep${you ? "" : "s"} your hand.`));
    }
    return box;
  }
  const builders = {play: playPrompt, survive: predatorPrompt, discard: discardPrompt};
  const build = builders[view.phase] || (WINDOWS[view.phase] ? sneakyPrompt : genericPrompt);
  box.append(...build(ctx));
  return box;
}

function waitingText(ctx) {
  const {view} = ctx;
  const names = view.to_act.map((s) => nameIn(s, ctx));
  if (!names.length) return "The round moves on…";
  const verb = {play: "choose a Strategy", survive: "decide whether to escape the Predator",
    discard: "discard and draw"}[view.phase] || `decide on a sneaky Strategy (${WINDOWS[view.phase] || view.phase})`;
  return `Waiting for ${listing(names)} to ${verb}.`;
}

function playPrompt({view, seat, act}) {
  const food = view.players[seat].food;
  return [
    h("p", {class: "prompt-title"}, "Your choice: play a Strategy face down"),
    h("p", {}, `Tap or click a red (combat) or blue (flashy) card in your hand to play it and pay its Food; you have ${food} Food. `,
      "Or go Out to Lunch: play nothing and pay nothing this round."),
    h("div", {class: "actions"},
      legalOf(view, "out_to_lunch").map((a) => button("Go Out to Lunch (save Food)", () => act(a), "act-lunch", "secondary"))),
  ];
}

function predatorPrompt({view, seat, act}) {
  const card = view.players[seat].strategy;
  const cost = view.rules.escape_cost;
  const labels = {escape: `Pay ${cost} Food to escape`, no_escape: "Let the Predator take my card"};
  return [
    h("p", {class: "prompt-title"}, icon("predator"), " Predator! Your Strategy is the most visible."),
    h("p", {}, `${card ? `${card.name} (Predator ${card.predator})` : "Your Strategy"} is hunted. `,
      `Pay ${cost} Food to keep it in play (you have ${view.players[seat].food}), or let the Predator take it: `,
      "you stay in the game but attract no Females this round."),
    h("div", {class: "actions"}, view.legal.map((a) => button(labels[a.type] || describe(a), () => act(a), `act-${a.type}`))),
  ];
}

function sneakyPrompt(ctx) {
  const {view, act} = ctx;
  const when = WINDOWS[view.phase];
  const pass = legalOf(view, "pass")[0];
  const out = [h("p", {class: "prompt-title"}, `Sneaky moment: ${when}`)];
  if (ui.sneaky) {
    const card = (view.hand || []).find((c) => c.id === ui.sneaky);
    const options = view.legal.filter((a) => a.type === "sneaky" && a.card === ui.sneaky);
    out.push(h("p", {}, `${card ? card.name : "This card"} names an opponent. Whom?`),
      h("div", {class: "actions"},
        options.map((a) => button(`Name ${seatLabel(a.target, ctx.seats)}`, () => act(a), `act-target-${a.target}`)),
        button("Cancel", () => { ui.sneaky = null; ctx.redraw(); }, "act-cancel", "secondary")));
    return out;
  }
  // Everyone whose Strategy could use a card of this moment is asked, whatever they hold, so being asked
  // tells the table nothing; with nothing to play, passing is one click.
  const playable = view.legal.some((a) => a.type === "sneaky");
  out.push(h("p", {}, playable ? "You may play a green sneaky Strategy now: tap or click it in your hand. Or pass."
    : "You have no sneaky Strategy you can play now. Everyone in play is asked, so the others cannot tell."),
  h("div", {class: "actions"}, pass && button(playable ? "Pass: no sneaky Strategy" : "Pass", () => act(pass), "act-pass")));
  return out;
}

function discardPrompt({view, act}) {
  const n = ui.discard.size;
  const size = view.rules.hand_size;
  const action = {type: "discard", cards: view.hand.map((c) => c.id).filter((id) => ui.discard.has(id))};
  const label = n ? `Discard ${n} card${n === 1 ? "" : "s"} and draw` : "Keep my hand and draw";
  return [
    h("p", {class: "prompt-title"}, "Discard & Draw"),
    h("p", {}, `Tap or click the cards you want to throw away (or none), then confirm. You draw back up to ${size} cards. `,
      "Everyone chooses at once; the discards are shown when all have chosen."),
    h("div", {class: "actions"}, button(label, () => act(action), "act-discard")),
  ];
}

function genericPrompt({view, act}) {
  return [h("p", {class: "prompt-title"}, "Your choice"),
    h("div", {class: "actions"}, view.legal.map((a, i) => button(describe(a), () => act(a), `act-${i}`)))];
}

// -- the table: Environment, Stands, decks ---------------------------------------------------

function environment(view) {
  const env = view.environment;
  const box = h("section", {class: "environment", "aria-label": "Environment"}, h("h2", {}, "Environment"));
  if (!env) {
    box.append(h("div", {class: "env-card face-down"}, h("p", {}, "Turned over in the Survive phase.")));
    return box;
  }
  const food = env.food > 0 ? `+${env.food}` : String(env.food);
  box.append(h("div", {class: "env-card"},
    h("p", {class: "env-name"}, env.name),
    h("ul", {class: "stats", "aria-label": "This Environment"},
      stat("food", `Food ${food}`, `Food ${food} for everyone`),
      stat("predator", `Predators ${env.predators}`, `${env.predators} Predators`),
      stat("scarcity", `Female Scarcity ${env.scarcity}`, `Female Scarcity ${env.scarcity}`)),
    h("p", {class: "fact"}, env.fact),
    h("p", {class: "deck-tag"}, `${env.deck} deck`)));
  box.append(turnedSinceTheShuffle(view.environment_turned));
  return box;
}

/** The Environments turned over since the deck was last shuffled, oldest first (public: RULINGS 36). */
function turnedSinceTheShuffle(turned) {
  return h("p", {class: "env-turned"}, h("b", {}, "Turned since the shuffle: "), turned.map((card) => card.name).join(", "));
}

function stands(view) {
  const stand = (colour, kind) => {
    const n = view.stands[colour];
    return h("div", {class: `stand stand-${colour}`, role: "group", "aria-label": `${capital(colour)} Stand: ${n} Females for ${kind} Strategies`},
      h("p", {class: "stand-title"}, `${capital(colour)} Stand`, h("span", {class: "muted"}, ` (${kind})`)),
      h("div", {class: "meeples"}, Array.from({length: n}, () => meeple(colour))),
      h("p", {class: "stand-count"}, `${n} Female${n === 1 ? "" : "s"}`));
  };
  return h("section", {class: "stands", "aria-label": "Stands"}, h("h2", {}, "Females"),
    stand("red", "combat"), stand("blue", "flashy"));
}

function decks(view) {
  const variants = variantNotes(view.options, view.rules);
  return h("section", {class: "decks", "aria-label": "Decks"}, h("h2", {}, "Decks"),
    h("p", {}, `Strategy deck: ${view.strategy_deck} cards`),
    h("p", {}, `Environment deck: ${view.environment_deck} cards`),
    h("p", {}, `Discard pile: ${view.discard_pile.length} cards`),
    variants.length ? h("p", {class: "muted"}, `Variants: ${variants.join("; ")}`) : null);
}

function variantNotes(options, rules) {
  const notes = [];
  if (options.environment && options.environment !== "stable") notes.push(`${options.environment} Environment deck`);
  if (options.predation === false) notes.push("no Predators");
  if (options.female_scarcity === false) notes.push("no Female Scarcity");
  if (options.sudden_death) notes.push("Sudden Death");
  if (options.long_life) notes.push("Long Life");
  if (options.offspring_to_win && options.offspring_to_win !== rules.offspring_to_win) notes.push(`${options.offspring_to_win} Offspring to win`);
  return notes;
}

// -- the seats -------------------------------------------------------------------------------

function seatPanel(p, ctx) {
  const {view, seat, seats, connected} = ctx;
  const info = seats[p.seat] || {kind: "human"};
  const acting = view.to_act.includes(p.seat);
  const won = view.over && view.result?.winners.includes(p.seat);
  const goal = view.options.offspring_to_win;
  const online = info.kind === "bot" || !connected ? null : connected.has(p.seat);
  return h("article", {class: ["seat", p.seat === seat && "me", acting && "acting", won && "winner"],
    "aria-label": `${nameOf(p.seat, ctx)}: ${p.food} Food, ${p.offspring} Offspring`, dataset: {seat: p.seat}},
    h("header", {},
      h("span", {class: "seat-name"}, seatLabel(p.seat, seats)),
      seatLine(p.seat, ctx) && h("span", {class: "seat-kind"}, seatLine(p.seat, ctx)),
      online === null ? null : h("span", {class: ["dot", online ? "on" : "off"], role: "img",
        "aria-label": online ? "connected" : "not connected", title: online ? "connected" : "not connected"}),
      acting ? h("span", {class: "badge acting-badge"}, "choosing…") : null,
      won ? h("span", {class: "badge win-badge"}, "winner") : null),
    h("div", {class: "nest", role: "group", "aria-label": "Nest"},
      h("span", {class: "nest-item"}, icon("food"), h("b", {}, p.food), " Food"),
      h("span", {class: "nest-item"}, icon("offspring"), h("b", {}, p.offspring), " Offspring")),
    h("div", {class: "progress", role: "progressbar", "aria-label": "Offspring towards winning",
      "aria-valuemin": 0, "aria-valuemax": goal, "aria-valuenow": Math.min(p.offspring, goal)},
      h("span", {style: {width: `${Math.min(100, (100 * p.offspring) / goal)}%`}})),
    strategySlot(p, ctx),
    h("p", {class: "muted small"}, `${p.hand_size} card${p.hand_size === 1 ? "" : "s"} in hand`));
}

function strategySlot(p, {view, seat}) {
  const notes = [];
  if (view.predator_target === p.seat) notes.push(h("span", {class: "badge hunted"}, icon("predator"), " hunted"));
  if (view.combat_winner === p.seat) notes.push(h("span", {class: "badge won-combat"}, "won combat"));
  if (STATUS[p.status] && p.status !== "in_play") notes.push(h("span", {class: "badge bad"}, STATUS[p.status]));
  let card;
  if (p.strategy) card = miniCard(view, p.strategy, p.seat === seat && view.phase === "play" ? "your card, face down" : null);
  else if (p.out_to_lunch) card = h("div", {class: "mini-card lunch"}, "Out to Lunch");
  else if (p.committed) card = h("div", {class: "mini-card back", role: "img", "aria-label": "a card face down"}, "face down");
  else card = h("div", {class: "mini-card empty"}, view.phase === "play" ? "not chosen yet" : "no Strategy");
  const females = p.females ? h("div", {class: "females", role: "img", "aria-label": `${p.females} Female${p.females === 1 ? "" : "s"} attracted`},
    Array.from({length: p.females}, () => meeple(p.strategy?.colour || (p.strategy?.type === "combat" ? "red" : "blue"))))
    : null;
  return h("div", {class: "strategy-slot"}, card, females, notes.length ? h("div", {class: "notes"}, notes) : null);
}

function miniCard(view, card, note) {
  return h("div", {class: ["mini-card", card.type], role: "group", "aria-label": `${card.name}, ${card.type}`},
    h("span", {class: "mini-name"}, card.name),
    h("span", {class: "mini-animal"}, card.animal),
    card.type === "sneaky" ? null : h("span", {class: "mini-stats"},
      figure(view, "fitness", card.fitness), figure(view, "predator", card.predator)),
    note ? h("span", {class: "muted small"}, note) : null);
}

// -- your hand --------------------------------------------------------------------------------

function hand(ctx) {
  const cards = ctx.view.hand || [];
  return h("section", {class: "hand", "aria-label": "Your hand"},
    h("h2", {}, "Your hand"),
    h("div", {class: "cards"}, cards.map((card) => handCard(card, ctx))),
    cards.length ? handFacts(cards) : null);
}

/** The whole fact of every card in the hand (a card shows two lines; a tooltip never opens on a touch screen). */
function handFacts(cards) {
  return h("details", {class: "mt-facts", open: ui.factsOpen ? true : null, ontoggle: (e) => { ui.factsOpen = e.target.open; }},
    // the click says it at once; "toggle" comes a moment later, after a redraw could have closed it again
    h("summary", {dataset: {key: "facts-toggle"}, onclick: (e) => { ui.factsOpen = !e.currentTarget.parentElement.open; }},
      "The animals in your hand: read every fact"),
    h("dl", {}, cards.map((card) => [h("dt", {}, card.animal, " ", h("i", {}, card.latin), ` (${card.name})`),
      h("dd", {}, card.fact)])));
}

function handCard(card, ctx) {
  const {view, act} = ctx;
  const type = card.type;
  const body = cardBody(view, card);
  if (view.phase === "discard" && legalOf(view, "discard").length) {
    const picked = ui.discard.has(card.id);
    return h("button", {type: "button", class: ["card", type, "selectable", picked && "selected"], "aria-pressed": String(picked),
      dataset: {card: card.id, key: `card-${card.id}`}, "aria-label": `${cardLabel(card)}. ${picked ? "Marked to discard" : "Choose to discard"}`,
      onclick: () => { picked ? ui.discard.delete(card.id) : ui.discard.add(card.id); ctx.redraw(); }},
    body, h("span", {class: "card-action"}, picked ? "✕ discard" : "keep"));
  }
  const plays = view.legal.filter((a) => (a.type === "play" || a.type === "sneaky") && a.card === card.id);
  if (!plays.length) return h("article", {class: ["card", type], dataset: {card: card.id}, "aria-label": cardLabel(card)}, body);
  const targeted = plays.some((a) => a.target !== undefined);
  const label = plays[0].type === "play" ? `Play · ${card.food} Food` : `Play now · ${card.food} Food`;
  const onclick = targeted ? () => { ui.sneaky = card.id; ctx.redraw(); document.getElementById("prompt")?.scrollIntoView({block: "nearest"}); }
    : () => act(plays[0]);
  return h("button", {type: "button", class: ["card", type, "playable", ui.sneaky === card.id && "selected"],
    dataset: {card: card.id, key: `card-${card.id}`}, "aria-label": `${label}: ${cardLabel(card)}`, onclick},
  body, h("span", {class: "card-action"}, label));
}

function cardBody(view, card) {
  const stats = card.type === "sneaky" ? [figure(view, "food", card.food)]
    : [figure(view, "food", card.food), figure(view, "fitness", card.fitness), figure(view, "predator", card.predator)];
  return [
    h("span", {class: "card-type"}, card.type === "sneaky" ? `sneaky · ${card.timing}` : `${card.type} · ${card.level}`),
    h("span", {class: "card-name"}, card.name),
    h("span", {class: "card-animal"}, card.animal, " ", h("i", {}, card.latin)),
    h("span", {class: "stats"}, stats),
    card.type === "sneaky" ? h("span", {class: "card-text"}, card.text) : null,
    h("span", {class: "card-fact", title: card.fact}, card.fact),
  ];
}

function cardLabel(card) {
  if (card.type === "sneaky") return `${card.name} (${card.animal}), sneaky, costs ${card.food} Food, ${card.text}`;
  return `${card.name} (${card.animal}), ${card.type}, costs ${card.food} Food, Fitness ${card.fitness}, Predator ${card.predator}`;
}

// -- the end ------------------------------------------------------------------------------------

/** What the game-over screen shows: headline, sentences, a score table, plots. */
/** A Strategy type as the cards name it. */
function kindWord(kind) {
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}

export function results(ctx) {
  const {view, seat, seats} = ctx;
  const r = view.result;
  const goal = view.options.offspring_to_win;
  const winners = r.winners.map((w) => nameOf(w, ctx));
  const headline = r.winners.includes(seat) ? "You win!" : `${listing(winners)} win${winners.length === 1 ? "s" : ""}!`;
  const sentences = [`The game ended after ${r.rounds} round${r.rounds === 1 ? "" : "s"}: ${(REASONS[r.reason] || (() => r.reason))(goal)}.`];
  if (r.why && r.tied?.length) {
    // Why 11 Offspring can beat 12: who tied, the rule that made them tie, and what broke it (words from the game).
    const who = r.tied.map((s) => `${nameOf(s, ctx)}, ${r.scores[s]} Offspring, ${r.food[s]} Food left`);
    sentences.push(`Tied: ${who.join("; ")}. ${r.why.rule} ${r.why.tie_break}`.trim());
  }
  const d = view.debrief || {seats: [], kinds: []};
  const kinds = r.winners.map((w) => d.kinds[w]).filter((k) => k && k !== "none");
  if (kinds.length) sentences.push(`The winner${r.winners.length === 1 ? "'s" : "s'"} main Strategy type: ${listing([...new Set(kinds)].map(kindWord))}.`);
  const rows = r.scores.map((score, i) => {
    const t = d.seats[i] || {};
    return {seat: i, winner: r.winners.includes(i), cells: [nameOf(i, ctx), score, r.food[i],
      `${t.combat_played ?? 0} / ${t.flashy_played ?? 0} / ${t.sneaky_played ?? 0}`, t.out_to_lunch ?? 0, t.food_spent ?? 0]};
  });
  const series = (pick, start) => view.players.map((p, i) => ({label: seatLabel(i, seats),
    values: [start(i), ...view.history.map((round) => round[pick][i])]}));
  return {
    headline, sentences, columns: ["Player", "Offspring", "Food left", "Combat / Flashy / Sneaky played", "Out to Lunch", "Food spent"], rows,
    plots: [
      linePlot({title: "Offspring over the rounds", xLabel: "Round", yLabel: "Offspring", series: series("offspring", () => 0),
        goal: r.reason === "offspring" ? goal : null}),
      linePlot({title: "Food over the rounds", xLabel: "Round", yLabel: "Food", series: series("food", () => view.rules.starting_food)}),
    ],
  };
}

// -- small helpers ------------------------------------------------------------------------------

/** A line of the Environment card: its icon (decoration) and the words that say it. */
function stat(name, text, label) {
  return h("li", {class: `stat stat-${name}`, title: label}, icon(name), h("b", {}, text));
}

/** A number on a card, after its icon; the icon names itself ("Fitness 3") and the tooltip says what it means. */
function figure(view, key, value) {
  const about = view.icons?.[key];
  return h("span", {class: `stat stat-${key}`, title: about ? `${about.name} ${value}: ${about.means}` : null},
    named(view, key), h("b", {}, String(value)));
}

function button(text, onclick, key, style = "primary") {
  return h("button", {type: "button", class: ["btn", style], dataset: {key}, onclick}, text);
}

const legalOf = (view, type) => view.legal.filter((a) => a.type === type);
const capital = (word) => word[0].toUpperCase() + word.slice(1);


function describe(action) {
  const {type, ...rest} = action;
  const extra = Object.values(rest).join(" ");
  return `${type.replaceAll("_", " ")}${extra ? ` ${extra}` : ""}`;
}
