// The page's words in English and Polish. The referee's reasons come from the
// server in both languages; these are only the labels and prompts of the page.

const WORDS = {
  en: {
    home: "Home", language: "Language", new_game: "New game", opponent: "Opponent",
    vs_computer: "The computer", vs_hotseat: "A friend on this screen", vs_link: "A friend on another screen (send a link)",
    scorekeeper: "Keep score of a real table", game: "Game", eight_ball: "Eight-ball", straight_pool: "14.1 straight pool",
    first_player: "First player", second_player: "Second player", lag_winner: "Won the lag", lag_coin: "nobody yet: toss a coin",
    table_size: "Table", table_9: "9-foot (tournament)", table_8: "8-foot", table_7: "7-foot (bar box)",
    race_to: "Race to (games)", points_to_win: "Points to win", level: "Computer level", your_name: "Your name",
    opponent_name: "Opponent's name", start: "Start", matches: "Matches", watch_hint: "Click a match to watch it.",
    referee: "Referee", power: "Power", spin: "Spin", elevation: "Elevation", aid: "Ghost ball and directions",
    call: "Call", safety: "Safety", clear_call: "Clear call", shoot: "Shoot", place_here: "Place the cue ball here",
    offer_stalemate: "Offer a stalemate", accept_stalemate: "Accept the stalemate", decline_stalemate: "Refuse",
    replay_last: "Replay the last shot", replay_shot: "Replay shot", download: "Download the record",
    print_sheet: "Print the score sheet", no_call: "none", player: "Player", group: "Group", balls_left: "Balls left",
    games: "Games", points: "Points", fouls_short: "Fouls", innings: "Innings", fouls: "Fouls in a row", high_run: "High run",
    open_table: "open", solids: "solids", stripes: "stripes", by_computer: "computer", by_computer_at: "computer ({level})",
    your_turn_shoot: "{name}: aim and shoot.", your_turn_place: "{name}: ball in hand — drag the cue ball, then place it.",
    kitchen: "behind the head string", your_turn_choose: "{name}: choose.", your_turn_lag: "{name} won the lag: choose who breaks.", your_turn_facts: "{name} shoots: enter what happened.",
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
    "restore-balls": "Restore the balls", "leave-balls": "Leave the balls", break: "I break", "opponent-breaks": "Opponent breaks", named_breaks: "{name} breaks", ref_lag_won: "{name} won the lag and chooses who breaks.", ref_to_break: "{name} breaks.",
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
    played_by: "Played by", by_person: "person", rack_left: "Object balls on the table", turn_of: "{name}'s turn", rules: "Rules",
    log: "Rulings", log_break: "{name} breaks.", "log_opponent-breaks": "{name} lets the opponent break.",
    log_choice: "{name} chose: {option}.", log_place: "{name} placed the cue ball.",
    log_stalemate_accepted: "{name} accepted the stalemate.", log_stalemate_refused: "{name} refused the stalemate.",
    log_request_call: "{name} asked for a call.",
    list_won: "{name} won", list_finished: "finished", list_turn: "{name} to play", list_in_play: "in play",
    rematch: "Rematch", new_game_button: "New game",
    err_stale: "That was an answer to an earlier moment of the match: the table is brought up to date.",
    err_spectator: "You are watching: spectators cannot act.", "err_not-your-turn": "It is not your turn.",
    err_illegal: "The referee does not allow that: {detail}", err_invalid: "The page sent something the server refuses.",
    err_computer: "The computer player cannot go on.", err_server: "The server could not do that.",
    "err_wrong-token": "That link's seat is not a seat of this match: you are watching.",
    err_other: "The server refused that: {detail}",
    err_illegal_bare: "The referee does not allow that now.", err_other_bare: "The server refused that.",
    err_malformed: "The page sent a message the server cannot read.", "err_too-large": "The page sent too long a message.",
    err_binary: "The page sent a message the server cannot read.", "err_unknown-type": "The page sent a message the server does not know.",
    "err_not-joined": "The page had not joined the match yet: try again.", "err_already-joined": "This page has already joined the match.",
    err_retry: "The server could not save that, so nothing happened: try again.", "err_no-match": "There is no such match.",
    err_http_400: "The server could not read the new game's settings.", err_http_404: "There is no such match.",
    err_http_409: "These settings do not fit together: {detail}", err_http_409_bare: "These settings do not fit together.",
    err_http_413: "The new game's settings are too long.", err_http_422: "The server refuses one of the settings.",
    err_http_429: "Too many new games from here: wait a minute.", err_http_503: "The hall is full: try again later.",
    err_http_other: "The server could not do that (HTTP {status}).",
    "refusal_not-now": "Not now: the match waits for {player}.", "refusal_other-turn": "It is {player}'s turn.",
    "refusal_match-over": "The match is over.", "refusal_lag-choice": "The lag winner chooses who breaks.",
    "refusal_option-not-offered": "That choice is not offered now.",
    "refusal_spot-which-ball": "Balls {balls} are equally near the head string: say which goes to the foot spot.",
    "refusal_spot-not-nearest": "Only a ball nearest the head string can go to the foot spot ({balls}).",
    "refusal_stalemate-not-now": "A stalemate can be offered only before a shot.",
    "refusal_stalemate-not-yet": "No stalemate yet: each player needs {innings} innings in a row without progress.",
    "refusal_call-request-not-now": "A call can be asked for only before a shot.",
    "refusal_call-request-by-shooter": "The shooter does not ask for a call: only the opponent does.",
    "refusal_call-request-on-break": "No call is asked for on a break.",
    "refusal_call-request-again": "A call has already been asked for on this shot.",
    "refusal_call-request-no-calls": "This match is played without calls: there is no call to ask for.",
    "refusal_amend-none": "There is no shot to correct now.",
    "refusal_amend-final": "Shot {number} can no longer be corrected: shot {last} has been entered since.",
    "refusal_placement": "The cue ball cannot go there: it must lie on the cloth and touch no ball.",
    "refusal_placement-kitchen": "The cue ball must go behind the head string.",
    "refusal_break-safety": "A break is not a safety.", "refusal_break-called": "The eight-ball break is not called: shoot it without a call.",
    "refusal_no-calls": "This match is played without calls: shoot without one, or call a safety.",
    "refusal_call-off-table": "The {ball} is not on the table and cannot be called.",
    "refusal_call-required": "Every shot is called in this match: call a ball and a pocket, or a safety.",
    "refusal_facts-contradict": "Those facts do not fit the table: check the balls and pockets entered.",
    previous_shot: "◀ Previous shot", next_shot: "Next shot ▶", pause: "Pause", resume: "Play", half_speed: "½ speed",
    fast: "Fast shots (4×)", skip: "Skip", replay_of: "Replay: shot {n}", sound_on: "Sound: on", sound_off: "Sound: off",
    level_simple: "Simple", level_simple_about: "aims straight at the nearest pot, never plays position",
    level_beginner: "Beginner", level_beginner_about: "misses a lot, picks the easiest pot, no safeties",
    level_club: "Club", level_club_about: "plays position and safeties, misses now and then",
    level_strong: "Strong", level_strong_about: "steady potting and position, half the club player's errors",
    level_pro: "Pro", level_pro_about: "tournament accuracy, thinks one shot ahead",
    default_you: "Player", default_computer: "Computer", default_a: "Player A", default_b: "Player B",
    tap_dropped: "Pocketed: tap each ball that dropped, then its pocket", tap_pocket_for: "Where did the {ball} go?",
    not_pocketed: "not pocketed", ball: "Ball", rail: "Rail", sheet_date: "Date", sheet_winner: "Winner", sheet_in_play: "— (in play)",
    tray: "Pocketed", call_anyway: "Call it anyway", aid_rebound: "First cushion rebound",
    spot_off_cloth: "Not here: the cue ball must lie on the cloth.",
    spot_kitchen: "Not here: the cue ball must go behind the head string (the shaded kitchen).",
    spot_on_ball: "Not here: the cue ball would touch the {ball}.",
    call_needed: "Call a ball and a pocket (press the ball, then the pocket), or Safety.",
    cost_opponent_ball: "The {ball} is {name}'s ball: hitting it first is a foul (ball in hand for {name}), and pocketing it does not count.",
    cost_eight_early: "The 8 is not yours yet: hitting it first is a foul (ball in hand for {name}), and pocketing it loses the game.",
    cost_eight_open: "On an open table the 8 is nobody's ball: hitting it first ends your inning, and pocketing it loses the game.",
  },
  pl: {
    home: "Start", language: "Język", new_game: "Nowa gra", opponent: "Przeciwnik",
    vs_computer: "Komputer", vs_hotseat: "Znajomy przy tym ekranie", vs_link: "Znajomy przy innym ekranie (wyślij link)",
    scorekeeper: "Prowadź wynik przy prawdziwym stole", game: "Gra", eight_ball: "Ósemka", straight_pool: "14.1 ciągły",
    first_player: "Pierwszy gracz", second_player: "Drugi gracz", lag_winner: "Losowanie wygrał(a)", lag_coin: "nikt: rzuć monetą",
    table_size: "Stół", table_9: "9 stóp (turniejowy)", table_8: "8 stóp", table_7: "7 stóp (barowy)",
    race_to: "Do wygranych partii", points_to_win: "Punkty do wygranej", level: "Poziom komputera", your_name: "Twoje imię",
    opponent_name: "Imię przeciwnika", start: "Graj", matches: "Mecze", watch_hint: "Kliknij mecz, aby go oglądać.",
    referee: "Sędzia", power: "Siła", spin: "Rotacja", elevation: "Uniesienie kija", aid: "Bila-duch i kierunki",
    call: "Zapowiedź", safety: "Odstawna", clear_call: "Usuń zapowiedź", shoot: "Uderz", place_here: "Postaw tu bilę białą",
    offer_stalemate: "Zaproponuj pat", accept_stalemate: "Przyjmij pat", decline_stalemate: "Odrzuć",
    replay_last: "Powtórka ostatniego uderzenia", replay_shot: "Powtórka uderzenia", download: "Pobierz zapis meczu",
    print_sheet: "Drukuj protokół", no_call: "brak", player: "Gracz", group: "Grupa", balls_left: "Zostało bil",
    games: "Partie", points: "Punkty", fouls_short: "Faule", innings: "Podejścia", fouls: "Faule z rzędu", high_run: "Najlepsza seria",
    open_table: "otwarty stół", solids: "pełne", stripes: "połówki", by_computer: "komputer", by_computer_at: "komputer ({level})",
    your_turn_shoot: "{name}: celuj i uderz.", your_turn_place: "{name}: bila z ręki — przeciągnij białą i postaw ją.",
    kitchen: "za linią bazy", your_turn_choose: "{name}: wybierz.", your_turn_lag: "{name} wygrywa losowanie: wybierz, kto rozbija.", your_turn_facts: "Uderza {name}: wpisz, co się stało.",
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
    "leave-balls": "Zostaw bile", break: "Rozbijam", "opponent-breaks": "Rozbija przeciwnik", named_breaks: "Rozbija: {name}", ref_lag_won: "Losowanie wygrywa {name} i wybiera, kto rozbija.", ref_to_break: "Rozbija {name}.", decline: "Nie, dziękuję",
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
    played_by: "Gra", by_person: "osoba", rack_left: "Bile kolorowe na stole", turn_of: "Kolej: {name}", rules: "Przepisy",
    log: "Orzeczenia", log_break: "Rozbija {name}.", "log_opponent-breaks": "{name} oddaje rozbicie przeciwnikowi.",
    log_choice: "{name} wybiera: {option}.", log_place: "{name} stawia bilę białą.",
    log_stalemate_accepted: "{name} przyjmuje pat.", log_stalemate_refused: "{name} odrzuca pat.",
    log_request_call: "{name} prosi o zapowiedź.",
    list_won: "wygrał(a) {name}", list_finished: "zakończony", list_turn: "gra {name}", list_in_play: "w grze",
    rematch: "Rewanż", new_game_button: "Nowa gra",
    err_stale: "To była odpowiedź na wcześniejszą chwilę meczu: stół zostaje odświeżony.",
    err_spectator: "Oglądasz mecz: widz nie może grać.", "err_not-your-turn": "To nie twoja kolej.",
    err_illegal: "Sędzia na to nie pozwala: {detail}", err_invalid: "Strona wysłała coś, czego serwer nie przyjmuje.",
    err_computer: "Komputer nie może grać dalej.", err_server: "Serwer nie mógł tego zrobić.",
    "err_wrong-token": "Miejsce z tego linku nie należy do tego meczu: oglądasz.",
    err_other: "Serwer odmówił: {detail}",
    err_illegal_bare: "Sędzia teraz na to nie pozwala.", err_other_bare: "Serwer odmówił.",
    err_malformed: "Strona wysłała wiadomość, której serwer nie umie odczytać.", "err_too-large": "Strona wysłała zbyt długą wiadomość.",
    err_binary: "Strona wysłała wiadomość, której serwer nie umie odczytać.", "err_unknown-type": "Strona wysłała wiadomość, której serwer nie zna.",
    "err_not-joined": "Strona nie dołączyła jeszcze do meczu: spróbuj ponownie.", "err_already-joined": "Ta strona już dołączyła do meczu.",
    err_retry: "Serwer nie mógł tego zapisać, więc nic się nie stało: spróbuj ponownie.", "err_no-match": "Nie ma takiego meczu.",
    err_http_400: "Serwer nie mógł odczytać ustawień nowej gry.", err_http_404: "Nie ma takiego meczu.",
    err_http_409: "Te ustawienia do siebie nie pasują: {detail}", err_http_409_bare: "Te ustawienia do siebie nie pasują.",
    err_http_413: "Ustawienia nowej gry są za długie.", err_http_422: "Serwer nie przyjmuje jednego z ustawień.",
    err_http_429: "Za dużo nowych gier stąd: odczekaj minutę.", err_http_503: "Sala jest pełna: spróbuj później.",
    err_http_other: "Serwer nie mógł tego zrobić (HTTP {status}).",
    "refusal_not-now": "Nie teraz: mecz czeka na ruch gracza {player}.", "refusal_other-turn": "Teraz kolej gracza {player}.",
    "refusal_match-over": "Mecz jest zakończony.", "refusal_lag-choice": "Zwycięzca losowania wybiera, kto rozbija.",
    "refusal_option-not-offered": "Ten wybór nie jest teraz dostępny.",
    "refusal_spot-which-ball": "Bile {balls} leżą równie blisko linii bazy: wskaż, która idzie na punkt górny.",
    "refusal_spot-not-nearest": "Na punkt górny może iść tylko bila najbliższa linii bazy ({balls}).",
    "refusal_stalemate-not-now": "Pat można zaproponować tylko przed uderzeniem.",
    "refusal_stalemate-not-yet": "Jeszcze nie ma pata: każdy gracz musi zakończyć {innings} podejścia z rzędu bez postępu.",
    "refusal_call-request-not-now": "O zapowiedź można poprosić tylko przed uderzeniem.",
    "refusal_call-request-by-shooter": "Uderzający nie prosi o zapowiedź: prosi tylko przeciwnik.",
    "refusal_call-request-on-break": "Przy rozbiciu nie prosi się o zapowiedź.",
    "refusal_call-request-again": "O zapowiedź tego uderzenia już poproszono.",
    "refusal_call-request-no-calls": "Ten mecz jest bez zapowiedzi: nie ma o co prosić.",
    "refusal_amend-none": "Nie ma teraz uderzenia do poprawienia.",
    "refusal_amend-final": "Uderzenia {number} nie można już poprawić: od tego czasu wpisano uderzenie {last}.",
    "refusal_placement": "Biała nie może tam stanąć: musi leżeć na suknie i nie dotykać żadnej bili.",
    "refusal_placement-kitchen": "Biała musi stanąć za linią bazy.",
    "refusal_break-safety": "Rozbicie nie jest odstawną.", "refusal_break-called": "Rozbicia w ósemce się nie zapowiada: uderz bez zapowiedzi.",
    "refusal_no-calls": "Ten mecz jest bez zapowiedzi: uderz bez niej albo zapowiedz odstawną.",
    "refusal_call-off-table": "Bili {ball} nie ma na stole, więc nie można jej zapowiedzieć.",
    "refusal_call-required": "W tym meczu zapowiada się każde uderzenie: zapowiedz bilę i łuzę albo odstawną.",
    "refusal_facts-contradict": "Te fakty nie pasują do stołu: sprawdź wpisane bile i łuzy.",
    previous_shot: "◀ Poprzednie uderzenie", next_shot: "Następne uderzenie ▶", pause: "Pauza", resume: "Odtwórz",
    half_speed: "½ prędkości", fast: "Szybkie uderzenia (4×)", skip: "Pomiń", replay_of: "Powtórka: uderzenie {n}",
    sound_on: "Dźwięk: wł.", sound_off: "Dźwięk: wył.",
    level_simple: "Prosty", level_simple_about: "celuje prosto w najbliższą bilę, nie gra na pozycję",
    level_beginner: "Początkujący", level_beginner_about: "często pudłuje, wybiera najłatwiejszą bilę, bez odstawnych",
    level_club: "Klubowy", level_club_about: "gra na pozycję i odstawne, czasem pudłuje",
    level_strong: "Mocny", level_strong_about: "pewne wbijanie i pozycja, o połowę mniej błędów niż klubowy",
    level_pro: "Zawodowiec", level_pro_about: "celność turniejowa, myśli uderzenie do przodu",
    default_you: "A", default_computer: "Komputer", default_a: "A", default_b: "B",
    tap_dropped: "Wbite: dotknij każdej wbitej bili, potem jej łuzy", tap_pocket_for: "Gdzie wpadła bila {ball}?",
    not_pocketed: "niewbita", ball: "Bila", rail: "Banda", sheet_date: "Data", sheet_winner: "Zwycięzca", sheet_in_play: "— (w grze)",
    tray: "Wbite", call_anyway: "Zapowiedz mimo to", aid_rebound: "Pierwsze odbicie od bandy",
    spot_off_cloth: "Nie tutaj: biała musi leżeć na suknie.",
    spot_kitchen: "Nie tutaj: biała musi stanąć za linią bazy (zacienione pole).",
    spot_on_ball: "Nie tutaj: biała dotykałaby bili {ball}.",
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

/** The referee's words or a server's detail with the rule IDs in brackets taken out (a reader needs the reason,
 * not "CFG-6"; the ruling's own line shows the IDs). */
function withoutRuleIds(message) {
  return String(message ?? "").replace(/\s*\((?:[A-Z0-9.]+-[A-Z0-9.-]*[0-9](?:,\s*)?)+\)/g, "");
}

/** A refusal's parameters in the page's words: lists of balls joined ("3, 10 and 12" / "3, 10 i 12"). */
function refusalParams(params) {
  const and = current === "pl" ? " i " : " and ";
  return Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => {
    if (!Array.isArray(v)) return [k, v];
    return [k, v.length > 1 ? `${v.slice(0, -1).join(", ")}${and}${v[v.length - 1]}` : v.join("")];
  }));
}

