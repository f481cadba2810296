// The bot levels a table offers (GET /api/bots): a short name for the menus, and one sentence each saying
// what it is, shown beside them. The lobby's seats and the teacher's class set-up use the same words.
import {h} from "/static/kit/dom.js";

const NAMES = {easy: "Easy", medium: "Medium", hard: "Hard", expert: "Expert", heuristic: "Heuristic", random: "Random"};

export const LEVEL_SENTENCES = {
  easy: "plays sensibly but slips now and then, like a beginner.",
  medium: "plays the move that looks best this turn.",
  hard: "thinks ahead by playing out hundreds of possible games (under a second a move).",
  expert: "thinks ahead for longer (a few seconds a move).",
  heuristic: "an older, plainer Medium (the yardstick the other levels are measured against).",
  random: "plays any legal move.",
};

export const botLabel = (name) => NAMES[name] || name;

/** "Hard: thinks ahead …" */
export const levelSentence = (name) => `${botLabel(name)}: ${LEVEL_SENTENCES[name] || "a computer player."}`;

/** A short list of every level and what it is. */
export function levelGuide(bots) {
  return h("ul", {class: "level-guide help-text"}, bots.map((b) => h("li", {}, h("strong", {}, botLabel(b)), ": ",
    LEVEL_SENTENCES[b] || "a computer player.")));
}
