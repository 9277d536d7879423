"""Reason phrases of the eight-ball referee (RULES.md section 3).

Parameters: ``shooter`` and ``opponent`` always; ``player`` the one who acts
next; ``ball``, ``balls``, ``pocket`` (rendered in Polish by ``text.py``),
``called_pocket``, ``winner``, ``breaker``, ``count``. Polish: bile pełne /
bile z paskiem, odstawna, podejście, rozbicie, linia powrotów.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "8b.foul.jump_moved": "Another ball moved during a jump, curve or massé shot (a foul even without a referee).",
    "8b.foul.eight_first": "On an open table the cue ball hit the 8 first.",
    "8b.jumped_out": "Balls that left the table stay out of play: {balls}.",
    "8b.stay_down": "Pocketed balls stay down: {balls}.",
    "8b.also_down": "Also pocketed, and staying down: {balls}.",
    "8b.eight_first_open": (
        "On an open table the cue ball hit the 8 first: no ball counts and {shooter}'s inning ends (not a foul)."
    ),
    "8b.safety": "{shooter} declared a safety: the inning ends.",
    "8b.credited": "{shooter} pocketed the called {ball} in the {pocket} pocket and shoots again.",
    "8b.credited_implied": (
        "{shooter} pocketed the {ball} straight into the {pocket} pocket, an obvious shot, and shoots again."
    ),
    "8b.credited_uncalled": (
        "{shooter} pocketed the {ball} in the {pocket} pocket (no calls are played) and shoots again."
    ),
    "8b.groups.solids": "{shooter} now plays the solids (1-7), {opponent} the stripes (9-15).",
    "8b.groups.stripes": "{shooter} now plays the stripes (9-15), {opponent} the solids (1-7).",
    "8b.now_on_eight": "{shooter} is now on the 8.",
    "8b.no_call": "There was no call, and one was required: nothing counts and {shooter}'s inning ends.",
    "8b.no_obvious_call": (
        "There was no call and the shot was not an obvious one (banks and combinations never are): "
        "nothing counts and {shooter}'s inning ends."
    ),
    "8b.miss": "{shooter} pocketed nothing; the inning ends.",
    "8b.none_of_own": "{shooter} pocketed no ball of his group; the inning ends.",
    "8b.missed_call": "{shooter} did not pocket the called {ball} in the {pocket} pocket; the inning ends.",
    "8b.wrong_pocket": (
        "The called {ball} went into the {pocket} pocket, not the called {called_pocket} pocket: "
        "it does not count and {shooter}'s inning ends."
    ),
    "8b.not_own_ball": "The {ball} is not {shooter}'s ball: it does not count and the inning ends.",
    "8b.eight_foul_no_loss": "The 8 stayed on the table, so the foul does not lose the game.",
    "8b.three_fouls_no_penalty": "Three fouls in a row carry no extra penalty in eight-ball.",
    "8b.win": "{shooter} pocketed the 8 in the called {pocket} pocket and wins the game.",
    "8b.win_uncalled": "{shooter} pocketed the 8 in the {pocket} pocket (no calls are played) and wins the game.",
    "8b.loses": "{shooter} loses the game; {winner} wins.",
    "8b.loss.eight_off": "{shooter} drove the 8 off the table.",
    "8b.loss.foul": "{shooter} pocketed the 8 on a shot with a foul.",
    "8b.loss.with_last": "{shooter} pocketed the 8 on the same shot as the last ball of the group.",
    "8b.loss.early": "{shooter} pocketed the 8 before clearing the group.",
    "8b.loss.early_open": "{shooter} pocketed the 8 while the table was still open.",
    "8b.loss.safety": "{shooter} pocketed the 8 in the {pocket} pocket on a declared safety.",
    "8b.loss.not_called": "{shooter} pocketed the 8 in the {pocket} pocket without calling it there.",
    "8b.loss.wrong_pocket": "The 8 dropped in the {pocket} pocket, not the called {called_pocket} pocket.",
    "8b.break.illegal": (
        "Illegal break: nothing dropped and only {count} of the 4 object balls needed reached a rail. It is a foul."
    ),
    "8b.break.illegal[0]": (
        "Illegal break: nothing dropped and no object ball reached a rail (four are needed). It is a foul."
    ),
    "8b.break.illegal[1]": (
        "Illegal break: nothing dropped and only one object ball reached a rail (four are needed). It is a foul."
    ),
    "8b.break.eight_off_loss": "{shooter} drove the 8 off the table on the break and loses the game; {winner} wins.",
    "8b.break.eight_off_as_pocketed": (
        "The 8 left the table on the break: it counts as pocketed on a foul, so the game is not lost."
    ),
    "8b.break.eight_foul": "The 8 dropped on a break with a foul: the game is not lost.",
    "8b.break.eight_legal": "The 8 dropped on a legal break: the game is not lost.",
    "8b.break.continue": "{shooter} pocketed a ball on a legal break and shoots again; the table is open.",
    "8b.break.nothing": (
        "Legal break (four or more balls reached a rail), but nothing dropped: {shooter}'s inning ends; "
        "the table is open."
    ),
    "8b.choose.break_foul": (
        "The table is open. {player} chooses to play on from where the cue ball lies "
        "or with the cue ball in hand behind the head string."
    ),
    "8b.choose.illegal_break": (
        "{player} chooses to play on from where the cue ball lies, or to have the balls re-racked "
        "and break, or to have {shooter} break again."
    ),
    "8b.choose.illegal_break_scratch": (
        "{player} chooses to play on with the cue ball in hand behind the head string, or to have the balls "
        "re-racked and break, or to have {shooter} break again."
    ),
    "8b.choose.illegal_break_jumped": (
        "{player} chooses to play on from where the cue ball lies or with the cue ball in hand behind the head "
        "string, or to have the balls re-racked and break, or to have {shooter} break again."
    ),
    "8b.choose.eight_incoming": (
        "{player} chooses to have the 8 spotted and shoot with the cue ball in hand behind the head string, "
        "or to have the balls re-racked and break."
    ),
    "8b.choose.eight_breaker": (
        "{shooter} chooses to have the 8 spotted and shoot again, or to have the balls re-racked and break again."
    ),
    "8b.stalemate": "Stalemate: nobody wins; the balls are re-racked and {breaker} breaks again.",
}

PL: dict[str, str] = {
    "8b.foul.jump_moved": (
        "Podczas uderzenia skokowego, po łuku lub massé poruszyła się inna bila (faul także bez sędziego)."
    ),
    "8b.foul.eight_first": "Przy otwartym stole bila biała trafiła najpierw bilę 8.",
    "8b.jumped_out": "Bile, które wypadły ze stołu, nie wracają do gry: {balls}.",
    "8b.stay_down": "Wbite bile zostają w łuzach: {balls}.",
    "8b.also_down": "Wpadły też i zostają w łuzach: {balls}.",
    "8b.eight_first_open": (
        "Przy otwartym stole bila biała trafiła najpierw bilę 8: żadna bila się nie liczy, "
        "a podejście gracza {shooter} się kończy (to nie jest faul)."
    ),
    "8b.safety": "Gracz {shooter} zadeklarował odstawną: podejście się kończy.",
    "8b.credited": "Gracz {shooter} wbija zadeklarowaną bilę {ball} do łuzy {pocket} i gra dalej.",
    "8b.credited_implied": (
        "Gracz {shooter} wbija bilę {ball} prosto do łuzy {pocket} (oczywiste uderzenie) i gra dalej."
    ),
    "8b.credited_uncalled": ("Gracz {shooter} wbija bilę {ball} do łuzy {pocket} (gra bez deklaracji) i gra dalej."),
    "8b.groups.solids": "Gracz {shooter} gra teraz bilami pełnymi (1–7), gracz {opponent} bilami z paskiem (9–15).",
    "8b.groups.stripes": "Gracz {shooter} gra teraz bilami z paskiem (9–15), gracz {opponent} bilami pełnymi (1–7).",
    "8b.now_on_eight": "Gracz {shooter} gra teraz na bilę 8.",
    "8b.no_call": "Zabrakło wymaganej deklaracji: nic się nie liczy, a podejście gracza {shooter} się kończy.",
    "8b.no_obvious_call": (
        "Zabrakło deklaracji, a uderzenie nie było oczywiste (od bandy ani kombinacja nigdy nie są): "
        "nic się nie liczy, a podejście gracza {shooter} się kończy."
    ),
    "8b.miss": "Gracz {shooter} niczego nie wbił; podejście się kończy.",
    "8b.none_of_own": "Gracz {shooter} nie wbił żadnej bili swojej grupy; podejście się kończy.",
    "8b.missed_call": "Gracz {shooter} nie wbił zadeklarowanej bili {ball} do łuzy {pocket}; podejście się kończy.",
    "8b.wrong_pocket": (
        "Zadeklarowana bila {ball} wpadła do łuzy {pocket}, a nie do zadeklarowanej łuzy {called_pocket}: "
        "nie liczy się, a podejście gracza {shooter} się kończy."
    ),
    "8b.not_own_ball": "Bila {ball} nie należy do gracza {shooter}: nie liczy się, a podejście się kończy.",
    "8b.eight_foul_no_loss": "Bila 8 została na stole, więc faul nie oznacza przegranej.",
    "8b.three_fouls_no_penalty": "Trzy faule z rzędu nie niosą w ósemce dodatkowej kary.",
    "8b.win": "Gracz {shooter} wbija bilę 8 do zadeklarowanej łuzy {pocket} i wygrywa partię.",
    "8b.win_uncalled": "Gracz {shooter} wbija bilę 8 do łuzy {pocket} (gra bez deklaracji) i wygrywa partię.",
    "8b.loses": "Gracz {shooter} przegrywa partię; wygrywa gracz {winner}.",
    "8b.loss.eight_off": "Gracz {shooter} wybił bilę 8 ze stołu.",
    "8b.loss.foul": "Gracz {shooter} wbił bilę 8 w uderzeniu z faulem.",
    "8b.loss.with_last": "Gracz {shooter} wbił bilę 8 w tym samym uderzeniu co ostatnią bilę swojej grupy.",
    "8b.loss.early": "Gracz {shooter} wbił bilę 8, zanim wbił wszystkie bile swojej grupy.",
    "8b.loss.early_open": "Gracz {shooter} wbił bilę 8 przy otwartym stole.",
    "8b.loss.safety": "Gracz {shooter} wbił bilę 8 do łuzy {pocket} przy zadeklarowanej odstawnej.",
    "8b.loss.not_called": "Gracz {shooter} wbił bilę 8 do łuzy {pocket} bez deklaracji tej łuzy.",
    "8b.loss.wrong_pocket": "Bila 8 wpadła do łuzy {pocket}, a nie do zadeklarowanej łuzy {called_pocket}.",
    "8b.break.illegal": (
        "Nieprawidłowe rozbicie: nic nie wpadło, a do band dotarły tylko {count} z 4 wymaganych bil. To faul."
    ),
    "8b.break.illegal[0]": (
        "Nieprawidłowe rozbicie: nic nie wpadło, a żadna bila nie dotarła do bandy (wymagane są cztery). To faul."
    ),
    "8b.break.illegal[1]": (
        "Nieprawidłowe rozbicie: nic nie wpadło, a do bandy dotarła tylko jedna bila (wymagane są cztery). To faul."
    ),
    "8b.break.eight_off_loss": (
        "Gracz {shooter} wybił bilę 8 ze stołu przy rozbiciu i przegrywa partię; wygrywa gracz {winner}."
    ),
    "8b.break.eight_off_as_pocketed": (
        "Bila 8 wypadła ze stołu przy rozbiciu: liczy się jak wbita z faulem, więc partia nie jest przegrana."
    ),
    "8b.break.eight_foul": "Bila 8 wpadła przy rozbiciu z faulem: partia nie jest przegrana.",
    "8b.break.eight_legal": "Bila 8 wpadła przy prawidłowym rozbiciu: partia nie jest przegrana.",
    "8b.break.continue": "Gracz {shooter} wbił bilę przy prawidłowym rozbiciu i gra dalej; stół jest otwarty.",
    "8b.break.nothing": (
        "Prawidłowe rozbicie (co najmniej cztery bile dotarły do band), ale nic nie wpadło: "
        "podejście gracza {shooter} się kończy; stół jest otwarty."
    ),
    "8b.choose.break_foul": (
        "Stół jest otwarty. Gracz {player} wybiera: gra białą z miejsca, w którym leży, "
        "albo z białą w ręce w polu bazy."
    ),
    "8b.choose.illegal_break": (
        "Gracz {player} wybiera: gra białą z miejsca, w którym leży, albo każe ponownie ustawić bile "
        "i sam rozbija, albo każe rozbijać ponownie graczowi {shooter}."
    ),
    "8b.choose.illegal_break_scratch": (
        "Gracz {player} wybiera: gra z białą w ręce w polu bazy, albo każe ponownie ustawić bile "
        "i sam rozbija, albo każe rozbijać ponownie graczowi {shooter}."
    ),
    "8b.choose.illegal_break_jumped": (
        "Gracz {player} wybiera: gra białą z miejsca, w którym leży, albo z białą w ręce w polu bazy, "
        "albo każe ponownie ustawić bile i sam rozbija, albo każe rozbijać ponownie graczowi {shooter}."
    ),
    "8b.choose.eight_incoming": (
        "Gracz {player} wybiera: bila 8 wraca na stół, a on gra z białą w ręce w polu bazy, "
        "albo bile są ustawiane od nowa i on rozbija."
    ),
    "8b.choose.eight_breaker": (
        "Gracz {shooter} wybiera: bila 8 wraca na stół, a on gra dalej, albo bile są ustawiane od nowa "
        "i on ponownie rozbija."
    ),
    "8b.stalemate": "Pat: nikt nie wygrywa; bile są ustawiane od nowa, a gracz {breaker} ponownie rozbija.",
}
