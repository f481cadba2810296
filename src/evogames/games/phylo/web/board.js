// Phylo's board: the ecosystem grid, your hand, the prompt for your three actions, the reaction turn,
// and the debrief. Plugs into table.js (see BOARDS there).
import {fill, h} from "/static/kit/dom.js";
import {linePlot} from "/static/kit/plot.js";
import {nameOf as seatName, seatLabel} from "/static/kit/names.js";
import {board, layout} from "./grid.js";
import {cardFace, speciesLabel} from "./cards.js";
import {iconKey} from "./key.js";

export const title = "Phylo";
const STYLE_ID = "phylo-css";

// What the page remembers between two states: the selected card, an event's first target, the hovered preview;
// and for as long as the page is open: the zoom the reader chose (null: fit) and the spot of the table they
// scrolled to (null: the middle of the cards in play), the zoom shown and where the box was scrolled to;
// reveal: a card was just selected, so its valid spaces are scrolled into sight if none is; toTable: a card of
// the hand was just selected, so the page scrolls to the table if none of its spaces is on screen; keyOpen: the
// key to the icons is open; handScroll: how far the hand beside the table was scrolled.
const ui = {key: "", selected: null, stage: null, hoverHits: null, seat: null, movable: null,
  zoom: null, centre: null, shownZoom: null, scrolledTo: null, reveal: false, toTable: false, keyOpen: false, handScroll: 0};

function ensureStyle() {
  if (document.getElementById(STYLE_ID)) return;
  // the grid is measured once its sizes apply, and again whenever the window changes size
  document.head.append(h("link", {id: STYLE_ID, rel: "stylesheet", href: new URL("./board.css", import.meta.url).href,
    onload: () => layout(ui)}));
  window.addEventListener("resize", () => layout(ui));
}

/** Draw the whole board into root. ctx: {view, seat, seats, connected, act, redraw} */
export function render(root, ctx) {
  ensureStyle();
  const {view} = ctx;
  const stateKey = `${view.turn}/${view.actions_left}/${view.pending_bluff}/${view.legal.length}`;
  if (ui.key !== stateKey) Object.assign(ui, {key: stateKey, selected: null, stage: null, hoverHits: null});
  ui.seat = ctx.seat;
  ui.movable = new Set(view.legal.filter((a) => a.type === "move" || a.type === "spread").map((a) => a.type === "move" ? a.card : cardAt(view, a.from)));
  const withHand = ctx.seat !== null && !view.over;
  fill(root,  // fill() skips the parts left out (replaceChildren would print them as "null")
    status(ctx),
    view.over ? null : prompt(ctx),
    // on a wide screen (a Chromebook, a projector, a tablet) the hand stands beside the table, both on the
    // first screen; on a phone it comes first, above the table (board.css)
    h("div", {class: ["ph-play", withHand && "with-hand"]},
      withHand ? hand(ctx) : null,
      iconKey(ui),
      board(view, ui, ctx, (pos, live, top, how) => onCell(ctx, pos, live, top, how))),
    seatsPanel(ctx),
  );
  keepHandScrolled();
  layout(ui);
  showTable();
}

// Beside the table the hand scrolls in its own box: a redraw (a bot's move, a card selected) keeps it where
// the reader left it.
function keepHandScrolled() {
  const cards = document.querySelector(".ph-hand .cards");
  if (!cards) return;
  cards.scrollTop = ui.handScroll;
  cards.addEventListener("scroll", () => { ui.handScroll = cards.scrollTop; }, {passive: true});
}

// On a phone the hand fills the screen: a card just tapped there would light up spaces out of sight below it.
// Next frame: after the shell has given the card its focus back (which scrolls to it).
function showTable() {
  if (!ui.toTable) return;
  ui.toTable = false;
  requestAnimationFrame(() => {
    const spaces = [...document.querySelectorAll(".ph-target")].map((el) => el.getBoundingClientRect());
    if (!spaces.length || spaces.some((r) => r.top >= 0 && r.bottom <= window.innerHeight)) return;
    document.querySelector(".ph-table")?.scrollIntoView({block: "start"});
  });
}

// The rules help is served from games/phylo/help.toml (GET /api/games/phylo/help); table.js shows it.
export function help() {
  return null;
}

// -- the status line and the prompt ---------------------------------------------------------

