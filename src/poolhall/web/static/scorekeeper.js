// Scorekeeper mode: a match on a real table. After each shot the person
// enters what happened; the server's referee rules on it. For 14.1 the score
// sheet (innings, runs, totals) is kept and printable.

import { lang, t } from "./i18n.js";
import { chip } from "./panels.js";

const POCKETS = ["head-right", "head-left", "side-right", "side-left", "foot-right", "foot-left"];
const RAILS = ["head", "foot", "left", "right"];
// Infractions no table sees, in the order a scorekeeper thinks of them. `placement-touch` only with ball in
// hand, `intentional` only in 14.1 (14.1-7.5); `object-ball-moved` asks which balls.
const REPORTED = ["cue-ball-touched", "placement-touch", "double-hit", "push-shot", "balls-moving",
  "no-foot-on-floor", "object-ball-moved", "intentional"];
// "Somewhere else" first: the usual answer, so the form's default is the common case.
const LAST_ZONES = ["elsewhere", "in-rack", "head-spot", "behind-head-string"];
const CUE_ZONES = ["elsewhere", "in-rack", "head-spot"];

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

/** The cue ball as a chip (white, no number). */
function cueChip() {
  const c = el("span", { className: "chip cue" });
  c.style.background = "#f7f4ea";
  return c;
}

function select(name, values, labels) {
  const s = el("select", { name });
  values.forEach((v, i) => s.append(new Option(labels[i], v)));
  return s;
}

function check(name, label, checked = false) {
  return el("label", { className: "check" }, el("input", { type: "checkbox", name, checked }), ` ${label}`);
}

function ballChecks(prefix, balls, chosen = []) {
  return el("div", { className: "ball-checks" },
    ...balls.map((b) => check(`${prefix}_${b}`, String(b), chosen.includes(b))));
}

/**
 * The facts form for the shot just played (`ask`), or, with `amend` (the snapshot's `amend`), for correcting
 * the last shot. Questions appear only when they matter: the kitchen when the shooter had the cue ball in hand
 * there, the balls' places when a 14.1 re-rack or 14.1-7.7 may follow.
 */
