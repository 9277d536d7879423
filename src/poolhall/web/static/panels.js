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

/** A ball as a chip: its colour (a stripe across white for 9-15) and its number on a white disc, as on the
 * ball itself, so every number reads on every colour (the 7's maroon, two-digit stripes). */
export function chip(ball) {
  const c = el("span", null, "chip");
  const colour = ballColour(ball);
  c.style.background = ball > 8 ? `linear-gradient(#f7f4ea 0 24%, ${colour} 24% 76%, #f7f4ea 76%)` : colour;
  c.append(el("b", ball));
  return c;
}

/** The pocketed-ball tray under the table: the object balls off the table, in the order of their numbers. */
export function renderTray(box, m) {
  const gone = [];
  for (let b = 1; b <= 15; b++) if (!m.on_table.includes(b)) gone.push(b);
  box.hidden = m.balls === null;
  box.replaceChildren(el("span", t("tray"), "tray-label"), ...gone.map(chip));
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
  // who plays each seat, and at which level the computer plays (the column heads are only names); two people need no row
  if (m.seats.A.kind === "computer" || m.seats.B.kind === "computer") row(t("played_by"), (s) => playedBy(m.seats[s]));
  if (m.game === "eight-ball") {
    row(t("group"), (s) => (m.groups ? t(m.groups[s]) : t("open_table")));
    row(t("balls_left"), (s, td) => {
      td.className = "balls";
      for (const b of m.balls_left[s]) td.append(chip(b));
    });
    row(`${t("games")} (${m.options.race_to})`, (s) => m.games_won[s]);
  } else {
    row(`${t("points")} (${m.options.points_to_win})`, (s) => m.score[s]);
  }
  row(t("innings"), (s) => m.innings[s]);
  if (m.game === "straight-pool" && m.balls) {  // how many are left before the re-rack (14.1-7.3)
    const objects = m.on_table.filter((b) => b !== 0).length;
    const tr = el("tr");
    tr.append(el("td", t("rack_left")), el("td", objects));
    tr.cells[1].colSpan = 2;
    table.append(tr);
  }
  row(t("fouls"), (s) => m.fouls_in_a_row[s]);
  row(t("high_run"), (s) => m.high_run[s]);
  const rules = houseRulesInWords(m.options, m.game);
  const list = el("ul", null, "house-rules");
  list.append(...rules.map((words) => el("li", words)));
  box.replaceChildren(table, ...(rules.length ? [list] : []));
  table.rows[0].className = "names";
  // The turn marker: whose turn it is (the seat asked), or who won.
  const marked = m.over ? m.winner : m.asked?.player;
  if (marked) {
    const cell = table.rows[0].cells[marked === "A" ? 1 : 2];
    cell.classList.add(m.over ? "winner" : "to-act");
    cell.title = m.over ? t("winner", { name: m.seats[marked].name }) : t("turn_of", { name: m.seats[marked].name });
  }
}

/** "person", or "computer (Club)": its level in the page's words (as the server names it if the page has none). */
function playedBy(seat) {
  if (seat.kind !== "computer") return t("by_person");
  if (!seat.level) return t("by_computer");
  const word = t(`level_${seat.level}`);
  return t("by_computer_at", { level: word === `level_${seat.level}` ? seat.level : word });
}

/** The ruling log: the last actions of the match, newest last, a line each (who did what, and the ruling). */
export function renderLog(box, entries, seats) {
  const list = el("ol");
  for (const e of entries) list.append(logLine(e, seats));
  const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
  box.replaceChildren(list);
  if (atBottom || !box.dataset.drawn) box.scrollTop = box.scrollHeight; // follow the match unless scrolled back
  box.dataset.drawn = "1";
}

function logLine(e, seats) {
  const name = seats[e.seat]?.name ?? e.seat;
  const li = el("li");
  if (e.ruling) {
    li.append(el("b", `${t("shot")} ${e.number} · ${seats[e.shooter]?.name ?? name}: `), el("span", e.ruling.reason[lang()]));
    li.classList.toggle("foul", Boolean(e.ruling.foul));
    li.title = `${t("rules")}: ${e.ruling.rules.join(", ")}`;
    return li;
  }
  const words = {
    choose: () => (e.option === "break" || e.option === "opponent-breaks"
      ? t(`log_${e.option}`, { name })
      : t("log_choice", { name, option: t(e.option) + (e.ball ? ` ${e.ball}` : "") })),
    place: () => t("log_place", { name }),
    "propose-stalemate": () => t("stalemate_offered", { name }),
    "answer-stalemate": () => t(e.accept ? "log_stalemate_accepted" : "log_stalemate_refused", { name }),
    "request-call": () => t("log_request_call", { name }),
  }[e.type];
  li.textContent = words ? words() : `${name}: ${e.type}`;
  return li;
}

export function renderReferee(p, m, name) {
  const r = m.last_ruling;
  p.textContent = r ? r.reason[lang()] : beforeFirstRuling(m, name);
  p.classList.toggle("foul", Boolean(r?.foul));
  p.classList.toggle("idle", !r);
  // The rule IDs stay out of the sentence: a tooltip and a small line under it.
  const ids = r?.rules?.length ? `${t("rules")}: ${r.rules.join(", ")}` : "";
  p.title = ids;
  const line = p.parentElement.querySelector("#rule-ids");
  if (line) line.textContent = ids;
}

/** Before the referee has ruled a shot, his card says how the match opens (GEN-12), not nothing. */
function beforeFirstRuling(m, name) {
  const ask = m.asked;
  if (m.over || !ask) return "";
  if (ask.kind === "choose-breaker") return t("ref_lag_won", { name: name(ask.player) });
  if (ask.break_shot || ask.kind === "place") return t("ref_to_break", { name: name(ask.player) });
  return "";
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
    case "choose-breaker": return t("your_turn_lag", { name });
    case "answer-stalemate": return t("stalemate_offered", { name: state.name(ask.player === "A" ? "B" : "A") });
    default: return t("your_turn_choose", { name });
  }
}

/** " Call the shot: X asked for it." when the opponent asked for a call (GEN-8), else nothing. */
function asked(state) {
  const ask = state.match.asked;
  return ask.call_requested ? ` ${t("call_asked", { name: state.name(ask.player === "A" ? "B" : "A") })}` : "";
}
