// The bot levels a table offers (GET /api/bots), each with one sentence saying what it is:
// the lobby's seats and the teacher's class set-up use the same words.
export const BOT_LABELS = {
  easy: "Easy: plays sensibly but slips now and then, like a beginner",
  medium: "Medium: plays the best-looking move each turn",
  hard: "Hard: thinks ahead by trying out hundreds of games (under a second a move)",
  expert: "Expert: thinks ahead for longer (a few seconds a move)",
  heuristic: "Heuristic: plays sensibly (as medium)",
  random: "Random: plays any legal move",
};

export const botLabel = (name) => BOT_LABELS[name] || name;
