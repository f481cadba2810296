// Evolution's board: the food bank and deck, every player's animals as cards (traits, food and fat
// tokens, pair traits as links), your hand, the choice you have now (the defender's choices, and which
// pair trait passes food on next: buttons, or the links themselves on the table), each trait's rule in one
// line on the cards and in full on a tap. Animals are called by the names the view gives them (Dolly), cards
// by their traits. Every rule text comes from the game package (view.traits, help.toml). Plugs into table.js.
import {fill, h} from "/static/kit/dom.js";
import {animalCard, animalName, bindRedraw, cardRules, cardWords, drawLinks, handCard, linkList, named, rule, rulePop,
  traitName, traitRules, traitTip} from "./parts.js";
import {isYou, listing, nameIn, nameOf, possessive, seatLabel, seatLine} from "/static/kit/names.js";
import {linePlot} from "/static/kit/plot.js";

export const title = "Evolution: The Origin of Species";
const STEPS = [["development", "Development"], ["food", "Food bank"], ["feeding", "Feeding"], ["extinction", "Extinction & draw"]];
const DEFENCE = new Set(["run", "mimic", "tail", "yield"]);
const ui = {key: "", card: null, hunter: null, over: false, popFor: null};

// The links between animals are drawn from the cards' places: again once the stylesheet has arrived (the
// first board may be drawn before it) and whenever the window changes size.
let links = () => {};
if (!document.querySelector("link[data-evolution-css]")) {
  document.head.append(h("link", {rel: "stylesheet", href: new URL("./board.css", import.meta.url).href,
    "data-evolution-css": "", onload: () => links()}));
}
window.addEventListener("resize", () => links());

/** Draw the whole board into root. ctx: {view, seat, seats, connected, act, redraw} */
export function render(root, ctx) {
  const {view} = ctx;
  const key = `${view.turn}/${view.phase}/${view.attack ? view.attack.target : ""}/${view.pair_choice ? "pairs" : ""}`;
  if (ui.key !== key) Object.assign(ui, {key, card: null, hunter: null});
  if (ui.card && !(view.hand || []).some((c) => c.id === ui.card)) ui.card = null;
  if (ui.hunter && !view.legal.some((a) => a.type === "attack" && a.carnivore === ui.hunter)) ui.hunter = null;
  bindRedraw(ctx.redraw);
  if (rule.trait && !view.traits?.[rule.trait]) Object.assign(rule, {trait: null, key: null});
  if (view.over && !ui.over) Object.assign(rule, {trait: null, key: null}); // the game-over screen is not covered
  ui.over = view.over;
  // a seated player's own animals come first, then the others in turn order after them
  const order = ctx.seat === null ? view.players : view.players.map((_, i) => view.players[(ctx.seat + i) % view.players.length]);
  // the cards in play come first: the hand while cards are played, the animals while they feed
  const cards = ctx.seat === null || view.over ? null : hand(ctx);
  const seats = h("section", {class: "evo-seats", "aria-label": "Players"}, order.map((p) => seatPanel(p, ctx)));
  fill(root,
    track(view),
    view.over ? null : prompt(ctx),
    view.phase === "development" ? [cards, seats] : [seats, cards],
    traitRules(view));
  const pop = rulePop(view);
  if (pop && root.querySelector(`[data-key="${CSS.escape(rule.key)}"]`)) root.append(pop);
  else Object.assign(rule, {trait: null, key: null});
  keepClear(root.querySelector(".trait-pop"));
  const pick = (card) => linkChoices(ctx).find((a) => a.card === card) || null;
  links = () => drawLinks(root, view, pick, ctx.act);
  requestAnimationFrame(links);
}

/** The rule sheet sits at the bottom of the screen: the page gets room under it, and when it opens over the
 * prompt, or the prompt was scrolled out of sight, the page brings the prompt back above it (the choice stays
 * readable while the rule is open). */