function status({view, seat, seats}) {
  const parts = [h("li", {class: "round-chip"}, `Turn ${view.turn}`),
    h("li", {class: "phase current"}, view.over ? "Game over" : view.ended ? "Ended by the teacher" : `${nameOf(view.player, seat, seats)} · ${view.actions_left} action${view.actions_left === 1 ? "" : "s"} left`)];
  if (view.event_played) parts.push(h("li", {class: "phase"}, "event played"));
  if (view.wind) parts.push(h("li", {class: "phase"}, "Wind: SPREAD doubled"));
  if (view.last_turn) parts.push(h("li", {class: "phase ph-warn"}, `A deck is empty: last turn ${view.last_turn}`));
  return h("ol", {class: "phase-track", "aria-label": "Turn"}, parts);
}

function prompt(ctx) {
  const {view, seat} = ctx;
  const mine = seat !== null && view.to_act.includes(seat);
  const box = h("section", {class: ["prompt", mine && "your-turn"], id: "prompt", "aria-live": "polite"});
  if (view.threatened.length) box.append(threatNote(view, seat, ctx.seats));
  if (view.bluff) box.append(bluffNote(view, seat, ctx.seats));
  if (!mine) {
    box.append(h("p", {class: "prompt-title"}, `Waiting for ${nameOf(view.to_act[0], seat, ctx.seats)}…`));
    return box;
  }
  if (view.pending_bluff === seat) {
    box.append(h("p", {class: "prompt-title"}, "You won the bluff!"),
      h("p", {}, "Tap or click any species on the table to remove it (what depended on it falls at once), or remove nothing."),
      h("div", {class: "actions"}, legal(view, "pass").map((a) => button("Remove nothing", () => ctx.act(a), "act-pass", "secondary"))));
    return box;
  }
  box.append(h("p", {class: "prompt-title"}, ui.selected ? selectedTitle(view) : "Your turn: choose a card"),
    h("p", {}, ui.selected ? selectedHelp(view) : "Tap or click a card in your hand (or one of your species that can move) to see where it can go."));
  if (ui.selected?.event) box.append(previewList(view));
  box.append(h("div", {class: "actions"}, actionButtons(ctx)));
  return box;
}

function threatNote(view, seat, seats) {
  // each threatened species is checked at the end of its owner's reaction turn (view.threatened_until)
  const until = view.threatened_until || {};
  const name = (iid) => `${view.cards[cardOfIid(view, iid)]?.name || iid} (${nameOf(Number(ownerOf(view, iid)), seat, seats)})`;
  const now = view.threatened.filter((iid) => (until[iid] ?? view.turn) <= view.turn);
  const later = view.threatened.filter((iid) => (until[iid] ?? view.turn) > view.turn);
  const parts = [];
  if (now.length) parts.push(`removed at the end of this turn unless they find a link: ${now.map(name).join(", ")}`);
  if (later.length) parts.push(`their owner reacts first: ${later.map((iid) => `${name(iid)}, checked at the end of turn ${until[iid]}`).join("; ")}`);
  return h("p", {class: "ph-threat-note"}, "⚠ Threatened, ", parts.join(". Also threatened, "), ".");
}

function bluffNote(view, seat, seats) {
  const b = view.bluff;
  const names = `${view.cards[b.cards[0]]?.name} and ${view.cards[b.cards[1]]?.name}`;
  const said = {bluff: "the cards prove a bluff", real: "the cards prove the link real", unproven: "nothing can be proved: the link is left as is"}[b.outcome];
  const who = b.winner === null ? "nobody removes a card" : `${nameOf(b.winner, seat, seats)} may remove a species`;
  return h("p", {class: "ph-bluff-note", dataset: {outcome: b.outcome}}, `Bluff called on ${names}: ${said}; ${who}.`);
}

function selectedTitle(view) {
  const card = ui.selected.card;
  if (ui.stage) return `${card.name}: choose the second space`;
  return ui.selected.board ? `Move or spread ${card.name}` : `Play ${card.name}`;
}

function selectedHelp(view) {
  if (ui.stage) return "Tap or click a highlighted space.";
  if (!ui.selected.actions.some((a) => a.at || a.to)) return "Use a button below.";
  return ui.selected.event ? "Tap or click a highlighted species to play the event on it; hover to preview what it does." : "Tap or click a highlighted space.";
}

