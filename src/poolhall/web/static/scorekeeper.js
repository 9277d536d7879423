// Scorekeeper mode: a match on a real table. After each shot the person
// enters what happened; the server's referee rules on it. For 14.1 the score
// sheet (innings, runs, totals) is kept and printable.

import { t } from "./i18n.js";

const POCKETS = ["head-right", "head-left", "side-right", "side-left", "foot-right", "foot-left"];
const RAILS = ["head", "foot", "left", "right"];
const REPORTED = ["cue-ball-touched", "double-hit", "push-shot", "balls-moving", "no-foot-on-floor", "intentional"];

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

function select(name, values, labels) {
  const s = el("select", { name });
  values.forEach((v, i) => s.append(new Option(labels[i], v)));
  return s;
}

export function renderFactsForm(form, m, ask, send) {
  form.replaceChildren();
  const balls = [...m.on_table].sort((a, b) => a - b);
  // The call.
  if (!ask.break_shot) {
    const callBall = select("call_ball", ["", "safety", ...ask.callable_balls.map(String)],
      [t("no_call"), t("safety"), ...ask.callable_balls.map(String)]);
    const callPocket = select("call_pocket", POCKETS, POCKETS.map((p) => t(p)));
    form.append(el("fieldset", {}, el("legend", { textContent: t("call") }), callBall, callPocket));
  }
  form.append(el("label", {}, `${t("first_hit")} `, select("first", ["", ...balls.map(String)], [t("none"), ...balls.map(String)])));
  // Per ball: pocketed where, rail touched after the first hit.
  const grid = el("div", { className: "grid" });
  grid.append(el("b", { textContent: "#" }), el("b", { textContent: t("pocketed") }), el("b", { textContent: t("rails") }));
  for (const ball of [0, ...balls]) {
    grid.append(
      el("span", { textContent: ball === 0 ? t("cue_rail") : String(ball) }),
      select(`pocket_${ball}`, ["", ...POCKETS, "off"], ["—", ...POCKETS.map((p) => t(p)), "off"]),
      select(`rail_${ball}`, ["", ...RAILS], ["—", ...RAILS.map((r) => t(r))]),
    );
  }
  form.append(el("fieldset", {}, el("legend", { textContent: `${t("pocketed")} / ${t("rails")}` }), grid));
  const fouls = el("fieldset", {}, el("legend", { textContent: t("other_fouls") }));
  for (const word of REPORTED) fouls.append(el("label", {}, el("input", { type: "checkbox", name: `rep_${word}` }), ` ${t(word)}`));
  form.append(fouls);
  form.append(el("button", { type: "submit", className: "primary", textContent: t("enter_shot") }));
  form.onsubmit = (e) => {
    e.preventDefault();
    send({ type: "facts", shot: readFacts(form, balls, ask) });
  };
}

function readFacts(form, balls, ask) {
  const f = form.elements;
  const shot = { first_contact: [], rail_contacts: [], pocketed: [], off_table: [], reported: [] };
  if (!ask.break_shot) {
    const c = f.call_ball.value;
    shot.call = c === "" ? null : c === "safety" ? "safety" : { ball: Number(c), pocket: f.call_pocket.value };
  }
  if (f.first.value !== "") shot.first_contact = [Number(f.first.value)];
  for (const ball of [0, ...balls]) {
    const where = f[`pocket_${ball}`].value;
    if (where === "off") shot.off_table.push(ball);
    else if (where) shot.pocketed.push({ ball, pocket: where, direct: false });
    const rail = f[`rail_${ball}`].value;
    if (rail) shot.rail_contacts.push({ ball, rail });
  }
  for (const word of REPORTED) if (f[`rep_${word}`].checked) shot.reported.push(word);
  return shot;
}

/** The 14.1 score sheet: one row per inning, its run, fouls and penalty, and the scores after it. */
export function renderSheet(box, m) {
  const table = el("table");
  const head = el("tr");
  for (const label of [t("inning"), t("player"), t("run"), t("fouls_short"), m.seats.A.name, m.seats.B.name]) {
    head.append(el("th", { textContent: label }));
  }
  table.append(head);
  for (const row of m.sheet) {
    const tr = el("tr");
    const fouls = row.fouls ? `${"F".repeat(row.fouls)} −${row.penalty}` : "";
    for (const value of [row.number, m.seats[row.player].name, row.balls, fouls, row.score.A, row.score.B]) {
      tr.append(el("td", { textContent: String(value) }));
    }
    table.append(tr);
  }
  box.replaceChildren(el("h3", { textContent: t("sheet") }), table);
}
