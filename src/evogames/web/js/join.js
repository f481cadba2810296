// Type a seat code, go to that seat.
import {$} from "/static/kit/dom.js";

$("#join").addEventListener("submit", async (event) => {
  event.preventDefault();
  const code = $("#code").value.replace(/[\s-]/g, "").toUpperCase();
  const error = $("#join-error");
  error.textContent = "";
  if (!code) {
    error.textContent = "Type your code first.";
    return;
  }
  try {
    const response = await fetch(`/join/${encodeURIComponent(code)}`, {method: "GET"});
    if (!response.ok) {
      error.textContent = (await response.text()) || "No seat has that code.";
      return;
    }
    const name = $("#join-name").value.trim();
    if (name) sessionStorage.setItem("evogames-join-name", name); // the table page sends it once it is seated
    location.href = response.url;
  } catch {
    error.textContent = "The server did not answer. Check the network and try again.";
  }
});
