// Phylo's table: the unbounded grid drawn around the cards, highlights for the selected card's
// valid places, threatened species, and an event's preview on hover.
import {h} from "/static/kit/dom.js";
import {nameOf} from "/static/kit/names.js";
import {SEAT_COLOUR, iconRow, speciesLabel} from "./cards.js";

const key = (pos) => `${pos[0]},${pos[1]}`;

/** The cells a click may act on now: "x,y" -> action (or a step towards one). */
export function targets(view, ui) {
  const out = new Map();
  const sel = ui.selected;
  if (view.pending_bluff !== null && view.pending_bluff === ui.seat) {
    for (const a of view.legal.filter((a) => a.type === "remove")) out.set(key(a.at), {action: a, kind: "remove"});
    return out;
  }
  if (!sel) return out;
  if (ui.stage) {
    for (const a of sel.actions.filter((a) => a.at && key(a.at) === key(ui.stage))) {
      const second = a.also || a.then;
      if (second) out.set(key(second), {action: a, kind: "event"});
    }
    return out;
  }
  for (const a of sel.actions) {
    const pos = a.at || a.to;
    if (!pos) continue;
    const kind = a.type === "event" ? "event" : a.type === "spread" ? "spread" : a.type === "move" ? "move" : "play";
    const previous = out.get(key(pos));
    const staged = a.type === "event" && (a.also || a.then);
    out.set(key(pos), staged || previous?.staged ? {staged: true, pos, kind} : {action: a, kind, index: view.legal.indexOf(a)});
  }
  return out;
}

/** The grid, with a ring of free spaces around the cards (half as wide and high), in a box that scrolls on its own (the page
 * never does) under its zoom buttons. layout() then sizes and centres it. */
export function board(view, ui, ctx, onCell) {
  const spaces = new Map(view.board.map((sp) => [key(sp.at), sp]));
  const xs = view.board.map((sp) => sp.at[0]), ys = view.board.map((sp) => sp.at[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs) - 1, Math.max(...xs) + 1, Math.min(...ys) - 1, Math.max(...ys) + 1];
  const live = targets(view, ui);
  const flooded = new Set(view.flooded.map(key)), urban = new Set(view.urban.map(key));
  const cells = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const k = `${x},${y}`;
      const edge = x === x0 || x === x1 || y === y0 || y === y1;  // the ring: only free spaces, drawn narrower
      cells.push(cell(view, spaces.get(k), [x, y], live.get(k), {flooded: flooded.has(k), urban: urban.has(k), edge}, ui, onCell, ctx));
    }
  }
  const grid = h("div", {class: "ph-grid", style: {gridTemplateColumns: `var(--ph-edge) repeat(${x1 - x0 - 1}, var(--ph-cell)) var(--ph-edge)`,
    gridTemplateRows: `var(--ph-edge) repeat(${y1 - y0 - 1}, auto) var(--ph-edge)`}}, cells);
  grid.style.setProperty("--ph-zoom", String(ui.shownZoom || 1));  // the last size shown: no jump before layout()
  const box = h("div", {class: "ph-scroll", tabindex: "0", role: "region", dataset: {key: "ph-scroll"},
    "aria-label": "The table's spaces (scrolls; arrow keys move it)"}, grid);
  box.addEventListener("scroll", () => rememberCentre(box, ui));
  const zoom = (factor) => () => {
    ui.zoom = clamp((ui.zoom ?? ui.shownZoom ?? 1) * factor, ZOOM.min, ZOOM.max);
    layout(ui);
  };
  const tools = h("div", {class: "ph-tools", role: "toolbar", "aria-label": "Zoom the table"},
    toolsTitle(view, ui, live),
    zoomButton("−", "Zoom out", "ph-zoom-out", zoom(1 / ZOOM.step)),
    h("output", {class: "ph-zoom-level", "aria-label": "Zoom"}, `${Math.round((ui.shownZoom || 1) * 100)}%`),
    zoomButton("+", "Zoom in", "ph-zoom-in", zoom(ZOOM.step)),
    zoomButton("Fit", "Show the whole table, centred on the cards in play", "ph-zoom-fit", () => {
      const grid = document.querySelector(".ph-scroll .ph-grid");
      ui.zoom = grid ? fit(grid.parentElement, grid, ZOOM.min) : null;
      ui.centre = null;
      layout(ui);
    }));
  return h("section", {class: "ph-table", "aria-label": "The table"}, tools, box);
}

