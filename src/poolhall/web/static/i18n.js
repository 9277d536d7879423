// The page's words in English and Polish. The referee's reasons come from the
// server in both languages; these are only the labels and prompts of the page.

const WORDS = {
  en: {
    home: "Home", language: "Language", new_game: "New game", opponent: "Opponent",
    vs_computer: "The computer", vs_hotseat: "A friend on this screen", vs_link: "A friend on another screen (send a link)",
    scorekeeper: "Keep score of a real table", game: "Game", eight_ball: "Eight-ball", straight_pool: "14.1 straight pool",
    race_to: "Race to (games)", points_to_win: "Points to win", level: "Computer level", your_name: "Your name",
    opponent_name: "Opponent's name", start: "Start", matches: "Matches", watch_hint: "Click a match to watch it.",
    referee: "Referee", power: "Power", spin: "Spin", elevation: "Elevation", aid: "Ghost ball and directions",
    call: "Call", safety: "Safety", clear_call: "Clear call", shoot: "Shoot", place_here: "Place the cue ball here",
    offer_stalemate: "Offer a stalemate", accept_stalemate: "Accept the stalemate", decline_stalemate: "Refuse",
    replay_last: "Replay the last shot", replay_shot: "Replay shot", download: "Download the record",
    print_sheet: "Print the score sheet", no_call: "none", player: "Player", group: "Group", balls_left: "Balls left",
    games: "Games", points: "Points", fouls_short: "Fouls", innings: "Innings", fouls: "Fouls in a row", high_run: "High run",
    open_table: "open", solids: "solids", stripes: "stripes", computer: "computer",
    your_turn_shoot: "{name}: aim and shoot.", your_turn_place: "{name}: ball in hand — drag the cue ball, then place it.",
    kitchen: "behind the head string", your_turn_choose: "{name}: choose.", your_turn_facts: "{name} shoots: enter what happened.",
    waiting_for: "Waiting for {name}…", thinking: "{name} is thinking…", watching: "You are watching.",
    winner: "{name} wins the match.", stalemate_draw: "Stalemate: the game is replayed.", game_over: "The match is over.",
    stalemate_offered: "{name} offers a stalemate.", call_pick_pocket: "{ball}: now click a pocket.",
    seat_link: "Link for {name} (send it; it lets them play that seat):", watch_link: "Link to watch:",
    connecting: "Connecting…", reconnecting: "Connection lost — reconnecting…", replaying: "Replay",
    break_shot: "break", pocketed: "Pocketed", pocket: "pocket", first_hit: "First ball hit", none: "none",
    rails: "Rails touched after the first hit (count of balls to a rail)", cue_rail: "cue ball", object_rail: "object balls",
    scratch: "Cue ball pocketed (scratch)", cue_off: "Cue ball off the table", other_fouls: "Other fouls",
    enter_shot: "Rule this shot", shot: "Shot", inning: "Inning", run: "Run", total: "Total", sheet: "Score sheet",
    "cue-ball-touched": "cue ball touched", "double-hit": "double hit", "push-shot": "push shot",
    "balls-moving": "shot while balls moved", "no-foot-on-floor": "no foot on the floor", intentional: "intentional foul",
    "accept-table": "Accept the table", "cue-ball-in-kitchen": "Cue ball in the kitchen", "rerack-and-break": "Re-rack and break",
    "rerack-opponent-breaks": "Re-rack, opponent breaks", "spot-eight": "Spot the eight", "spot-nearest-ball": "Spot the nearest ball",
    "restore-balls": "Restore the balls", "leave-balls": "Leave the balls", break: "I break", "opponent-breaks": "Opponent breaks",
    decline: "No, thanks", "head-right": "head right", "head-left": "head left", "side-right": "side right",
    "side-left": "side left", "foot-right": "foot right", "foot-left": "foot left",
    "head": "head", "foot": "foot", "left": "left", "right": "right",
    "placement-touch": "the cue ball in hand touched a ball", "object-ball-moved": "an object ball was moved by hand",
    off_table: "off the table", amend_title: "Correct shot {n}", amend_shot: "Re-rule this shot", edit_last_shot: "Correct the last shot",
    cancel: "Cancel", kitchen_legend: "The cue ball was in hand behind the head string",
    first_ball_behind: "The first ball it hit lay behind the head string",
    cue_crossed_first: "The cue ball crossed the head string before it hit that ball",
    which_moved: "Which balls were moved?", after_legend: "Where do the balls lie now?",
    last_ball_lies: "The last object ball lies", cue_ball_lies: "The cue ball lies",
    "zone_in-rack": "in the rack area", "zone_head-spot": "on the head spot",
    "zone_behind-head-string": "behind the head string", zone_elsewhere: "somewhere else",
    all_behind: "Every object ball lies behind the head string",
    nearest: "Nearest to the head string (tick several if equally near):",
    ask_call: "{name} asks for a call", call_asked: "Call the shot: {name} asked for it.",
    house_rules: "House rules (the rule sheet's unless changed)",
    opt_calls: "Calls", "opt_calls_obvious-exempt": "obvious shots need no call", "opt_calls_every-shot": "call every shot",
    opt_calls_none: "no calls: any own ball in any pocket counts",
    opt_touching: "Touching balls", "opt_touching_cue-ball-only": "cue ball fouls only", opt_touching_refereed: "refereed",
    opt_eight_first_open_table: "Hitting the 8 first on an open table",
    "opt_eight_first_open_table_no-foul": "no foul, the turn ends", opt_eight_first_open_table_foul: "a foul",
    opt_eight_off_table_on_break: "The 8 off the table on the break", opt_eight_off_table_on_break_loss: "loses the game",
    "opt_eight_off_table_on_break_as-pocketed": "as if pocketed, with a foul",
    opt_spot_jumped_balls: "Object balls off the table", opt_spot_jumped_balls_true: "are spotted",
    opt_spot_jumped_balls_false: "stay out of play",
    opt_break_order: "Who breaks the next game", opt_break_order_alternate: "alternate breaks",
    opt_break_order_winner: "the winner", opt_break_order_loser: "the loser",
    opt_three_foul_procedure: "After three fouls", opt_three_foul_procedure_rerack: "re-rack, the offender breaks",
    opt_three_foul_procedure_choice: "the incoming player chooses",
    opt_near_rail_allowance: "Near-rail allowance after fouls", opt_near_rail_allowance_sheet: "2 minus fouls on record",
    opt_near_rail_allowance_strict: "any foul uses it up",
    opt_intentional_counts: "An intentional foul", opt_intentional_counts_true: "counts toward three fouls",
    opt_intentional_counts_false: "does not count toward three fouls",
    call_anyway: "Call it anyway",
    call_needed: "Call a ball and a pocket (press the ball, then the pocket), or Safety.",
    cost_opponent_ball: "The {ball} is {name}'s ball: hitting it first is a foul (ball in hand for {name}), and pocketing it does not count.",
    cost_eight_early: "The 8 is not yours yet: hitting it first is a foul (ball in hand for {name}), and pocketing it loses the game.",
    cost_eight_open: "On an open table the 8 is nobody's ball: hitting it first ends your inning, and pocketing it loses the game.",
  },
  pl: {
    home: "Start", language: "Język", new_game: "Nowa gra", opponent: "Przeciwnik",
    vs_computer: "Komputer", vs_hotseat: "Znajomy przy tym ekranie", vs_link: "Znajomy przy innym ekranie (wyślij link)",
    scorekeeper: "Prowadź wynik przy prawdziwym stole", game: "Gra", eight_ball: "Ósemka", straight_pool: "14.1 ciągły",
    race_to: "Do wygranych partii", points_to_win: "Punkty do wygranej", level: "Poziom komputera", your_name: "Twoje imię",
    opponent_name: "Imię przeciwnika", start: "Graj", matches: "Mecze", watch_hint: "Kliknij mecz, aby go oglądać.",
    referee: "Sędzia", power: "Siła", spin: "Rotacja", elevation: "Uniesienie kija", aid: "Bila-duch i kierunki",
    call: "Zapowiedź", safety: "Odstawna", clear_call: "Usuń zapowiedź", shoot: "Uderz", place_here: "Postaw tu bilę białą",
    offer_stalemate: "Zaproponuj pat", accept_stalemate: "Przyjmij pat", decline_stalemate: "Odrzuć",
    replay_last: "Powtórka ostatniego uderzenia", replay_shot: "Powtórka uderzenia", download: "Pobierz zapis meczu",
    print_sheet: "Drukuj protokół", no_call: "brak", player: "Gracz", group: "Grupa", balls_left: "Zostało bil",
    games: "Partie", points: "Punkty", fouls_short: "Faule", innings: "Podejścia", fouls: "Faule z rzędu", high_run: "Najlepsza seria",
    open_table: "otwarty stół", solids: "pełne", stripes: "połówki", computer: "komputer",
    your_turn_shoot: "{name}: celuj i uderz.", your_turn_place: "{name}: bila z ręki — przeciągnij białą i postaw ją.",
    kitchen: "za linią bazy", your_turn_choose: "{name}: wybierz.", your_turn_facts: "Uderza {name}: wpisz, co się stało.",
    waiting_for: "Czekamy na: {name}…", thinking: "{name} myśli…", watching: "Oglądasz mecz.",
    winner: "Mecz wygrywa {name}.", stalemate_draw: "Pat: partia zostanie powtórzona.", game_over: "Mecz zakończony.",
    stalemate_offered: "{name} proponuje pat.", call_pick_pocket: "{ball}: teraz kliknij łuzę.",
    seat_link: "Link dla: {name} (wyślij go; pozwala grać na tym miejscu):", watch_link: "Link do oglądania:",
    connecting: "Łączenie…", reconnecting: "Utracono połączenie — łączę ponownie…", replaying: "Powtórka",
    break_shot: "rozbicie", pocketed: "Wbite", pocket: "łuza", first_hit: "Pierwsza trafiona bila", none: "żadna",
    rails: "Bandy po pierwszym trafieniu", cue_rail: "bila biała", object_rail: "bile kolorowe",
    scratch: "Biała w łuzie", cue_off: "Biała poza stołem", other_fouls: "Inne faule",
    enter_shot: "Rozstrzygnij uderzenie", shot: "Uderzenie", inning: "Podejście", run: "Seria", total: "Razem",
    sheet: "Protokół", "cue-ball-touched": "dotknięcie białej", "double-hit": "podwójne uderzenie",
    "push-shot": "pchnięcie", "balls-moving": "uderzenie przy toczących się bilach", "no-foot-on-floor": "brak stopy na podłodze",
    intentional: "faul umyślny", "accept-table": "Przyjmij stół", "cue-ball-in-kitchen": "Biała za linią bazy",
    "rerack-and-break": "Nowy trójkąt, rozbijam", "rerack-opponent-breaks": "Nowy trójkąt, rozbija rywal",
    "spot-eight": "Ustaw ósemkę", "spot-nearest-ball": "Ustaw najbliższą bilę", "restore-balls": "Przywróć bile",
    "leave-balls": "Zostaw bile", break: "Rozbijam", "opponent-breaks": "Rozbija przeciwnik", decline: "Nie, dziękuję",
    "head-right": "dolna prawa", "head-left": "dolna lewa", "side-right": "środkowa prawa", "side-left": "środkowa lewa",
    "foot-right": "górna prawa", "foot-left": "górna lewa", head: "dolna", foot: "górna", left: "lewa", right: "prawa",
    "placement-touch": "biała z ręki dotknęła bili", "object-ball-moved": "bila poruszona ręką",
    off_table: "poza stołem", amend_title: "Popraw uderzenie {n}", amend_shot: "Rozstrzygnij ponownie",
    edit_last_shot: "Popraw ostatnie uderzenie", cancel: "Anuluj", kitchen_legend: "Biała była z ręki za linią bazy",
    first_ball_behind: "Pierwsza trafiona bila leżała za linią bazy",
    cue_crossed_first: "Biała przekroczyła linię bazy, zanim trafiła tę bilę",
    which_moved: "Które bile zostały poruszone?", after_legend: "Gdzie teraz leżą bile?",
    last_ball_lies: "Ostatnia bila kolorowa leży", cue_ball_lies: "Biała leży",
    "zone_in-rack": "w polu trójkąta", "zone_head-spot": "na punkcie bazy",
    "zone_behind-head-string": "za linią bazy", zone_elsewhere: "gdzie indziej",
    all_behind: "Wszystkie bile kolorowe leżą za linią bazy",
    nearest: "Najbliższa linii bazy (zaznacz kilka, jeśli równo blisko):",
    ask_call: "{name} prosi o zapowiedź", call_asked: "Zapowiedz uderzenie: {name} o to prosi.",
    house_rules: "Zasady klubowe (jak w regulaminie, jeśli nie zmienisz)",
    opt_calls: "Zapowiedzi", "opt_calls_obvious-exempt": "oczywiste uderzenia bez zapowiedzi",
    "opt_calls_every-shot": "zapowiedź każdego uderzenia", opt_calls_none: "bez zapowiedzi: liczy się każda własna bila w każdej łuzie",
    opt_touching: "Bile stykające się", "opt_touching_cue-ball-only": "faul tylko białą", opt_touching_refereed: "sędziowane",
    opt_eight_first_open_table: "Ósemka trafiona pierwsza przy otwartym stole",
    "opt_eight_first_open_table_no-foul": "bez faulu, koniec podejścia", opt_eight_first_open_table_foul: "faul",
    opt_eight_off_table_on_break: "Ósemka poza stołem na rozbiciu", opt_eight_off_table_on_break_loss: "przegrana partia",
    "opt_eight_off_table_on_break_as-pocketed": "jak wbita, z faulem",
    opt_spot_jumped_balls: "Bile kolorowe poza stołem", opt_spot_jumped_balls_true: "wracają na stół",
    opt_spot_jumped_balls_false: "zostają poza grą",
    opt_break_order: "Kto rozbija następną partię", opt_break_order_alternate: "na zmianę",
    opt_break_order_winner: "zwycięzca", opt_break_order_loser: "przegrany",
    opt_three_foul_procedure: "Po trzech faulach", opt_three_foul_procedure_rerack: "nowy trójkąt, rozbija faulujący",
    opt_three_foul_procedure_choice: "wybiera wchodzący gracz",
    opt_near_rail_allowance: "Ulga przy bandzie po faulach", opt_near_rail_allowance_sheet: "2 minus faule na koncie",
    opt_near_rail_allowance_strict: "każdy faul ją odbiera",
    opt_intentional_counts: "Faul umyślny", opt_intentional_counts_true: "liczy się do trzech fauli",
    opt_intentional_counts_false: "nie liczy się do trzech fauli",
    call_anyway: "Zapowiedz mimo to",
    call_needed: "Zapowiedz bilę i łuzę (kliknij bilę, potem łuzę) albo odstawną.",
    cost_opponent_ball: "Bila {ball} należy do gracza {name}: trafienie jej jako pierwszej to faul (bila z ręki dla gracza {name}), a jej wbicie się nie liczy.",
    cost_eight_early: "Ósemka nie jest jeszcze twoja: trafienie jej jako pierwszej to faul (bila z ręki dla gracza {name}), a jej wbicie przegrywa partię.",
    cost_eight_open: "Przy otwartym stole ósemka nie należy do nikogo: trafienie jej jako pierwszej kończy podejście, a jej wbicie przegrywa partię.",
  },
};

let current = localStorage.getItem("poolhall.lang") === "pl" ? "pl" : "en";
const listeners = new Set();

export function lang() { return current; }

export function setLang(value) {
  current = value === "pl" ? "pl" : "en";
  localStorage.setItem("poolhall.lang", current);
  document.documentElement.lang = current;
  applyTo(document);
  for (const fn of listeners) fn(current);
}

export function onLangChange(fn) { listeners.add(fn); }

/** The word for `key` in the current language, with `{name}` parameters filled in. */
export function t(key, params = {}) {
  const text = WORDS[current][key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => String(params[k] ?? ""));
}

/** Every element with data-i18n gets its words (textContent: never markup). */
export function applyTo(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
