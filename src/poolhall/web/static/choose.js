// Buttons for the choice the match asks for: the referee's options after a
// foul or an illegal break, the lag winner's choice of breaker, and the ball
// to spot when several are equally near. The labels are words, never markup;
// ``namer`` (a seat -> name function), when one page holds both seats, names the breaker.

import { t } from "./i18n.js";

export function renderChoices(box, ask, send, namer = null) {
  box.replaceChildren();
  for (const option of ask.options) {
    if (namer && (option === "break" || option === "opponent-breaks")) {
      // One page holds both seats (one screen, or a scorekeeper): "I break" would not say who.
      const breaker = option === "break" ? ask.player : ask.player === "A" ? "B" : "A";
      box.append(button(t("named_breaks", { name: namer(breaker) }), () => send({ type: "choose", option })));
      continue;
    }
    if (option === "spot-nearest-ball" && ask.candidates.length > 1) {
      for (const ball of ask.candidates) {
        box.append(button(`${t(option)}: ${ball}`, () => send({ type: "choose", option, ball })));
      }
      continue;
    }
    box.append(button(t(option), () => send({ type: "choose", option })));
  }
  box.querySelector("button")?.classList.add("primary");
}

export function button(label, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.dataset.option = label;
  b.addEventListener("click", onClick);
  return b;
}