// "Table", or with a card chosen (on a phone, the hand and the prompt are then above, out of sight) its name
function toolsTitle(view, ui, live) {
  const chosen = ui.selected && [...live.values()].some((t) => t.action || t.staged) ? ui.selected.card.name : null;
  return h("span", {class: "ph-tools-title", "aria-hidden": "true"}, chosen || "Table",
    chosen ? h("small", {class: "ph-tools-hint"}, "choose a lit space") : null);
}

function zoomButton(text, name, dataKey, onclick) {
  return h("button", {type: "button", class: "btn secondary ph-zoom", "aria-label": name, title: name, dataset: {key: dataKey}, onclick}, text);
}

// -- size and scroll: the grid fits the box when it can stay readable, and opens on the cards in play --

// Zoom is the grid's font size in rem (every size in it is in em). At first the grid takes the largest
// zoom that shows all of it, kept between autoMin (still readable on a phone) and autoMax (a projector);
// the Fit button shows all of it, however small (down to min, where a space is still 50 px or more and
// the narrow ring's spaces are kept at 44 px by the stylesheet).
const ZOOM = {min: 0.4, max: 2, autoMin: 0.8, autoMax: 1.3, step: 1.25};
const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

/** Size the grid (the chosen zoom, or fit) and scroll its box to the remembered spot, or else to the
 * middle of the cards in play. Called after each render, on resize and when the stylesheet arrives. */
export function layout(ui) {
  const box = document.querySelector(".ph-scroll");
  const grid = box?.querySelector(".ph-grid");
  if (!grid || !box.clientWidth) return;
  const zoom = ui.zoom ?? fit(box, grid);
  grid.style.setProperty("--ph-zoom", String(zoom));
  ui.shownZoom = zoom;
  const level = box.parentElement.querySelector(".ph-zoom-level");
  if (level) level.textContent = `${Math.round(zoom * 100)}%`;
  centreOn(box, grid, ui);
  if (ui.reveal && reveal(box, grid, ui)) centreOn(box, grid, ui);
}

function centreOn(box, grid, ui) {
  const target = (ui.centre && pointOf(grid, ui.centre)) || cardsMiddle(grid);
  const b = box.getBoundingClientRect();
  box.scrollLeft += target.x - (b.left + box.clientLeft + box.clientWidth / 2);
  box.scrollTop += target.y - (b.top + box.clientTop + box.clientHeight / 2);
  ui.scrolledTo = [box.scrollLeft, box.scrollTop];
}

// A card was just selected: if none of its valid spaces is in sight, the box is to move to the middle of
// them (true: ui.centre changed).
function reveal(box, grid, ui) {
  ui.reveal = false;
  const spaces = [...grid.querySelectorAll(".ph-target")];
  const b = box.getBoundingClientRect();
  const inSight = (r) => (r.left + r.right) / 2 > b.left && (r.left + r.right) / 2 < b.right &&
    (r.top + r.bottom) / 2 > b.top && (r.top + r.bottom) / 2 < b.bottom;
  if (!spaces.length || spaces.some((el) => inSight(el.getBoundingClientRect()))) return false;
  const at = spaces.map((el) => el.dataset.at.split(",").map(Number));
  const middle = (values) => (Math.min(...values) + Math.max(...values)) / 2;
  ui.centre = [middle(at.map(([x]) => x)), middle(at.map(([, y]) => y))];
  return true;
}