/** A WebSocket error in the page's words. Each error code has its sentence; a refusal (`illegal`) names its
 * reason by `refusal` code, said here in the page's language. The server's English `message` is shown only in
 * English, and only where no code says more (a refusal without a code); in Polish such a refusal gets the
 * general sentence, never English words. */
export function errorText(msg) {
  const refusal = `refusal_${msg.refusal}`;
  const detail = msg.refusal && WORDS.en[refusal] ? t(refusal, refusalParams(msg.params))
    : current === "en" ? withoutRuleIds(msg.message) : "";
  const key = WORDS.en[`err_${msg.code}`] ? `err_${msg.code}` : "err_other";
  if (!WORDS.en[key].includes("{detail}")) return t(key);
  return detail ? t(key, { detail }) : t(`${key}_bare`);
}

/** A refused REST request (creating a match) in the page's words, by its HTTP status; the server's English
 * `detail` only in English, where the status alone says too little (409: which settings clash). */
export function httpErrorText(status, body) {
  const key = WORDS.en[`err_http_${status}`] ? `err_http_${status}` : "err_http_other";
  if (!WORDS.en[key].includes("{detail}")) return t(key, { status });
  const detail = current === "en" && typeof body?.detail === "string" ? withoutRuleIds(body.detail) : "";
  return detail ? t(key, { detail }) : t(`${key}_bare`);
}
