// Evolution's board pieces: animal cards with traits and tokens, pair-trait links, the hand.
import {h, s} from "./dom.js";

export const TOKEN_LABEL = {red: "red food token", blue: "blue extra-food token", fat: "yellow fat token"};

export function traitName(view, key) {
  return view.traits?.[key]?.name || key.replaceAll("_", " ");
}

/** The hover text of a trait: its rule, its food modifier, and the real organism behind it. */
export function traitTip(view, key) {
  const t = view.traits?.[key];
  if (!t) return key;
  const food = t.food ? ` (food +${t.food})` : "";
  return `${t.name}${food}: ${t.text}\nIn nature: ${t.organism}. ${t.fact}`;
}

export function traitChip(view, key, extra = {}) {
  return h("span", {class: ["trait-chip", `trait-${key}`, view.traits?.[key]?.pair && "pair"], title: traitTip(view, key),
    tabindex: "0", "aria-label": traitTip(view, key), ...extra}, traitName(view, key));
}

function tokens(kind, n) {
  return Array.from({length: n}, () => h("span", {class: ["token", kind], role: "img", "aria-label": TOKEN_LABEL[kind]}));
}

/** An animal card: its id, trait chips, food tokens against its need, fat slots, badges. */
export function animalCard(view, a, buttons = []) {
  const food = a.red + a.blue;
  const missing = Math.max(0, a.need - food);
  const badges = [
    a.fed ? h("span", {class: "badge ok"}, "fed") : h("span", {class: "badge hungry"}, `needs ${missing}`),
    a.hibernating ? h("span", {class: "badge"}, "asleep") : null,
    a.attacked ? h("span", {class: "badge"}, "has attacked") : null,
    a.poisoned ? h("span", {class: "badge bad"}, "poisoned") : null,
  ];
  const atk = view.attack;
  const hunted = atk && atk.target === a.id;
  const hunting = atk && atk.carnivore === a.id;
  return h("article", {class: ["animal", hunted && "hunted", hunting && "hunting"], dataset: {animal: a.id},
    "aria-label": `Animal ${a.id}: ${a.traits.map((t) => traitName(view, t.trait)).join(", ") || "no traits"}; ${food} of ${a.need} food`},
    h("header", {}, h("b", {}, a.id), a.card ? h("span", {class: "muted small", title: "your face-down card"}, ` ${a.card}`) : null),
    h("div", {class: "traits"}, a.traits.length ? a.traits.map((t) => traitChip(view, t.trait)) : h("span", {class: "muted small"}, "no traits")),
    h("div", {class: "food", title: `${food} of ${a.need} food`}, tokens("red", a.red), tokens("blue", a.blue),
      Array.from({length: missing}, () => h("span", {class: "token empty", role: "img", "aria-label": "empty food slot"}))),
    a.fat_slots ? h("div", {class: "fat", title: `fat ${a.fat} of ${a.fat_slots}`}, tokens("fat", a.fat),
      Array.from({length: a.fat_slots - a.fat}, () => h("span", {class: "token empty-fat", role: "img", "aria-label": "empty Fat Tissue"}))) : null,
    h("div", {class: "badges"}, badges),
    buttons.length ? h("div", {class: "animal-actions"}, buttons) : null);
}

/** Lines between linked animals, drawn once the cards are laid out. pick(card): the action that fires this link
 * now, or null; a pickable line is drawn thicker and clicking it acts. */
