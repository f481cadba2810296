// Evolution's board pieces: animal cards with traits and tokens, pair-trait links, the hand, and the
// rule of a trait opened by a tap (no hover needed: tablets have none). Animals are shown by the name the
// view gives them (Dolly), never by the engine's id (A1); cards by their traits, never by their code.
import {h, s} from "/static/kit/dom.js";

export const TOKEN_LABEL = {red: "red food token", blue: "blue extra-food token", fat: "yellow fat token"};

// The trait whose full rule is open (one at a time), and the chip that opened it.
export const rule = {trait: null, key: null};
let redraw = () => {};

/** Tell the pieces how to redraw the board (a chip opens or closes a rule). */
export function bindRedraw(fn) {
  redraw = fn;
}

export function traitName(view, key) {
  return view.traits?.[key]?.name || key.replaceAll("_", " ");
}

/** The name of the animal with this engine id ("A1" -> "Dolly"), from the view. */
export function animalName(view, id) {
  for (const p of view.players) for (const a of p.animals) if (a.id === id) return a.name || id;
  return id;
}

/** A sentence from the game package with every animal id on the table replaced by the animal's name. */
export function named(view, text) {
  return String(text ?? "").replace(/\bA\d+\b/g, (id) => animalName(view, id));
}

/** The text of a trait: its rule, its food modifier, and the real organism behind it. */
export function traitTip(view, key) {
  const t = view.traits?.[key];
  if (!t) return key;
  const food = t.food ? ` (food +${t.food})` : "";
  return `${t.name}${food}: ${t.text}\nIn nature: ${t.organism}. ${t.fact}`;
}

/** A trait on the table: a button that opens (or closes) its full rule. key: a data-key unique on the board. */
export function traitChip(view, trait, key) {
  const open = rule.key === key;
  return h("button", {type: "button", class: ["trait-chip", `trait-${trait}`, view.traits?.[trait]?.pair && "pair", open && "open"],
    dataset: {key}, "aria-expanded": String(open), "aria-controls": open ? "trait-pop" : null,
    "aria-label": `${traitName(view, trait)}: show its rule`,
    onclick: () => {
      Object.assign(rule, open ? {trait: null, key: null} : {trait, key});
      redraw();
    }}, traitName(view, trait));
}

/** The open trait's full rule, under the board's edge (null when none is open). */
export function rulePop(view) {
  const t = rule.trait && view.traits?.[rule.trait];
  if (!t) return null;
  const close = () => {
    const back = rule.key;
    Object.assign(rule, {trait: null, key: null});
    redraw();
    document.querySelector(`[data-key="${CSS.escape(back)}"]`)?.focus();
  };
  return h("section", {class: "trait-pop", id: "trait-pop", "aria-labelledby": "trait-pop-title", "aria-live": "polite"},
    h("h2", {id: "trait-pop-title"}, t.name, t.food ? h("span", {class: "food-plus"}, ` needs +${t.food} food`) : null),
    h("p", {class: "rule-text"}, t.text),
    h("p", {class: "nature"}, h("b", {}, "In nature: "), `${t.organism}. ${t.fact}`),
    h("button", {type: "button", class: ["btn", "secondary"], dataset: {key: "rule-close"}, onclick: close}, "Close"));
}

// Escape closes an open rule, and focus goes back to the chip that opened it.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || !rule.key) return;
  const back = rule.key;
  Object.assign(rule, {trait: null, key: null});
  redraw();
  document.querySelector(`[data-key="${CSS.escape(back)}"]`)?.focus();
});

function tokens(kind, n) {
  return Array.from({length: n}, () => h("span", {class: ["token", kind], role: "img", "aria-label": TOKEN_LABEL[kind]}));
}

/** An animal card: its name, trait chips, food tokens against its need, fat slots, badges. */
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
  const name = a.name || a.id;
  const under = a.card_traits ? a.card_traits.map((t) => traitName(view, t)).join(" / ") : null;
  return h("article", {class: ["animal", hunted && "hunted", hunting && "hunting"], dataset: {animal: a.id},
    "aria-label": `${name}: ${a.traits.map((t) => traitName(view, t.trait)).join(", ") || "no traits"}; ${food} of ${a.need} food`},
    h("header", {}, h("b", {class: "animal-name"}, name),
      under ? h("span", {class: "under muted small"}, `your card: ${under}`) : null),
    h("div", {class: "traits"}, a.traits.length ? a.traits.map((t) => traitChip(view, t.trait, `rule-${a.id}-${t.card}`))
      : h("span", {class: "muted small"}, "no traits")),
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
      const from = action.animal === l.a ? l.b : l.a;
      const tip = `${traitName(view, l.trait)}: ${animalName(view, from)} → ${animalName(view, action.animal)}`;
      svg.append(s("g", {class: "choosable", dataset: {link: l.card}, onclick: () => act(action)},
        s("title", {}, tip), s("path", {class: "link-hit", d}), s("path", {class: `link link-${l.trait}`, d})));
    });
    row.prepend(svg);
  }
}