function keepClear(pop) {
  document.body.style.paddingBottom = pop ? `${pop.offsetHeight + 24}px` : "";
  const opened = pop && ui.popFor !== rule.key;
  ui.popFor = pop ? rule.key : null;
  const box = document.getElementById("prompt");
  if (!opened || !box) return;
  const prompt = box.getBoundingClientRect();
  const room = pop.getBoundingClientRect().top - 8; // where the prompt must end
  if (prompt.top >= 8 && prompt.bottom <= room) return; // whole, and clear of the sheet
  // under the sheet: up above it (never past its own top); scrolled out of sight above: back down to it
  window.scrollBy(0, prompt.bottom > room && prompt.top > 8 ? Math.min(prompt.bottom - room, prompt.top - 8) : prompt.top - 8);
}

/** The help comes from the game package (games/evolution/help.toml, served by the table); the trait rules
 * (view.traits, from cards.toml) sit under the board. */
export function help() {
  return null;
}

/** The pair-trait links this seat may fire now (empty unless the open choice is its own). */
function linkChoices({view, seat}) {
  if (seat === null || !view.pair_choice || view.pair_choice.seat !== seat) return [];
  return view.legal.filter((a) => a.type === "link");
}

function track(view) {
  const current = view.phase === "development" ? "development" : view.phase === "feeding" ? "feeding" : "extinction";
  return h("div", {class: "evo-top"},
    h("ol", {class: "phase-track evo-track", "aria-label": `Turn ${view.turn}, phases`},
      h("li", {class: "round-chip"}, `Turn ${view.turn}`),
      STEPS.map(([step, label]) => h("li", {class: ["phase", step === current && "current"], "aria-current": step === current ? "step" : null}, label)),
      view.last_turn ? h("li", {class: "badge bad"}, "last turn") : null),
    h("div", {class: "food-bank", "aria-label": `Food bank: ${view.food_bank} red tokens`},
      h("b", {}, "Food bank "), Array.from({length: view.food_bank}, () => h("span", {class: "token red"})),
      h("span", {class: "muted"}, ` ${view.food_bank}`)),
    h("p", {class: "muted deck"}, `Deck: ${view.deck} cards`));
}

// -- the prompt -------------------------------------------------------------------------------

function prompt(ctx) {
  const {view, seat} = ctx;
  const mine = seat !== null && view.to_act.includes(seat);
  const box = h("section", {class: ["prompt", "evo-prompt", mine && "your-turn"], id: "prompt", "aria-live": "polite"});
  if (view.attack) box.append(attackLine(ctx));
  if (!mine) {
    const who = listing(view.to_act.map((s) => nameIn(s, ctx))) || "the game";
    const what = view.attack ? ` to choose a defence for ${animalName(view, view.attack.target)}` : view.pair_choice ? " to choose which pair trait passes food on" : "";
    box.append(h("p", {class: "prompt-title"}, `Waiting for ${who}${what}…`));
    return box;
  }
  if (view.legal.some((a) => DEFENCE.has(a.type))) box.append(...defencePrompt(ctx));
  else if (view.pair_choice) box.append(...pairPrompt(ctx));
  else if (view.phase === "development") box.append(...developPrompt(ctx));
  else box.append(...feedPrompt(ctx));
  return box;
}

function attackLine(ctx) {
  const {view, seat, seats} = ctx;
  const at = view.attack;
  const prey = at.defender === seat ? "your" : possessive(at.defender, seats);
  const target = `${prey} ${animalName(view, at.target)}`;
  if (at.attacker === seat && !isYou(seat, ctx)) {  // your seat, which a bot plays: the bot attacks, not you
    return h("p", {class: "attack-line"}, `Attack! ${nameOf(seat, ctx)} sends your carnivore ${animalName(view, at.carnivore)} after ${target}.`);
  }
  const hunter = at.attacker === seat ? "Your" : possessive(at.attacker, seats);
  return h("p", {class: "attack-line"}, `Attack! ${hunter} carnivore ${animalName(view, at.carnivore)} attacks ${target}.`);
}