export function drawLinks(root, view, pick = () => null, act = null) {
  for (const row of root.querySelectorAll(".animals")) {
    row.querySelector("svg.links")?.remove();
    const mine = view.links.filter((l) => row.querySelector(`[data-animal="${l.a}"]`));
    if (!mine.length) continue;
    // cards that wrap onto several lines (a phone): links between lines run down the left margin
    const tops = new Set([...row.querySelectorAll("[data-animal]")].map((el) => Math.round(el.offsetTop)));
    row.classList.toggle("stacked", tops.size > 1);
    const box = row.getBoundingClientRect();
    const svg = s("svg", {class: "links", width: box.width, height: box.height, "aria-hidden": "true"});
    mine.forEach((l, i) => {
      const a = row.querySelector(`[data-animal="${l.a}"]`).getBoundingClientRect();
      const b = row.querySelector(`[data-animal="${l.b}"]`)?.getBoundingClientRect();
      if (!b) return;
      const d = Math.abs(a.top - b.top) < 2 ? overPath(a, b, box, i) : besidePath(a, b, box, i);
      const action = act ? pick(l.card) : null;
      if (!action) {
        svg.append(s("path", {class: `link link-${l.trait}`, d}));
        return;
      }
      const tip = `${traitName(view, l.trait)}: ${action.animal === l.a ? l.b : l.a} → ${action.animal}`;
      svg.append(s("g", {class: "choosable", dataset: {link: l.card}, onclick: () => act(action)},
        s("title", {}, tip), s("path", {class: "link-hit", d}), s("path", {class: `link link-${l.trait}`, d})));
    });
    row.prepend(svg);
  }
}

/** The pair traits of one row; choices (link actions the seat may take now) show as buttons on their link. */
/** A link between two cards of one line: a bracket above them. */
function overPath(a, b, box, i) {
  const y = 8 + (i % 4) * 9;
  const x1 = a.left + a.width / 2 - box.left, x2 = b.left + b.width / 2 - box.left;
  return `M${x1},${y + 8} L${x1},${y} L${x2},${y} L${x2},${y + 8}`;
}

/** A link between cards on different lines: a bracket in the left margin. */
function besidePath(a, b, box, i) {
  const x = 6 + (i % 4) * 7;
  const y1 = a.top + a.height / 2 - box.top, y2 = b.top + b.height / 2 - box.top;
  const x1 = a.left - box.left, x2 = b.left - box.left;
  return `M${x1},${y1} L${x},${y1} L${x},${y2} L${x2},${y2}`;
}

export function linkList(view, seatAnimals, choices = [], say = null, act = null) {
  const ids = new Set(seatAnimals.map((a) => a.id));
  const mine = view.links.filter((l) => ids.has(l.a));
  if (!mine.length) return null;
  return h("ul", {class: "link-list", "aria-label": "Pair traits"}, mine.map((l) => h("li", {class: `link-${l.trait}`},
    traitChip(view, l.trait), ` ${l.a} ⇄ ${l.b}`, l.trait === "symbiosis" ? h("span", {class: "muted small"}, ` (${l.a} is the symbiont)`) : null,
    choices.filter((a) => a.card === l.card).map((a) => h("button", {type: "button", class: ["btn", "primary", "link-pick"],
      dataset: {key: `link-${a.card}-${a.animal}`}, onclick: () => act(a)}, say(a))))));
}

/** Every trait's rule (view.traits, from the game package), folded under the board. */
export function traitRules(view) {
  if (!view.traits) return null;
  return h("details", {class: "trait-rules"}, h("summary", {}, "Trait rules"),
    h("dl", {class: "help-list"}, Object.values(view.traits).map((t) => [h("dt", {}, t.name), h("dd", {}, t.text)])));
}

export function handCard(view, card, selected, onclick) {
  const body = [h("span", {class: "card-id muted small"}, card.id),
    card.traits.map((t, i) => [i ? h("span", {class: "or"}, "or") : null, traitChip(view, t)])];
  if (!onclick) return h("article", {class: "card evo-card", dataset: {card: card.id}}, body);
  return h("button", {type: "button", class: ["card", "evo-card", "playable", selected && "selected"], dataset: {card: card.id, key: `card-${card.id}`},
    "aria-pressed": String(selected), "aria-label": `Card ${card.id}: ${card.traits.map((t) => traitName(view, t)).join(" or ")}`, onclick}, body);
}
