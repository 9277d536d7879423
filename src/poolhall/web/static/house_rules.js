// The house rules of a new game: RULES.md section 5's options (CFG-1 ... CFG-10)
// and the call mode. Each select starts on the rule sheet's default, so a
// player who never opens the box plays the sheet; the server validates what
// is sent (POST /api/matches "options").

import { applyTo, t } from "./i18n.js";

const BOTH = ["eight-ball", "straight-pool"];

/** Option name, the games it belongs to, its values (the sheet's default first). */
const OPTIONS = [
  { name: "calls", games: BOTH, values: ["obvious-exempt", "every-shot", "none"], eightOnly: ["none"] },
  { name: "touching", games: BOTH, values: ["cue-ball-only", "refereed"] },
  { name: "eight_first_open_table", games: ["eight-ball"], values: ["no-foul", "foul"] },
  { name: "eight_off_table_on_break", games: ["eight-ball"], values: ["loss", "as-pocketed"] },
  { name: "spot_jumped_balls", games: ["eight-ball"], values: [true, false] },
  { name: "break_order", games: ["eight-ball"], values: ["alternate", "winner", "loser"] },
  { name: "three_foul_procedure", games: ["straight-pool"], values: ["rerack", "choice"] },
  { name: "near_rail_allowance", games: ["straight-pool"], values: ["sheet", "strict"] },
  { name: "intentional_counts", games: ["straight-pool"], values: [true, false] },
];

/** Fill `box` (an element) with one labelled select per option. */
export function buildHouseRules(box) {
  box.replaceChildren();
  for (const option of OPTIONS) {
    const label = document.createElement("label");
    label.dataset.games = option.games.join(" ");
    const words = document.createElement("span");
    words.dataset.i18n = `opt_${option.name}`;
    const select = document.createElement("select");
    select.name = `opt_${option.name}`;
    for (const value of option.values) {
      const o = document.createElement("option");
      o.value = JSON.stringify(value);
      o.dataset.i18n = `opt_${option.name}_${value}`;
      if (option.eightOnly?.includes(value)) o.dataset.games = "eight-ball";
      select.append(o);
    }
    label.append(words, " ", select);
    box.append(label);
  }
  applyTo(box);
}

/** Show only `game`'s options (and values); a hidden value that was chosen goes back to the default. */
export function showHouseRulesFor(box, game) {
  for (const label of box.querySelectorAll("label")) label.hidden = !label.dataset.games.split(" ").includes(game);
  for (const o of box.querySelectorAll("option[data-games]")) {
    o.hidden = o.disabled = o.dataset.games !== game;
    if (o.disabled && o.selected) o.parentElement.selectedIndex = 0;
  }
}

/** The options object for `game`: every shown option with its chosen value. */
export function houseRulesOf(box, game) {
  const out = {};
  for (const option of OPTIONS) {
    if (!option.games.includes(game)) continue;
    out[option.name] = JSON.parse(box.querySelector(`select[name="opt_${option.name}"]`).value);
  }
  return out;
}

/** The match's house rules that differ from the rule sheet, in words ("Calls: no calls ..."), one per rule. */
export function houseRulesInWords(options, game) {
  return OPTIONS.filter((o) => o.games.includes(game) && options[o.name] !== undefined && options[o.name] !== o.values[0])
    .map((o) => `${t(`opt_${o.name}`)}: ${t(`opt_${o.name}_${options[o.name]}`)}`);
}
