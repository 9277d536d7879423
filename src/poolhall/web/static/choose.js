// Buttons for the choice the match asks for: the referee's options after a
// foul or an illegal break, the lag winner's choice of breaker, and the ball
// to spot when several are equally near. The labels are words, never markup.

import { t } from "./i18n.js";

export function renderChoices(box, ask, send) {
  box.replaceChildren();
  for (const option of ask.options) {
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