export function renderFactsForm(form, m, ask, send, amend = null) {
  const ctx = amend
    ? { on_table: amend.on_table, break_shot: amend.break_shot, area: amend.ball_in_hand,
        callable: m.options.calls === "none" ? [] : amend.on_table, facts: amend.facts }
    : { on_table: m.on_table, break_shot: ask.break_shot, area: ask.area, callable: ask.callable_balls, facts: null };
  // An update that asks the same question (the other seat asks for a call, a resync) keeps what the person
  // has typed; another language rebuilds the form in its words with the same entries; a new shot or a
  // correction builds it afresh.
  const key = JSON.stringify([amend?.number ?? null, m.shots, ctx.on_table, ctx.break_shot, ctx.area, ctx.callable]);
  if (form.dataset.question === key && form.dataset.lang === lang()) return;
  const typed = form.dataset.question === key ? entriesOf(form) : null;
  form.dataset.question = key;
  form.dataset.lang = lang();
  const straight = m.game === "straight-pool";
  form.replaceChildren();
  if (amend) form.append(el("h3", { textContent: t("amend_title", { n: amend.number }) }));
  const balls = [...ctx.on_table].sort((a, b) => a - b);
  if (!ctx.break_shot) {
    const callBall = select("call_ball", ["", "safety", ...ctx.callable.map(String)],
      [t("no_call"), t("safety"), ...ctx.callable.map(String)]);
    const callPocket = select("call_pocket", POCKETS, POCKETS.map((p) => t(p)));
    form.append(el("fieldset", {}, el("legend", { textContent: t("call") }), callBall, callPocket));
  }
  form.append(el("label", {}, `${t("first_hit")} `, select("first", ["", ...balls.map(String)], [t("none"), ...balls.map(String)])));
  if (ctx.area === "kitchen") {
    form.append(el("fieldset", { id: "kitchen-facts" }, el("legend", { textContent: t("kitchen_legend") }),
      check("first_ball_behind", t("first_ball_behind")), check("cue_crossed_first", t("cue_crossed_first"))));
  }
  // Pocketed: tap each ball that dropped, then its pocket (or "off the table"); the answer is kept in a
  // hidden field per ball, so the form reads, restores and pre-fills it like the others.
  const taps = el("fieldset", { id: "tap-box" }, el("legend", { textContent: t("tap_dropped") }));
  const tapBalls = el("div", { id: "tap-balls" });
  const tapPockets = el("div", { id: "tap-pockets", hidden: true });
  let picking = null;
  for (const ball of [0, ...balls]) {
    taps.append(el("input", { type: "hidden", name: `pocket_${ball}`, value: "" }));
    const b = el("button", { type: "button", className: "tap-ball" }, ball === 0 ? cueChip() : chip(ball), el("small"));
    b.dataset.ball = String(ball);
    b.onclick = () => { picking = ball; showTaps(); };
    tapBalls.append(b);
  }
  for (const where of [...POCKETS, "off", ""]) {
    const b = el("button", { type: "button", textContent: where === "off" ? t("off_table") : where ? t(where) : t("not_pocketed") });
    b.dataset.pocket = where;
    b.onclick = () => {
      form.elements[`pocket_${picking}`].value = where;
      picking = null;
      form.onchange();
    };
    tapPockets.append(b);
  }
  const tapTitle = el("p", { id: "tap-title" });
  taps.append(tapBalls, tapTitle, tapPockets);
  form.append(taps);
  function showTaps() {
    for (const b of tapBalls.children) {
      const where = form.elements[`pocket_${b.dataset.ball}`].value;
      b.classList.toggle("dropped", where !== "");
      b.classList.toggle("picking", String(picking) === b.dataset.ball);
      b.querySelector("small").textContent = where === "off" ? t("off_table") : where ? t(where) : "";
    }
    tapPockets.hidden = picking === null;
    tapTitle.textContent = picking === null ? "" : t("tap_pocket_for", { ball: picking === 0 ? t("cue_rail") : picking });
  }
  // Rails touched after the first hit: one choice per ball, for the balls that reached one.
  const grid = el("div", { className: "grid" });
  grid.append(el("b", { textContent: t("ball") }), el("b", { textContent: t("rail") }));
  for (const ball of [0, ...balls]) {
    grid.append(
      el("span", { textContent: ball === 0 ? t("cue_rail") : String(ball) }),
      select(`rail_${ball}`, ["", ...RAILS], ["—", ...RAILS.map((r) => t(r))]),
    );
  }
  form.append(el("fieldset", {}, el("legend", { textContent: t("rails") }), grid));
  const fouls = el("fieldset", {}, el("legend", { textContent: t("other_fouls") }));
  for (const word of REPORTED) {
    if (word === "placement-touch" && !ctx.area) continue;
    if (word === "intentional" && !straight) continue;
    fouls.append(check(`rep_${word}`, t(word)));
  }
  const moved = el("div", { id: "moved-box", hidden: true }, el("span", { textContent: t("which_moved") }),
    ballChecks("moved", balls));
  fouls.append(moved);
  form.append(fouls);
  // 14.1: where the balls lie, when a re-rack (14.1-7.3, 14.1-7.6) or 14.1-7.7 may follow.
  const after = el("fieldset", { id: "after-box", hidden: true }, el("legend", { textContent: t("after_legend") }));
  const lastZone = el("label", { id: "last-zone" }, `${t("last_ball_lies")} `,
    select("after_last", LAST_ZONES, LAST_ZONES.map((z) => t(`zone_${z}`))));
  const cueZone = el("label", { id: "cue-zone" }, `${t("cue_ball_lies")} `,
    select("after_cue", CUE_ZONES, CUE_ZONES.map((z) => t(`zone_${z}`))));
  const allBehind = el("div", { id: "all-behind" }, check("all_behind", t("all_behind")),
    el("div", { id: "nearest-box", hidden: true }, el("span", { textContent: t("nearest") }), ballChecks("nearest", balls)));
  after.append(lastZone, cueZone, allBehind);
  form.append(after);
  const submit = el("button", { type: "submit", className: "primary", textContent: t(amend ? "amend_shot" : "enter_shot") });
  form.append(submit);
  const f = form.elements;
  const relevant = () => {
    showTaps();
    const facts = readFacts(form, balls, ctx);
    moved.hidden = !facts.reported.includes("object-ball-moved");
    const gone = new Set([...facts.pocketed.map((p) => p.ball), ...facts.off_table]);
    const left = balls.filter((b) => !gone.has(b));
    const cueGone = gone.has(0);
    const rerack = straight && !ctx.break_shot && left.length <= 1 && !cueGone;
    const inKitchenNext = straight && (cueGone || facts.reported.includes("intentional")) && left.length > 0;
    after.hidden = !(rerack || inKitchenNext);
    form.querySelector("#last-zone").hidden = !(rerack && left.length === 1);
    form.querySelector("#cue-zone").hidden = !rerack;
    allBehind.hidden = !inKitchenNext;
    form.querySelector("#nearest-box").hidden = !f.all_behind.checked;
    return { facts, rerack, left, inKitchenNext };
  };
  if (typed) restore(form, typed);
  else if (ctx.facts) prefill(form, ctx.facts);
  form.onchange = relevant;
  relevant();
  form.onsubmit = (e) => {
    e.preventDefault();
    const { facts, rerack, left, inKitchenNext } = relevant();
    if (rerack || inKitchenNext) {
      facts.after = {};
      if (rerack && left.length === 1) facts.after.last_ball = f.after_last.value;
      if (rerack) facts.after.cue_ball = f.after_cue.value;
      if (inKitchenNext && f.all_behind.checked) {
        facts.after.all_behind_head_string = true;
        facts.after.nearest_to_head_string = balls.filter((b) => f[`nearest_${b}`].checked);
      }
    }
    send(amend ? { type: "amend", number: amend.number, shot: facts } : { type: "facts", shot: facts });
  };
}

