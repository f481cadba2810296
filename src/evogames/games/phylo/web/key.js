// Phylo's key: what each icon of a card and each mark of the table means, in words. A <details> that a tap,
// a click or the keyboard opens (tooltips do not work on touch); it stays open or closed across redraws.
import {h} from "/static/kit/dom.js";
import {TERRAIN_LABEL, climateIcon, dietDot, terrainIcon} from "./cards.js";

const CLIMATES = [["cold", "cold"], ["cool", "cool"], ["warm", "warm"], ["hot", "hot"]];
const DIETS = [
  ["photosynthetic", "photosynthetic: makes its own food from sunlight (plants, algae)"],
  ["chemosynthetic", "chemosynthetic: makes its own food from chemicals (some bacteria, deep-sea vents)"],
  ["herbivore", "herbivore: eats producers (plants, algae)"],
  ["omnivore", "omnivore: eats producers and animals"],
  ["carnivore", "carnivore: eats animals"],
];
const KEYWORDS = [
  ["MOVE 2", "on your turn it may walk up to 2 free spaces in a straight line (not through cards)"],
  ["FLIGHT 2", "it may fly up to 2 spaces in any direction, over cards"],
  ["SPREAD 1", "play a second copy from your hand up to 1 space away, without using an action"],
  ["POLLINATOR", "plants that need a pollinator can spread next to it"],
  ["INVASIVE", "may be played on top of a species of the same food chain, which is discarded"],
  ["PARASITE", "goes under a host species named on the card and lives off it"],
  ["Pack hunter", "hunts in a group: may eat prey with a higher scale than its own"],
];

/** The key, open or closed as the reader left it (ui.keyOpen). */
export function iconKey(ui) {
  const box = h("details", {class: "ph-key", open: ui.keyOpen || null, dataset: {key: "ph-key"}},
    h("summary", {class: "ph-key-summary", dataset: {key: "ph-key-summary"}}, "Key: what the icons mean"),
    h("div", {class: "ph-key-body"},
      h("p", {class: "ph-key-how"}, "A species must sit side by side (not diagonally) with a card that shares one of " +
        "its terrains and one of its climates and that it can eat. Plants and algae (food chain 1) only need the " +
        "shared terrain and climate. A HOME card takes any plant."),
      group("Terrain: where it lives", Object.keys(TERRAIN_LABEL).map((t) => row(terrainIcon(t), TERRAIN_LABEL[t])), "ph-key-short"),
      group("Climate: the thermometer (fuller is hotter)", CLIMATES.map(([c, word]) => row(climateIcon(c), word)), "ph-key-short"),
      group("Numbers", [
        row(badge("ph-scale", "◢7"), "SCALE: how big it is, from 1 (a microbe) to 10 (over 30 m). A meat eater only eats species with a smaller scale."),
        row(badge("ph-fc", "FC3"), "FOODCHAIN: 1 makes its own food; 2 eats level 1; 3 eats level 2; and so on (an omnivore also eats plants)."),
        row(badge("ph-points", "5★"), "points: what the card scores for its player if it is on the table at the end."),
      ]),
      group("Diet: the coloured dot", DIETS.map(([d, words]) => row(dietDot(d), words))),
      group("Words on a card", KEYWORDS.map(([word, words]) => row(h("b", {class: "ph-key-word"}, word), words)), "ph-key-words"),
      group("On the table", [
        row(h("span", {class: "ph-key-swatch ph-key-owner"}), "the border's colour is the player who played the card"),
        row(h("span", {class: "ph-key-swatch ph-key-target"}), "a space where the card you chose can go: choose it to play there"),
        row(h("span", {class: "ph-key-swatch ph-key-threat"}), "⚠ threatened: it lost its last link and goes at the end of the next turn unless it finds one"),
      ])));
  box.addEventListener("toggle", () => { ui.keyOpen = box.open; });
  return h("section", {class: "ph-key-wrap", "aria-label": "Key to the icons"}, box);
}

function group(title, rows, kind = null) {
  return h("div", {class: ["ph-key-group", kind]}, h("h3", {}, title), h("ul", {}, rows));
}

function row(icon, words) {
  return h("li", {}, h("span", {class: "ph-key-icon"}, icon), h("span", {}, words));
}

function badge(kind, text) {
  return h("span", {class: `ph-badge ${kind}`, "aria-hidden": "true"}, text);
}

