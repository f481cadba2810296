// Phylo's table: the unbounded grid drawn around the cards, highlights for the selected card's
// valid places, threatened species, and an event's preview on hover.
import {h} from "./dom.js";
import {SEAT_COLOUR, iconRow, speciesLabel} from "./phylo_cards.js";

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

/** The grid, with a ring of free spaces around the cards. */
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
      cells.push(cell(view, spaces.get(k), [x, y], live.get(k), {flooded: flooded.has(k), urban: urban.has(k)}, ui, onCell));
    }
  }
  return h("section", {class: "ph-table", "aria-label": "The table"},
    h("div", {class: "ph-grid", style: {gridTemplateColumns: `repeat(${x1 - x0 + 1}, var(--ph-cell))`}}, cells));
}

function cell(view, space, pos, live, marks, ui, onCell) {
  const cards = space?.cards || [];
  const top = cards[0];
  const classes = ["ph-cell", top ? "ph-full" : "ph-empty", marks.flooded && "ph-flooded", marks.urban && "ph-urban",
    live && `ph-target ph-target-${live.kind}`, ui.hoverHits?.removes.includes(top?.id) && "ph-preview-remove",
    ui.hoverHits?.threatens.includes(top?.id) && "ph-preview-threat",
    top && view.threatened.includes(top.id) && "ph-threatened",
    top && !view.threatened.includes(top.id) && view.unlinked.includes(top.id) && "ph-unlinked",
    ui.selected?.board === top?.id && top && "ph-selected"];
  const body = top ? face(view, cards) : [h("span", {class: "ph-coord"}, `${pos[0]}, ${pos[1]}`)];
  if (marks.flooded) body.push(h("span", {class: "ph-mark"}, "flooded"));
  if (marks.urban) body.push(h("span", {class: "ph-mark"}, "grassland → urban"));
  const attrs = {class: classes, dataset: {at: `${pos[0]},${pos[1]}`, key: `cell-${pos[0]}-${pos[1]}`},
    style: top ? {borderColor: SEAT_COLOUR[top.owner]} : null};
  const movable = top && ui.movable?.has(top.id);
  if (live || movable) {
    return h("button", {...attrs, type: "button", "aria-label": label(view, cards, pos, live),
      onclick: () => onCell(pos, live, top), onmouseenter: () => onCell(pos, live, top, "hover"),
      onmouseleave: () => onCell(pos, live, top, "leave")}, body);
  }
  return h("div", {...attrs, "aria-label": label(view, cards, pos, null)}, body);
}

function face(view, cards) {
  const [top, under] = cards;
  const card = view.cards[top.card];
  if (card.kind === "home") {
    return [h("span", {class: "ph-home"}, "HOME"), h("span", {class: "ph-owner"}, `Player ${top.owner + 1}`),
      h("span", {class: "ph-small"}, card.name.replace("HOME: ", "")), h("span", {class: "ph-small"}, "all terrains · all climates")];
  }
  const out = [h("span", {class: "ph-name"}, card.name), h("span", {class: "ph-latin"}, card.latin), iconRow(card),
    h("span", {class: "ph-owner", style: {color: SEAT_COLOUR[top.owner]}}, `Player ${top.owner + 1}`)];
  if (view.threatened.includes(top.id)) out.push(h("span", {class: "ph-danger"}, "⚠ threatened"));
  else if (view.unlinked.includes(top.id)) out.push(h("span", {class: "ph-danger soft"}, "no link"));
  if (under) out.push(h("span", {class: "ph-under", style: {borderColor: SEAT_COLOUR[under.owner]}}, `↳ ${view.cards[under.card].name}`));
  return out;
}

function label(view, cards, pos, live) {
  const where = `space ${pos[0]}, ${pos[1]}`;
  const what = cards.length ? cards.map((c) => view.cards[c.card].kind === "species" ? speciesLabel(view.cards[c.card]) : view.cards[c.card].name).join("; under it ") : "empty";
  const act = live ? `. Click to ${live.kind === "remove" ? "remove it" : live.kind}${live.staged ? " (then choose the second space)" : " here"}` : "";
  return `${where}: ${what}${act}`;
}