// The defender's choices, each with what it does in words (the same action twice, e.g. two Running
// cards, is shown once).
function defencePrompt(ctx) {
  const {view, act} = ctx;
  const seen = new Set();
  const choices = view.legal.filter((a) => !seen.has(JSON.stringify(a)) && seen.add(JSON.stringify(a)));
  return [h("p", {class: "prompt-title"}, `Defend your ${animalName(view, view.attack.target)}: choose one`),
    h("ul", {class: "actions defences", "aria-label": "Defences"}, choices.map((a, i) => h("li", {class: "defence"},
      button(say(view, a), () => act(a), `act-${a.type}-${i}`, a.type === "yield" ? "secondary" : "primary", {"aria-describedby": `defence-why-${i}`}),
      h("span", {class: "defence-why", id: `defence-why-${i}`}, defenceWhy(view, a)))))];
}

/** What a defence does, in a sentence from the game package (view.attack.why: the rules applied to this attack). */
function defenceWhy(view, a) {
  const key = JSON.stringify(a);
  return named(view, (view.attack.why || []).find((w) => JSON.stringify(w.action) === key)?.why ?? "");
}

// The owner's choice of pair traits (rulebook l.153): which link passes food on next, or stop. The same
// links are clickable on the table (the lines between animals, and the list under each row).
function pairPrompt(ctx) {
  const {view, act} = ctx;
  const stop = view.legal.find((a) => a.type === "stop");
  const froms = [...new Set(view.pair_choice.links.map((l) => animalName(view, l.from)))].join(", ");
  return [h("p", {class: "prompt-title"}, `Pair traits: ${froms} got food. Choose which link passes food on next, or stop`),
    h("div", {class: "actions pair-choices", "aria-label": "Pair traits that can pass food on"},
      linkChoices(ctx).map((a) => button(say(view, a), () => act(a), `act-link-${a.card}-${a.animal}`, "primary",
        {title: traitTip(view, linkOf(view, a.card)?.trait)})),
      stop ? button("Stop (use no more pair traits now)", () => act(stop), "act-stop", "secondary") : null)];
}

function linkOf(view, card) {
  return view.links.find((l) => l.card === card);
}

function developPrompt(ctx) {
  const {view, act} = ctx;
  const pass = view.legal.find((a) => a.type === "pass");
  if (!ui.card) {
    return [h("p", {class: "prompt-title"}, "Development: tap a card in your hand to play it, or pass"),
      h("div", {class: "actions"}, button("Pass (play no more cards this turn)", () => act(pass), "act-pass", "secondary"))];
  }
  const plays = view.legal.filter((a) => a.card === ui.card);
  const card = view.hand.find((c) => c.id === ui.card);
  return [h("p", {class: "prompt-title"}, `Play ${cardWords(view, card)} as…`),
    h("div", {class: "actions"}, plays.map((a, i) => button(say(view, a), () => act(a), `act-play-${i}`)),
      button("Cancel", () => { ui.card = null; ctx.redraw(); }, "act-cancel", "secondary")),
    cardRules(view, card)];
}

function feedPrompt(ctx) {
  const {view, act} = ctx;
  if (ui.hunter) {
    return [h("p", {class: "prompt-title"}, `Hunt with ${animalName(view, ui.hunter)}: tap “Attack” on an animal`),
      h("p", {class: "muted"}, "If the rules forbid that attack, the table says why."),
      h("div", {class: "actions"}, button("Cancel", () => { ui.hunter = null; ctx.redraw(); }, "act-cancel", "secondary"))];
  }
  const hunters = [...new Set(view.legal.filter((a) => a.type === "attack").map((a) => a.carnivore))];
  const others = view.legal.filter((a) => a.type !== "attack");
  return [h("p", {class: "prompt-title"}, `Feeding: your round (${view.food_bank} red tokens in the bank)`),
    h("div", {class: "actions"},
      others.map((a, i) => button(say(view, a), () => act(a), a.type === "pass" ? "act-pass" : `act-${a.type}-${i}`, a.type === "pass" ? "secondary" : "primary")),
      hunters.map((c) => button(`Hunt with carnivore ${animalName(view, c)}…`, () => { ui.hunter = c; ctx.redraw(); }, `act-hunt-${c}`)))];
}