function actionButtons(ctx) {
  const {view, act} = ctx;
  const out = [];
  const sel = ui.selected;
  if (sel) {
    for (const a of sel.actions.filter((a) => a.type === "event" && !a.at)) {
      out.push(button(a.take ? `Play ${sel.card.name}: take back ${view.cards[cardOfIid(view, a.take)]?.name}` : `Play ${sel.card.name}`, () => act(a), `act-event-${a.take || "now"}`));
    }
    if (ui.stage) {
      const plain = sel.actions.find((a) => a.at && String(a.at) === String(ui.stage) && !a.also && !a.then);
      if (plain) out.push(button("Don't name a second species", () => act(plain), "act-plain", "secondary"));
    }
    const discard = legal(view, "discard").find((a) => cardOfHand(view, a.card) === sel.card.id && !sel.board);
    if (discard) out.push(button(`Discard ${sel.card.name} to draw 3`, () => act(discard), "act-discard", "secondary"));
    out.push(button("Cancel", () => { ui.selected = null; ui.stage = null; ctx.redraw(); }, "act-cancel", "secondary"));
  }
  for (const a of legal(view, "challenge")) {
    out.push(button(`Call your bluff: ${cardNameAt(view, a.at)} – ${cardNameAt(view, a.with)}`, () => act(a), `act-challenge-${a.at}-${a.with}`, "secondary"));
  }
  out.push(...legal(view, "pass").map((a) => button("Pass (use an action)", () => act(a), "act-pass", "secondary")));
  return out;
}

function outcomeText(view, p) {
  const gone = p.removes.map((i) => view.cards[cardOfIid(view, i)]?.name).join(", ") || "nothing";
  const cut = p.threatens.map((i) => view.cards[cardOfIid(view, i)]?.name).join(", ");
  return `discards ${gone}${cut ? `; threatens ${cut}` : ""}`;
}

function previewList(view) {
  const items = [];
  for (const [index, p] of Object.entries(view.previews)) {
    const a = view.legal[Number(index)];
    if (!a || cardOfHand(view, a.card) !== ui.selected.card.id || a.also) continue;
    if (a.then) {  // a contest: no one knows the dice, so both outcomes are shown
      const s = p.if_it_spreads;
      items.push(h("li", {}, `On ${cardNameAt(view, a.at)} [${a.at}], spreading to ${cardNameAt(view, a.then)} [${a.then}] ` +
        `if you win the contest (${Math.round(s.chance * 36)} in 36): ${outcomeText(view, s)}; if you lose it: ${outcomeText(view, p)}`));
      continue;
    }
    items.push(h("li", {}, `On ${cardNameAt(view, a.at)} [${a.at}]: ${outcomeText(view, p)}`));
  }
  return items.length ? h("ul", {class: "ph-preview", "aria-label": "Event preview"}, items) : h("p", {class: "muted"}, "This event has no preview.");
}

// -- clicks ---------------------------------------------------------------------------------

function onCell(ctx, pos, live, top, how) {
  const {view} = ctx;
  if (how === "hover" || how === "leave") {
    const hits = how === "hover" && live?.kind === "event" && live.index !== undefined ? view.previews[String(live.index)] : null;
    if ((hits || null) !== ui.hoverHits) { ui.hoverHits = hits || null; ctx.redraw(); }
    return;
  }
  if (live?.action) { ctx.act(live.action); return; }
  if (live?.staged) { ui.stage = pos; ui.reveal = true; ctx.redraw(); return; }
  if (top && ui.movable.has(top.id)) {
    const actions = view.legal.filter((a) => (a.type === "move" && a.card === top.id) || (a.type === "spread" && String(a.from) === String(pos)));
    ui.selected = {board: top.id, card: view.cards[top.card], actions};
    ui.reveal = true;
    ui.stage = null;
    ctx.redraw();
  }
}

function hand(ctx) {
  const {view} = ctx;
  const cards = (view.hand || []).map((card) => handCard(card, ctx));
  return h("section", {class: "hand ph-hand", "aria-label": "Your hand"}, h("h2", {}, "Your hand"),
    h("div", {class: "cards"}, cards));
}

function handCard(card, ctx) {
  const {view} = ctx;
  const actions = view.legal.filter((a) => a.card && cardOfHand(view, a.card) === card.card && a.type !== "move");
  const kind = card.kind === "event" ? "ph-event" : `ph-${card.diet}`;
  const label = card.kind === "event" ? `${card.name} (event): ${card.text}` : speciesLabel(card);
  // a card that cannot be played now still opens to be read: on a phone a tap (focus) shows its whole face
  if (!actions.length) return h("article", {class: ["card", kind], dataset: {card: card.id}, "aria-label": label, tabindex: "0"}, cardFace(card));
  const picked = ui.selected?.card?.id === card.card && !ui.selected.board;
  return h("button", {type: "button", class: ["card", kind, "playable", picked && "selected"], dataset: {card: card.id, key: `card-${card.id}`},
    "aria-label": `Select ${label}`, "aria-pressed": String(picked),
    onclick: () => {
      Object.assign(ui, {selected: {card: {...card, id: card.card}, actions, event: card.kind === "event"}, stage: null, reveal: true,
        toTable: true});
      ctx.redraw();
    }},
  cardFace(card));
}