function fit(box, grid, least = ZOOM.autoMin) {
  grid.style.setProperty("--ph-zoom", "1");
  const style = getComputedStyle(box);
  const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  const padY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  const tallest = parseFloat(style.maxHeight) || window.innerHeight;
  const wide = (box.clientWidth - padX) / grid.offsetWidth;
  const high = (tallest - padY - (box.offsetHeight - box.clientHeight)) / grid.offsetHeight;
  return clamp(Math.floor(Math.min(wide, high) * 20) / 20, least, ZOOM.autoMax);
}

function cardsMiddle(grid) {
  const rects = [...grid.querySelectorAll(".ph-full")].map((c) => c.getBoundingClientRect());
  if (!rects.length) rects.push(grid.getBoundingClientRect());
  return {x: (Math.min(...rects.map((r) => r.left)) + Math.max(...rects.map((r) => r.right))) / 2,
    y: (Math.min(...rects.map((r) => r.top)) + Math.max(...rects.map((r) => r.bottom))) / 2};
}

// A spot of the table in grid coordinates (a space's x, y plus a fraction of it), on screen now.
function pointOf(grid, [x, y]) {
  const [cx, cy] = [Math.round(x), Math.round(y)];
  const space = grid.querySelector(`[data-at="${cx},${cy}"]`);
  if (!space) return null;
  const r = space.getBoundingClientRect();
  return {x: r.left + r.width * (0.5 + x - cx), y: r.top + r.height * (0.5 + y - cy)};
}

// When the reader scrolls the box, the spot in its middle is kept for the next redraws.
function rememberCentre(box, ui) {
  const [left, top] = ui.scrolledTo || [];
  if (Math.abs(box.scrollLeft - left) < 2 && Math.abs(box.scrollTop - top) < 2) return;  // our own scroll
  const b = box.getBoundingClientRect();
  const mx = b.left + box.clientLeft + box.clientWidth / 2, my = b.top + box.clientTop + box.clientHeight / 2;
  let best = null, far = Infinity;
  for (const space of box.querySelectorAll(".ph-cell")) {
    const r = space.getBoundingClientRect();
    const d = Math.hypot((r.left + r.right) / 2 - mx, (r.top + r.bottom) / 2 - my);
    if (d < far) [best, far] = [{space, r}, d];
  }
  if (!best) return;
  const [x, y] = best.space.dataset.at.split(",").map(Number);
  ui.centre = [x + (mx - (best.r.left + best.r.right) / 2) / best.r.width, y + (my - (best.r.top + best.r.bottom) / 2) / best.r.height];
  ui.scrolledTo = [box.scrollLeft, box.scrollTop];
}

function cell(view, space, pos, live, marks, ui, onCell, ctx) {
  const cards = space?.cards || [];
  const top = cards[0];
  const classes = ["ph-cell", top ? "ph-full" : "ph-empty", marks.edge && "ph-edge", marks.flooded && "ph-flooded", marks.urban && "ph-urban",
    live && `ph-target ph-target-${live.kind}`, ui.hoverHits?.removes.includes(top?.id) && "ph-preview-remove",
    ui.hoverHits?.threatens.includes(top?.id) && "ph-preview-threat",
    top && view.threatened.includes(top.id) && "ph-threatened",
    top && !view.threatened.includes(top.id) && view.unlinked.includes(top.id) && "ph-unlinked",
    ui.selected?.board === top?.id && top && "ph-selected"];
  const body = top ? face(view, cards, ctx) : [];
  const coach = coachShare(ctx, pos);
  if (coach !== null) {
    classes.push("ph-hinted");
    body.push(h("span", {class: "ph-hint-mark"}, `Coach: ${Math.round(coach * 100)}%`));
  }
  if (marks.flooded) body.push(h("span", {class: "ph-mark"}, "flooded"));
  if (marks.urban) body.push(h("span", {class: "ph-mark"}, "grassland → urban"));
  const attrs = {class: classes, dataset: {at: `${pos[0]},${pos[1]}`, key: `cell-${pos[0]}-${pos[1]}`},
    style: top ? {borderColor: SEAT_COLOUR[top.owner]} : null};
  const movable = top && ui.movable?.has(top.id);
  if (live || movable) {
    return h("button", {...attrs, type: "button", "aria-label": label(view, cards, pos, live, coach),
      onclick: () => onCell(pos, live, top), onmouseenter: () => onCell(pos, live, top, "hover"),
      onmouseleave: () => onCell(pos, live, top, "leave")}, body);
  }
  // a plain free space says nothing a screen reader needs; a card, a flooded/urban space or the coach's is a named group
  if (!top && !marks.flooded && !marks.urban && coach === null) return h("div", {...attrs, "aria-hidden": "true"}, body);
  return h("div", {...attrs, role: "group", "aria-label": label(view, cards, pos, null, coach)}, body);
}

