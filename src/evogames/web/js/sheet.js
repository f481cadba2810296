// The printable (and projectable) sheet: every open table of one class (``?class=``: a class's id, "other"
// for the tables outside any class; none: every table), each seat's code and a QR code of its link.
import {$, fetchJSON, fill, h} from "/static/kit/dom.js";

const shown = new URLSearchParams(location.search).get("class");

function mine(t) {
  if (!shown) return true;
  return shown === "other" ? !t.class_id : t.class_id === shown;
}

async function start() {
  const [server, tables, games, list] = await Promise.all([fetchJSON("/api/server"), fetchJSON("/api/teacher/tables"),
    fetchJSON("/api/catalog"), fetchJSON("/api/classes")]);
  const titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
  const group = list.classes.find((c) => c.id === shown);
  const title = group ? `Seat codes: ${group.name}` : shown === "other" ? "Seat codes: other tables" : "Seat codes";
  $("h1").textContent = title;
  if (shown) for (const back of document.querySelectorAll("a[href='/teacher']")) back.href = `/teacher?class=${encodeURIComponent(shown)}`;
  document.title = `${title} · evogames`;
  $("#join-url").textContent = server.join;
  const open = tables.filter((t) => mine(t) && !t.over && !t.ended && t.seats.some((s) => s.code))
    .sort((a, b) => a.created - b.created);
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
