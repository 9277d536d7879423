// The scoreboard, the referee panel and the prompt: text built with
// textContent only (player names come from people; they are never markup).

import { houseRulesInWords } from "./house_rules.js";
import { lang, t } from "./i18n.js";
import { ballColour } from "./render.js";

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

export function renderScoreboard(box, m) {
  const table = el("table");
  const head = el("tr");
  head.append(el("th", ""), el("th", m.seats.A.name), el("th", m.seats.B.name));
  table.append(head);
  const row = (label, fn) => {
    const tr = el("tr");
    tr.append(el("td", label));
    for (const seat of ["A", "B"]) {
      const td = el("td");
      const v = fn(seat, td);
      if (v !== undefined) td.textContent = String(v);
      tr.append(td);
    }
    table.append(tr);
  };
  const who = el("tr");
  who.append(el("td", t("player")));
  for (const seat of ["A", "B"]) {
    const td = el("td", m.seats[seat].kind === "computer" ? t("computer") : seat);
    if (m.asked?.player === seat) td.className = "to-act";
    who.append(td);
  }
  table.append(who);
  if (m.game === "eight-ball") {
    row(t("group"), (s) => (m.groups ? t(m.groups[s]) : t("open_table")));
    row(t("balls_left"), (s, td) => {
      td.className = "balls";
      for (const b of m.balls_left[s]) {
        const chip = el("span", b);
        chip.style.background = ballColour(b);
        if (b > 8) chip.style.boxShadow = "inset 0 0 0 3px #f7f4ea";
        if (b === 8) chip.style.color = "#fff";
        td.append(chip);
      }
    });
    row(`${t("games")} (${m.options.race_to})`, (s) => m.games_won[s]);
  } else {
    row(`${t("points")} (${m.options.points_to_win})`, (s) => m.score[s]);
  }
  row(t("innings"), (s) => m.innings[s]);
  row(t("fouls"), (s) => m.fouls_in_a_row[s]);
  row(t("high_run"), (s) => m.high_run[s]);
  const rules = houseRulesInWords(m.options, m.game);
  const list = el("ul", null, "house-rules");
  list.append(...rules.map((words) => el("li", words)));
  box.replaceChildren(table, ...(rules.length ? [list] : []));
  for (const [i, tr] of [...table.rows].entries()) if (i === 0) tr.className = "names";
  const asked = m.asked?.player;
  if (asked) table.rows[0].cells[asked === "A" ? 1 : 2].classList.add("to-act");
}

export function renderReferee(p, m) {
  const r = m.last_ruling;
  p.textContent = r ? r.reason[lang()] : "";
  p.classList.toggle("foul", Boolean(r?.foul));
}

/** The line that says what happens now. */
export function promptText(state) {
  const m = state.match;
  if (!m) return t("connecting");
  if (m.over) return m.winner ? t("winner", { name: state.name(m.winner) }) : t("game_over");
  const ask = m.asked;
  const name = state.name(ask.player);
  if (!state.seats.includes(ask.player)) {
    if (m.seats[ask.player]?.kind === "computer") return t("thinking", { name });
    return state.seats.length ? t("waiting_for", { name }) : t("watching");
  }
  switch (ask.kind) {
    case "place": return t("your_turn_place", { name }) + (ask.area === "kitchen" ? ` (${t("kitchen")})` : "");
    case "shoot": return t("your_turn_shoot", { name }) + (ask.break_shot ? ` (${t("break_shot")})` : "") + asked(state);
    case "enter-shot": return t("your_turn_facts", { name }) + (ask.break_shot ? ` (${t("break_shot")})` : "") + asked(state);
    case "answer-stalemate": return t("stalemate_offered", { name: state.name(ask.player === "A" ? "B" : "A") });
    default: return t("your_turn_choose", { name });
  }
}

/** " Call the shot: X asked for it." when the opponent asked for a call (GEN-8), else nothing. */
function asked(state) {
  const ask = state.match.asked;
  return ask.call_requested ? ` ${t("call_asked", { name: state.name(ask.player === "A" ? "B" : "A") })}` : "";
}
