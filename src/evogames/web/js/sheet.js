// The printable (and projectable) sheet: every open table, each seat's code and a QR code of its link.
import {$, fetchJSON, fill, h} from "./dom.js";

async function start() {
  const [server, tables, games] = await Promise.all([fetchJSON("/api/server"), fetchJSON("/api/teacher/tables"),
    fetchJSON("/api/catalog")]);
  const titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
  $("#join-url").textContent = server.join;
  const open = tables.filter((t) => !t.over && !t.ended && t.seats.some((s) => s.code)).sort((a, b) => a.created - b.created);
  if (!open.length) {
    fill($("#sheet"), h("p", {class: "muted"}, "No open table has a seat for a student. Set up a class on the teacher's page."));
    return;
  }
  fill($("#sheet"), open.map((t) => h("section", {class: "sheet-table", "aria-label": t.name},
    h("h2", {}, t.name, h("span", {class: "muted"}, ` · ${titles[t.game] || t.game}`)),
    h("ul", {class: "sheet-seats"}, t.seats.filter((s) => s.code).map((s) => {
      const link = `${server.base}/table/${t.table_id}?token=${s.code}`;
      return h("li", {class: "sheet-seat"},
        h("img", {class: "qr", src: `/api/qr?text=${encodeURIComponent(link)}`, width: 120, height: 120,
          alt: `QR code for ${t.name}, seat ${s.seat + 1}`}),
        h("span", {class: "sheet-seat-name"}, s.name || `Seat ${s.seat + 1}`),
        h("span", {class: "code"}, s.code));
    })))));
}

$("#print").addEventListener("click", () => window.print());
start().catch((err) => fill($("#sheet"), h("p", {class: "error-text"}, `Could not load the codes: ${err.message}`)));