/** The best share of the games won among the coach's moves that play, move or spread to ``pos`` or play an event
 * on it (null: none): the hint names spaces by coordinates the table does not show, so the table marks them. */
function coachShare(ctx, pos) {
  const here = (ctx.hint || []).filter((m) => {
    const at = m.action.at || m.action.to;
    return at && at[0] === pos[0] && at[1] === pos[1];
  });
  return here.length ? Math.max(...here.map((m) => m.share)) : null;
}

function face(view, cards, ctx) {
  const [top, under] = cards;
  const card = view.cards[top.card];
  if (card.kind === "home") {
    return [h("span", {class: "ph-home"}, "HOME"), owner(top.owner, ctx),
      h("span", {class: "ph-small"}, card.name.replace("HOME: ", "")), h("span", {class: "ph-small"}, "all terrains · all climates")];
  }
  const out = [h("span", {class: "ph-name"}, card.name), h("span", {class: "ph-latin"}, card.latin), iconRow(card),
    card.pack_hunter ? h("span", {class: "ph-card-text"}, "Pack hunter: may eat larger prey") : null, owner(top.owner, ctx)];
  if (view.threatened.includes(top.id)) out.push(h("span", {class: "ph-danger"}, "⚠ threatened"));
  else if (view.unlinked.includes(top.id)) out.push(h("span", {class: "ph-danger soft"}, "no link"));
  if (under) out.push(h("span", {class: "ph-under", style: {borderColor: SEAT_COLOUR[under.owner]}}, `↳ ${view.cards[under.card].name}`));
  return out;
}

// the owner in ink (readable on every highlight), beside a swatch of their colour; a long name breaks only at
// its "·" ("Player 2 ·" over "bot (easy)", never "(easy)" alone)
function owner(seat, ctx) {
  const parts = nameOf(seat, ctx).split(" · ");
  const words = parts.map((part, i) => h("span", {class: "ph-owner-part"}, i < parts.length - 1 ? `${part} ·` : part));
  return h("span", {class: "ph-owner"}, h("span", {class: "ph-swatch", style: {background: SEAT_COLOUR[seat]}}),
    h("span", {}, ...words.flatMap((word, i) => (i ? [" ", word] : [word]))));
}

function label(view, cards, pos, live, coach = null) {
  const where = `space ${pos[0]}, ${pos[1]}`;
  const what = cards.length ? cards.map((c) => view.cards[c.card].kind === "species" ? speciesLabel(view.cards[c.card]) : view.cards[c.card].name).join("; under it ") : "empty";
  const act = live ? `. Choose to ${live.kind === "remove" ? "remove it" : live.kind}${live.staged ? " (then choose the second space)" : " here"}` : "";
  const hinted = coach === null ? "" : `. The coach's move here wins ${Math.round(coach * 100)}% of its games`;
  return `${where}: ${what}${act}${hinted}`;
}
