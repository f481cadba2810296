// Phylo's card faces: the published icons as inline SVG (terrain, climate, scale, foodchain, diet).
import {h, s} from "/static/kit/dom.js";

export const TERRAIN_LABEL = {urban: "urban", forest: "forest", desert: "desert", freshwater: "freshwater",
  grasslands: "grasslands", tundra: "tundra", ocean: "ocean"};
export const DIET_COLOUR = {photosynthetic: "#43a047", chemosynthetic: "#8e24aa", herbivore: "#c0ca33",
  omnivore: "#8d6e63", carnivore: "#c62828"};
const CLIMATE_COLOUR = {cold: "#1e88e5", cool: "#26a69a", warm: "#fb8c00", hot: "#e53935"};
export const SEAT_COLOUR = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"];

const TERRAIN_SHAPES = {
  forest: () => [s("path", {d: "M12 2 4 14h5l-3 5h12l-3-5h5z", fill: "#2e7d32"}), s("rect", {x: "11", y: "19", width: "2", height: "3", fill: "#6d4c41"})],
  grasslands: () => [s("path", {d: "M3 21c2-6 3-9 4-12 0 5 1 8 2 12M9 21c1-7 2-11 3-15 1 4 2 9 2 15M15 21c1-5 2-8 4-11-1 4-1 7-1 11", stroke: "#9e9d24", "stroke-width": "2", fill: "none"})],
  desert: () => [s("circle", {cx: "17", cy: "7", r: "3.5", fill: "#fbc02d"}), s("path", {d: "M2 20c4-5 8-5 11-2 3-3 6-3 9 2z", fill: "#e0a458"})],
  freshwater: () => [s("path", {d: "M12 3c3 5 6 8 6 12a6 6 0 0 1-12 0c0-4 3-7 6-12z", fill: "#42a5f5"})],
  ocean: () => [s("path", {d: "M2 10c3-3 5-3 7 0s5 3 7 0 4-3 6 0M2 16c3-3 5-3 7 0s5 3 7 0 4-3 6 0", stroke: "#1565c0", "stroke-width": "2.4", fill: "none"})],
  tundra: () => [s("path", {d: "M2 20 9 8l4 6 3-4 6 10z", fill: "#90a4ae"}), s("path", {d: "M9 8l2 3-2 1-2-1z", fill: "#fff"})],
  urban: () => [s("path", {d: "M3 21V10h5V4h8v8h5v9z", fill: "#616161"}), s("path", {d: "M10 7h1M13 7h1M10 10h1M13 10h1M10 13h1M13 13h1", stroke: "#ffeb3b", "stroke-width": "1.6"})],
};

function svgIcon(shapes, label) {
  return s("svg", {viewBox: "0 0 24 24", class: "ph-icon", role: "img", "aria-label": label}, s("title", {}, label), ...shapes);
}

export function terrainIcon(name) {
  return svgIcon(TERRAIN_SHAPES[name](), name);
}

export function climateIcon(name) {
  return svgIcon([
    s("rect", {x: "9", y: "2", width: "6", height: "14", rx: "3", fill: "#fff", stroke: "#444", "stroke-width": "1.2"}),
    s("circle", {cx: "12", cy: "18", r: "4.2", fill: CLIMATE_COLOUR[name], stroke: "#444", "stroke-width": "1.2"}),
    s("rect", {x: "10.6", y: {cold: 12, cool: 10, warm: 7, hot: 4}[name], width: "2.8", height: "8", fill: CLIMATE_COLOUR[name]}),
  ], name);
}

export function dietDot(diet) {
  return h("span", {class: "ph-diet", style: {background: DIET_COLOUR[diet]}, title: diet, role: "img", "aria-label": diet});
}

/** The icon row of a species: terrains, climates, scale, foodchain, diet, points. */
export function iconRow(card) {
  return h("span", {class: "ph-icons"},
    card.terrains.map(terrainIcon), card.climates.map(climateIcon),
    h("span", {class: "ph-badge ph-scale", title: `scale ${card.scale}`}, `◢${card.scale}`),
    h("span", {class: "ph-badge ph-fc", title: `foodchain ${card.foodchain}`}, `FC${card.foodchain}`),
    dietDot(card.diet),
    h("span", {class: "ph-badge ph-points", title: `${card.points} points`}, `${card.points}★`));
}

/** A species as one accessible sentence. */
export function speciesLabel(card) {
  const keys = card.keywords.length ? `, ${card.keywords.join(", ")}` : "";
  const alone = card.free_living ? ", may also be played alone" : "";
  const text = card.text ? `, ${card.text}` : "";
  return `${card.name} (${card.latin}): foodchain ${card.foodchain} ${card.diet}, scale ${card.scale}, ` +
    `${card.terrains.join(" and ")}, ${card.climates.join(" and ")}${keys}${alone}${text}, ${card.points} points`;
}

/** The full face of a card in hand. */
export function cardFace(card) {
  if (card.kind === "event") {
    return [h("span", {class: "card-type"}, "event"), h("span", {class: "card-name"}, card.name),
      h("span", {class: "card-text"}, card.text), h("span", {class: "card-fact", title: card.fact}, card.fact)];
  }
  return [
    h("span", {class: "card-type"}, card.classification.join(" · ")),
    h("span", {class: "card-name"}, card.name),
    h("span", {class: "card-latin"}, h("i", {}, card.latin)),
    iconRow(card),
    card.keywords.length ? h("span", {class: "ph-keywords"}, card.keywords.join(" · ")) : null,
    card.text ? h("span", {class: "ph-card-text"}, card.text) : null,
    card.hosts?.length ? h("span", {class: "ph-keywords", title: card.free_living_why}, `host: ${card.hosts.join(", ")}${card.free_living ? " · or alone" : ""}`) : null,
    h("span", {class: "card-fact", title: card.fact}, card.fact),
  ];
}