// -- the table --------------------------------------------------------------------------------

function hand(ctx) {
  const {view} = ctx;
  const playable = view.phase === "development" && view.legal.some((a) => a.card);
  const cards = view.hand || [];
  return h("section", {class: "hand", "aria-label": "Your hand"}, h("h2", {}, "Your hand"),
    cards.length ? h("div", {class: "cards"}, cards.map((card) => handCard(view, card, ui.card === card.id,
      playable ? () => { ui.card = ui.card === card.id ? null : card.id; ctx.redraw(); } : null)))
      : h("p", {class: "muted empty-hand"}, "No cards in hand."));
}

function seatPanel(p, ctx) {
  const {view, seat, seats} = ctx;
  const acting = view.to_act.includes(p.seat);
  const won = view.over && view.result?.winners.includes(p.seat);
  return h("article", {class: ["seat", "evo-seat", p.seat === seat && "me", acting && "acting", won && "winner"], dataset: {seat: p.seat},
    "aria-label": `${nameOf(p.seat, ctx)}: ${p.animals.length} animals, score ${p.score}`},
    h("header", {},
      h("span", {class: "seat-name"}, seatLabel(p.seat, seats)),
      seatLine(p.seat, ctx) && h("span", {class: "seat-kind"}, seatLine(p.seat, ctx)),
      acting ? h("span", {class: "badge acting-badge"}, "choosing…") : null,
      p.passed && view.phase === "development" ? h("span", {class: "badge"}, "passed") : null,
      won ? h("span", {class: "badge win-badge"}, "winner") : null,
      h("span", {class: "muted small"}, ` score ${p.score} · hand ${p.hand_size} · discard ${p.discard_size}`)),
    h("div", {class: "animals"}, p.animals.length ? p.animals.map((a) => animalCard(view, a, animalButtons(a, ctx)))
      : h("p", {class: "muted"}, "no animals")),
    linkList(view, p.animals, linkChoices(ctx), (a) => say(view, a), ctx.act));
}

function animalButtons(a, ctx) {
  const {view, act} = ctx;
  if (!ui.hunter || a.id === ui.hunter || !view.legal.length) return [];
  return [button(`Attack ${a.name || a.id}`, () => act({type: "attack", carnivore: ui.hunter, target: a.id}), `attack-${a.id}`, "danger")];
}

// -- words ------------------------------------------------------------------------------------

function say(view, a) {
  const t = (key) => traitName(view, key);
  const n = (id) => animalName(view, id);
  const words = {
    animal: () => "a new animal (face down)",
    trait: () => (a.other ? `${t(a.trait)} joining ${n(a.animal)} and ${n(a.other)}` : `${t(a.trait)} on ${n(a.animal)}`),
    pass: () => (view.phase === "development" ? "Pass" : "Pass (end my feeding round)"),
    take: () => `Take a red token for ${n(a.animal)}`,
    fat: () => `Turn ${a.count} fat of ${n(a.animal)} into food`,
    graze: () => `Graze with ${n(a.animal)}`,
    piracy: () => `Piracy: ${n(a.pirate)} steals from ${n(a.target)}`,
    hibernate: () => `Hibernate ${n(a.animal)}`,
    link: () => { const l = linkOf(view, a.card); return `${t(l?.trait)}: ${l ? n(l.a === a.animal ? l.b : l.a) : "?"} → ${n(a.animal)}`; },
    run: () => "Run!",
    mimic: () => `Mimicry: redirect the attack to ${n(a.animal)}`,
    tail: () => `Tail Loss: drop ${cardTrait(view, a.card)}`,
    yield: () => "Do not defend",
  }[a.type];
  return words ? words() : a.type;
}

