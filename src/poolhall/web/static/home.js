// The first screen: start a game (against the computer, hot seat, a friend
// by link, or keep score of a real table) and the list of matches to watch.

import { buildHouseRules, houseRulesOf, showHouseRulesFor } from "./house_rules.js";
import { httpErrorText, onLangChange, t } from "./i18n.js";

export async function showHome(root, go) {
  root.hidden = false;
  const form = root.querySelector("#new-game");
  const levels = await fetch("/api/levels").then((r) => r.json()).catch(() => ({ levels: [] }));
  const select = form.elements.level;
  // Weakest first (the server's order), each with one line on what it is, in the page's language.
  const renderLevels = () => {
    const chosen = select.value || levels.default;
    select.replaceChildren();
    for (const level of levels.levels) {
      const o = document.createElement("option");
      o.value = level.name;
      const about = t(`level_${level.name}_about`);
      o.textContent = about === `level_${level.name}_about` ? level.label : `${t(`level_${level.name}`)}: ${about}`;
      if (level.name === chosen) o.selected = true;
      select.append(o);
    }
  };
  renderLevels();
  onLangChange(renderLevels);
  const houseRules = root.querySelector("#house-rules");
  if (!houseRules.childElementCount) buildHouseRules(houseRules);
  // A scorekept match's lag was played on the real table (GEN-12): its winner is an input, named as typed.
  const lagNames = () => {
    for (const [seat, field] of [["A", "name_a"], ["B", "name_b"]]) {
      const option = form.elements.lag_winner.querySelector(`option[value=${seat}]`);
      option.textContent = form.elements[field].value.trim() || t(`default_${seat.toLowerCase()}`);
    }
  };
  lagNames();
  form.addEventListener("input", lagNames);
  onLangChange(lagNames);
  const sync = () => {
    const who = form.elements.who.value, game = form.elements.game.value;
    root.querySelector("#level-field").hidden = who !== "computer";
    root.querySelector("#lag-field").hidden = who !== "scorekeeper";
    // "Your name" fits a player at the screen; a scorekeeper, or two friends at one screen, name two players
    const two = who === "scorekeeper" || who === "hotseat";
    const labels = { "name-a-label": two ? "first_player" : "your_name", "name-b-label": two ? "second_player" : "opponent_name" };
    for (const [id, key] of Object.entries(labels)) {
      const label = root.querySelector(`#${id}`);
      label.dataset.i18n = key;
      label.textContent = t(key);
    }
    root.querySelector("#race-field").hidden = game !== "eight-ball";
    root.querySelector("#points-field").hidden = game !== "straight-pool";
    showHouseRulesFor(houseRules, game);
  };
  form.addEventListener("change", sync);
  sync();
  form.onsubmit = async (e) => {
    e.preventDefault();
    const who = form.elements.who.value, game = form.elements.game.value;
    const nameA = form.elements.name_a.value.trim() || t(who === "computer" ? "default_you" : "default_a");
    const nameB = form.elements.name_b.value.trim() || t(who === "computer" ? "default_computer" : "default_b");
    const body = {
      game,
      mode: who === "scorekeeper" ? "scorekeeper" : "play",
      seats: {
        A: { name: nameA, kind: "person" },
        B: who === "computer" ? { name: nameB, kind: "computer", level: select.value } : { name: nameB, kind: "person" },
      },
      options: houseRulesOf(houseRules, game),
      table: form.elements.table.value,
    };
    if (who === "scorekeeper" && form.elements.lag_winner.value) body.lag_winner = form.elements.lag_winner.value;
    if (game === "eight-ball") body.race_to = Number(form.elements.race_to.value);
    else body.points_to_win = Number(form.elements.points.value);
    const r = await fetch("/api/matches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const created = await r.json();
    if (!r.ok) { go.error(httpErrorText(r.status, created)); return; }
    const mine = who === "link" ? [created.tokens.A] : Object.values(created.tokens);
    go.match(created.id, mine, who === "link" ? { B: created.tokens.B } : {});
  };
  const list = root.querySelector("#match-list");
  const matches = await fetch("/api/matches").then((r) => r.json()).catch(() => ({ matches: [] }));
  const renderList = () => {
    list.replaceChildren();
    for (const m of matches.matches) {
      const li = document.createElement("li");
      li.tabIndex = 0;
      li.textContent = describeMatch(m);
      li.onclick = li.onkeydown = (e) => { if (e.type === "click" || e.key === "Enter") go.match(m.id, [], {}); };
      list.append(li);
    }
  };
  renderList();
  onLangChange(renderList);
}

/** A line of the match list: the players, the game, the score, and whose turn it is or who won. */
export function describeMatch(m) {
  const game = t(m.game === "eight-ball" ? "eight_ball" : "straight_pool");
  const score = m.score ? ` ${m.score.A}:${m.score.B}` : "";
  let status;
  if (m.winner) status = t("list_won", { name: m.seats[m.winner].name });
  else if (m.finished) status = t("list_finished");
  else if (m.turn) status = t("list_turn", { name: m.seats[m.turn].name });
  else status = t("list_in_play");
  const feet = m.table ? m.table.split("-")[0] : "9"; // "7-foot" -> "7"; the tournament table goes unsaid
  const table = feet === "9" ? "" : ` · ${t(`table_${feet}`)}`;
  return `${m.seats.A.name} – ${m.seats.B.name}${score} · ${game}${table} · ${status}`;
}
