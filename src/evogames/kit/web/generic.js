// A plain board for a game without its own module yet: the view and the legal actions as buttons.
import {h} from "./dom.js";
import {listing, nameOf} from "./names.js";

export const title = "Game";

export function render(root, {view, act}) {
  root.replaceChildren(
    h("section", {class: "prompt", id: "prompt"},
      h("p", {class: "prompt-title"}, view.legal?.length ? "Your choice" : "Waiting…"),
      h("div", {class: "actions"}, (view.legal || []).map((a, i) => h("button", {type: "button", class: "btn primary",
        dataset: {key: `act-${i}`}, onclick: () => act(a)}, JSON.stringify(a))))),
    h("pre", {class: "raw-view"}, JSON.stringify({...view, legal: undefined}, null, 2)));
}

export function help() {
  return h("p", {}, "This game has no board drawing yet; its actions are listed as buttons.");
}

export function results(ctx) {
  const r = ctx.view.result || {scores: [], winners: []};
  return {
    headline: `${listing(r.winners.map((w) => nameOf(w, ctx)))} won`,
    sentences: [],
    columns: ["Player", "Score"],
    rows: r.scores.map((score, i) => ({seat: i, winner: r.winners.includes(i), cells: [nameOf(i, ctx), score]})),
    plots: [],
  };
}