function cardTrait(view, card) {
  for (const p of view.players) for (const x of p.animals) for (const t of x.traits) if (t.card === card) return traitName(view, t.trait);
  const link = view.links.find((l) => l.card === card);
  return link ? `${traitName(view, link.trait)} (pair)` : "a trait";
}

function button(text, onclick, key, style = "primary", attrs = {}) {
  return h("button", {type: "button", class: ["btn", style], dataset: {key}, onclick, ...attrs}, text);
}

// -- the end: the lab handout's questions with this game's numbers --------------------------------

/** What the game-over screen shows: headline, sentences, a score table, plots. */
export function results(ctx) {
  const {view, seat, seats} = ctx;
  const r = view.result;
  const lab = view.debrief || {seats: [], traits: {}};
  const winners = r.winners.map((w) => nameIn(w, ctx));
  const headline = r.winners.includes(seat) ? "You win!" : `${listing(winners)} win${winners.length === 1 ? "s" : ""}!`;
  const rows = r.scores.map((score, i) => {
    const t = lab.seats[i] || {};
    return {seat: i, winner: r.winners.includes(i), cells: [nameOf(i, ctx), score,
      r.animals[i], t.animals_born ?? "", t.animals_starved ?? "", t.animals_eaten ?? "", `${t.kills ?? 0}/${t.attacks ?? 0}`, r.discards[i]]};
  });
  return {headline, sentences: labSentences(ctx, lab), rows, plots: [animalsPlot(view, seats)],
    columns: ["Player", "Score", "Animals left", "Born", "Starved", "Eaten", "Kills / attacks", "Discards"]};
}

function labSentences(ctx, lab) {
  const {view} = ctx;
  const r = view.result;
  const best = r.winners[0];
  const ecosystem = view.players[best].animals.map((a) => `${a.name || a.id} (${a.traits.map((t) => traitName(view, t.trait)).join(", ") || "no traits"})`);
  const total = (key) => lab.seats.reduce((sum, t) => sum + (t[key] || 0), 0);
  const fate = lab.traits || {};
  const rate = (key) => { const f = fate[key]; const n = f ? f.survived + f.starved + f.eaten : 0; return n ? `${Math.round((100 * f.survived) / n)}% of ${n}` : "none played"; };
  const tie = {discard: " The tie was broken by the larger discard pile.", die: " The tie was broken by a die."}[r.tie_break] || "";
  return [
    `The game lasted ${r.rounds} turns.${tie}`,
    `1. The most successful ecosystem: ${best === ctx.seat ? "yours" : possessive(best, ctx.seats)}, ${r.scores[best]} points from ${ecosystem.length} animal${ecosystem.length === 1 ? "" : "s"}: ${ecosystem.join("; ") || "none"}.`,
    `2. Food need: ${["carnivorous", "parasite"].map((k) => `${traitName(view, k)} +${view.traits?.[k]?.food ?? "?"}`).join(", ")}. This game: carnivores made ${total("attacks")} attacks and ${total("kills")} kills; ${total("parasites_played")} Parasites were played. Survival of animals carrying Carnivorous: ${rate("carnivorous")}; carrying a Parasite: ${rate("parasite")}.`,
    `3. In this game ${total("animals_eaten")} animals were eaten and ${total("animals_starved")} starved; ${total("food_grazed")} food tokens were grazed away and ${total("food_pirated")} pirated.`,
    `4. Natural selection: ${total("animals_born")} animals were born, ${view.players.reduce((n, p) => n + p.animals.length, 0)} survived. Survival by trait: ${Object.keys(fate).map((k) => `${traitName(view, k)} ${rate(k)}`).join(", ")}.`,
  ];
}

function animalsPlot(view, seats) {
  return linePlot({title: "Animals alive after each turn's extinction", xLabel: "Turn", yLabel: "Animals",
    series: view.players.map((p, i) => ({label: seatLabel(i, seats), values: [0, ...view.history.map((turn) => turn.animals[i])]}))});
}

