// A game's web board: its package's web/board.js where the catalog lists the "web" part, else generic.js.
// `instance` gives a feed a board module of its own (a separate copy of its state: pass and play, a replay).

let catalog = null;

async function hasWebBoard(game) {
  catalog ??= fetch("/api/catalog").then((r) => (r.ok ? r.json() : [])).catch(() => []);
  const entry = (await catalog).find((g) => g.name === game);
  return Boolean(entry?.parts?.includes("web"));
}

export async function loadBoard(game, instance = "") {
  if (!/^[a-z_]+$/.test(game || "") || !(await hasWebBoard(game))) return import("/static/kit/generic.js");
  try {
    return await import(`/static/games/${game}/board.js${instance ? `?board=${encodeURIComponent(instance)}` : ""}`);
  } catch (err) {
    console.warn(`the board module of ${game} did not load; using the generic board`, err);
    return import("/static/kit/generic.js");
  }
}