/** A link between two cards of one line: a bracket above them. */
function overPath(a, b, box, i) {
  const y = 8 + (i % 4) * 9;
  const x1 = a.left + a.width / 2 - box.left, x2 = b.left + b.width / 2 - box.left;
  return `M${x1},${y + 8} L${x1},${y} L${x2},${y} L${x2},${y + 8}`;
}

/** A link between cards on different lines: a bracket in the left margin. */
function besidePath(a, b, box, i) {
  const x = 4 + (i % 4) * 5;
  const y1 = a.top + a.height / 2 - box.top, y2 = b.top + b.height / 2 - box.top;
  const x1 = a.left - box.left, x2 = b.left - box.left;
  return `M${x1},${y1} L${x},${y1} L${x},${y2} L${x2},${y2}`;
}

/** The pair traits of one row; choices (link actions the seat may take now) show as buttons on their link. */
export function linkList(view, seatAnimals, choices = [], say = null, act = null) {
  const ids = new Set(seatAnimals.map((a) => a.id));
  const mine = view.links.filter((l) => ids.has(l.a));
  if (!mine.length) return null;
  const nm = (id) => animalName(view, id);
  return h("ul", {class: "link-list", "aria-label": "Pair traits"}, mine.map((l) => h("li", {class: `link-${l.trait}`},
    traitChip(view, l.trait, `rule-link-${l.card}`), h("span", {class: "pair-names"}, ` ${nm(l.a)} ⇄ ${nm(l.b)}`),
    l.trait === "symbiosis" ? h("span", {class: "muted small"}, ` (${nm(l.a)} is the symbiont)`) : null,
    choices.filter((a) => a.card === l.card).map((a) => h("button", {type: "button", class: ["btn", "primary", "link-pick"],
      dataset: {key: `link-${a.card}-${a.animal}`}, onclick: () => act(a)}, say(a))))));
}

/** Every trait's rule (view.traits, from the game package), folded under the board. */
export function traitRules(view) {
  if (!view.traits) return null;
  return h("details", {class: "trait-rules"}, h("summary", {dataset: {key: "trait-rules"}}, "All trait rules"),
    h("dl", {class: "help-list"}, Object.values(view.traits).map((t) => [
      h("dt", {}, t.name, t.food ? ` (needs +${t.food} food)` : ""), h("dd", {}, t.text)])));
}

/** One trait of a card in the hand: its name and its rule in one line. */
function traitLine(view, trait) {
  const t = view.traits?.[trait];
  return h("span", {class: ["trait-line", `trait-${trait}`]}, h("b", {class: "trait-name"}, traitName(view, trait)),
    t?.food ? h("span", {class: "food-plus"}, ` +${t.food} food`) : null,
    t?.line ? h("span", {class: "line"}, t.line) : null);
}

/** The traits a card shows, by name ("Grazing or Fat Tissue"). */
export function cardWords(view, card) {
  return card.traits.map((t) => traitName(view, t)).join(" or ");
}

export function handCard(view, card, selected, onclick) {
  const body = card.traits.map((t, i) => [i ? h("span", {class: "or"}, "or") : null, traitLine(view, t)]);
  if (!onclick) return h("article", {class: "card evo-card", dataset: {card: card.id}, "aria-label": `Card: ${cardWords(view, card)}`}, body);
  return h("button", {type: "button", class: ["card", "evo-card", "playable", selected && "selected"], dataset: {card: card.id, key: `card-${card.id}`},
    "aria-pressed": String(selected), onclick}, body);
}

/** The full rules of the card's traits (shown while the card is picked: "full rules on tap"). */
export function cardRules(view, card) {
  return h("dl", {class: "card-rules"}, card.traits.map((t) => {
    const x = view.traits?.[t];
    return x ? [h("dt", {}, x.name, x.food ? ` (needs +${x.food} food)` : ""), h("dd", {}, x.text)] : null;
  }));
}