// -- seats ----------------------------------------------------------------------------------

function seatsPanel({view, seat, seats}) {
  return h("section", {class: "seats", "aria-label": "Players"}, view.players.map((p) => h("article", {
    class: ["seat", p.seat === seat && "me", view.to_act.includes(p.seat) && "acting"], dataset: {seat: String(p.seat)}},
  h("header", {}, h("span", {class: "seat-name"}, nameOf(p.seat, seat, seats)), p.insight ? h("span", {class: "badge"}, "Scientific Insight") : null),
  h("p", {}, h("b", {}, `${p.points} points`), ` on the table · hand ${p.hand_size} · deck ${p.deck_size} · discards ${p.discard.length}`),
  h("p", {class: "muted small"}, `Lost: ${p.lost.links + p.lost.cascade} to broken links and cascades, ${p.lost.event} to events, ${p.lost.bluff} to bluffs, ${p.lost.invaded} to invaders`))));
}

// -- the end --------------------------------------------------------------------------------

/** What the game-over screen shows: headline, the debrief's numbers, a score table, a plot. */
export function results({view, seat, seats}) {
  const r = view.result;
  const d = view.debrief;
  const winners = r.winners.map((w) => nameOf(w, seat, seats));
  const headline = r.winners.includes(seat) ? "You win!" : `${winners.join(" and ")} win${winners.length === 1 ? "s" : ""}!`;
  const chain = d.longest_chain.map((c) => view.cards[c.card].name);
  const sentences = [
    `Longest food chain: ${chain.length} species${chain.length ? ` (${chain.join(" → ")})` : ""}.`,
    `Species lost to cascades (broken links): ${d.lost_to_cascades.map((n, i) => `${nameOf(i, seat, seats)}: ${n}`).join(", ")}; largest cascade ${d.largest_cascade}.`,
    `On average each species kept ${d.links_per_species} links: the more links, the better an ecosystem absorbs an event.`,
    // the points by diet as a sentence: the score table keeps four columns, narrow enough for a phone
    `Points by diet: ${d.points_by_diet.map((p, i) => `${nameOf(i, seat, seats)}: ${p.producer} from producers, ` +
      `${p.herbivore} from herbivores, ${p.omnivore} from omnivores, ${p.carnivore} from carnivores`).join("; ")}.`,
  ];
  const rows = r.scores.map((score, i) => ({seat: i, winner: r.winners.includes(i), cells: [nameOf(i, seat, seats), score,
    d.lost_to_cascades[i], d.lost[i].event]}));
  const series = view.players.map((p, i) => ({label: seatLabel(i, seats), values: [0, ...view.history.map((turn) => turn[i])]}));
  return {
    headline, sentences, rows,
    columns: ["Player", "Points", "Lost to cascades", "Lost to events"],
    plots: [linePlot({title: "Points on the table after each turn", xLabel: "Turn", yLabel: "Points", series})],
  };
}

// -- small helpers --------------------------------------------------------------------------

function button(text, onclick, key, style = "primary") {
  return h("button", {type: "button", class: ["btn", style], dataset: {key}, onclick}, text);
}

const legal = (view, type) => view.legal.filter((a) => a.type === type);

function cardOfHand(view, iid) {
  return (view.hand || []).find((c) => c.id === iid)?.card ?? cardOfIid(view, iid);
}

function cardOfIid(view, iid) {
  for (const sp of view.board) for (const c of sp.cards) if (c.id === iid) return c.card;
  for (const p of view.players) for (const c of p.discard) if (c.id === iid) return c.card;
  return (view.hand || []).find((c) => c.id === iid)?.card;
}

function ownerOf(view, iid) {
  for (const sp of view.board) for (const c of sp.cards) if (c.id === iid) return c.owner;
  return null;
}

function cardAt(view, pos) {
  return view.board.find((sp) => String(sp.at) === String(pos))?.cards[0]?.id;
}

function cardNameAt(view, pos) {
  const sp = view.board.find((s) => String(s.at) === String(pos));
  return sp ? view.cards[sp.cards[0].card].name : "an empty space";
}

function nameOf(s, mySeat, seats) {
  return seatName(s, {seat: mySeat, seats}); // the table's name for every seat (kit/web/names.js)
}