function readFacts(form, balls, ctx) {
  const f = form.elements;
  const shot = { first_contact: [], rail_contacts: [], pocketed: [], off_table: [], reported: [] };
  if (!ctx.break_shot) {
    const c = f.call_ball.value;
    shot.call = c === "" ? null : c === "safety" ? "safety" : { ball: Number(c), pocket: f.call_pocket.value };
  }
  if (f.first.value !== "") shot.first_contact = [Number(f.first.value)];
  if (ctx.area === "kitchen") {
    shot.kitchen = { first_ball_behind: f.first_ball_behind.checked, cue_crossed_first: f.cue_crossed_first.checked };
  }
  for (const ball of [0, ...balls]) {
    const where = f[`pocket_${ball}`].value;
    if (where === "off") shot.off_table.push(ball);
    else if (where) shot.pocketed.push({ ball, pocket: where, direct: false });
    const rail = f[`rail_${ball}`].value;
    if (rail) shot.rail_contacts.push({ ball, rail });
  }
  for (const word of REPORTED) if (f[`rep_${word}`]?.checked) shot.reported.push(word);
  if (shot.reported.includes("object-ball-moved")) shot.moved = balls.filter((b) => f[`moved_${b}`].checked);
  return shot;
}

/** What the person has entered: each named field's value or tick. */
function entriesOf(form) {
  return [...form.elements].filter((e) => e.name).map((e) => [e.name, e.type === "checkbox" ? e.checked : e.value]);
}

/** Put `entriesOf`'s entries back into a form rebuilt with the same fields. */
function restore(form, entries) {
  for (const [name, value] of entries) {
    const field = form.elements[name];
    if (!field) continue;
    if (field.type === "checkbox") field.checked = value;
    else field.value = value;
  }
}

/** Put the last shot's facts back into the form, to correct them. */
function prefill(form, facts) {
  const f = form.elements;
  if (f.call_ball) {
    if (facts.call === "safety") f.call_ball.value = "safety";
    else if (facts.call) { f.call_ball.value = String(facts.call.ball); f.call_pocket.value = facts.call.pocket; }
  }
  if (facts.first_contact?.length) f.first.value = String(facts.first_contact[0]);
  for (const p of facts.pocketed ?? []) if (f[`pocket_${p.ball}`]) f[`pocket_${p.ball}`].value = p.pocket;
  for (const b of facts.off_table ?? []) if (f[`pocket_${b}`]) f[`pocket_${b}`].value = "off";
  for (const r of facts.rail_contacts ?? []) if (f[`rail_${r.ball}`] && !f[`rail_${r.ball}`].value) f[`rail_${r.ball}`].value = r.rail;
  for (const w of facts.reported ?? []) if (f[`rep_${w}`]) f[`rep_${w}`].checked = true;
  for (const b of facts.moved ?? []) if (f[`moved_${b}`]) f[`moved_${b}`].checked = true;
  if (facts.kitchen && f.first_ball_behind) {
    f.first_ball_behind.checked = facts.kitchen.first_ball_behind;
    f.cue_crossed_first.checked = facts.kitchen.cue_crossed_first;
  }
  const a = facts.after;
  if (a) {
    if (a.last_ball) f.after_last.value = a.last_ball;
    if (a.cue_ball) f.after_cue.value = a.cue_ball;
    f.all_behind.checked = Boolean(a.all_behind_head_string);
    for (const b of a.nearest_to_head_string ?? []) if (f[`nearest_${b}`]) f[`nearest_${b}`].checked = true;
  }
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
  box.replaceChildren(el("h3", { textContent: t("sheet") }), sheetHeading(m), table);
}

/** The sheet's heading: the players, the date the match began (today's before its first action: a sheet
 * printed or read before the lag is still today's match), the score played to, and the winner. */
function sheetHeading(m) {
  const date = (m.started ? new Date(m.started * 1000) : new Date()).toLocaleDateString(lang() === "pl" ? "pl-PL" : "en-GB");
  const lines = [
    `${m.seats.A.name} – ${m.seats.B.name}`,
    `${t("sheet_date")}: ${date}`,
    `${t("points_to_win")}: ${m.options.points_to_win}`,
    `${t("sheet_winner")}: ${m.winner ? m.seats[m.winner].name : t("sheet_in_play")}`,
  ];
  return el("p", { className: "sheet-heading" }, ...lines.flatMap((line, i) => (i ? [el("br"), line] : [line])));
}
