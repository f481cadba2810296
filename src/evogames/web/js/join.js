// Type a seat code, go to that seat. A name typed for a seat that already has another is never dropped without a
// word: the page says the seat's name, and offers to open it as it is or to change the name.
import {$} from "/static/kit/dom.js";

const JOIN_NAME = "evogames-join-name"; // the table page sends it once it is seated (a seat with no name yet)

/** Ask the server for the seat of ``code`` (``rename``: give it the typed name): its answer, or null (said why). */
async function ask(code, name, rename = false) {
  const error = $("#join-error");
  error.textContent = "";
  try {
    const response = await fetch("/api/join", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({code, name, rename})});
    const answer = await response.json().catch(() => null);
    if (!response.ok) {
      error.textContent = answer?.error?.reason || "No seat has that code. Check it with your teacher.";
      return null;
    }
    return answer;
  } catch {
    error.textContent = "The server did not answer. Check the network and try again.";
    return null;
  }
}

function go(answer, name) {
  if (name && !answer.name) sessionStorage.setItem(JOIN_NAME, name);
  location.href = answer.url;
}

/** The seat already has another name: say so, and offer both ways on. */
function offer(answer, code) {
  const box = $("#join-named");
  $("#join-named-text").textContent = answer.named;
  $("#join-as").textContent = `Open ${answer.name}'s seat`;
  $("#join-as").onclick = () => go(answer, "");
  $("#join-rename").textContent = `Change the name to ${answer.typed}`;
  $("#join-rename").onclick = async () => {
    const renamed = await ask(code, answer.typed, true);
    if (renamed && !renamed.named) go(renamed, "");
  };
  box.hidden = false;
  $("#join-as").focus();
}

$("#join").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("#join-named").hidden = true;
  const code = $("#code").value.replace(/[\s-]/g, "").toUpperCase();
  if (!code) {
    $("#join-error").textContent = "Type your code first.";
    return;
  }
  const name = $("#join-name").value.trim();
  const answer = await ask(code, name);
  if (!answer) return;
  if (answer.named) offer(answer, code);
  else go(answer, name);
});
