// Wiring only: language, then the home screen or a match screen from the URL.
// A match URL is /#m=ID&t=TOKEN[,TOKEN]: the tokens stay in the fragment, so
// they never reach a server log; without tokens the page watches.

import { applyTo, lang, setLang } from "./i18n.js";
import { showHome } from "./home.js";
import { showMatch } from "./match.js";
import { goToMatch } from "./nav.js";

function showError(message) {
  const box = document.getElementById("error");
  box.textContent = message;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { box.textContent = ""; }, 5000);
}

function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get("m");
  if (!id) return showHome(document.getElementById("home"), { match: goToMatch, error: showError });
  const tokens = (params.get("t") || "").split(",").filter(Boolean);
  const others = Object.fromEntries((params.get("o") || "").split(",").filter(Boolean).map((x) => x.split(":")));
  window.poolhall = showMatch(document.getElementById("match"), id, tokens, others, showError);
}

const select = document.getElementById("lang");
select.value = lang();
select.onchange = () => setLang(select.value);
applyTo(document);
route();
// A match link pasted into a tab that shows another page (the home page, another match) opens it.
window.addEventListener("hashchange", () => location.reload());
