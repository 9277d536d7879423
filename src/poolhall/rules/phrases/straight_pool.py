"""Reason phrases of the 14.1 referee (keys ``sp.*``), in English and Polish.

The Polish follows the club sheet's own words (RULES.md 0.3): bila biała,
łuza, banda, linia bazy, baza, punkt główny, linia powrotów, podejście,
gra bezpieczna, rozbicie, faul umyślny, sytuacja patowa. Points are written
as signed numbers with "pkt", which reads naturally and needs no plural forms.
"""

from __future__ import annotations

EN: dict[str, str] = {
    # fouls (GEN-F codes as 14.1 rules them)
    "sp.foul.GEN-F1": "Foul: {player} pocketed the cue ball.",
    "sp.foul.GEN-F2": "Foul: {player} drove the cue ball off the table.",
    "sp.foul.GEN-F3": "Foul: the cue ball touched no object ball.",
    "sp.foul.GEN-F5": "Foul: after the cue ball hit a ball, nothing was pocketed and no ball reached a rail.",
    "sp.foul.GEN-F6": "Foul: {player} drove an object ball off the table.",
    "sp.foul.GEN-F7": "Foul: from the kitchen, {player} hit a ball behind the head string without first crossing it.",
    "sp.foul.GEN-F8": (
        "Foul: the first ball was touching a rail, and afterwards nothing was pocketed, the cue ball reached "
        "no rail and no ball reached a new rail."
    ),
    "sp.foul.GEN-F9": "Foul: {player} touched the cue ball other than with the stroke.",
    "sp.foul.GEN-F10": "Foul: {player} hit the cue ball twice.",
    "sp.foul.GEN-F11": "Foul: {player} pushed the cue ball instead of striking it.",
    "sp.foul.GEN-F12": "Foul: {player} touched or moved an object ball; it is put back where it was.",
    "sp.foul.GEN-F13": "Foul: while placing the cue ball, {player} let it touch an object ball.",
    "sp.foul.GEN-F14": "Foul: {player} shot while a ball was still moving.",
    "sp.foul.GEN-F15": "Foul: {player} had no foot on the floor at the stroke.",
    "sp.foul.GEN-F16": "Intentional foul: {player} interfered with a moving ball or put a hand in a pocket.",
    # penalties and what the incoming player does
    "sp.penalty": "{player}: {points:+d} (score {score}); fouls in a row: {record}.",
    "sp.third_foul": (
        "That is {player}'s third foul in a row: {points:+d} in all (score {score}); the foul count restarts."
    ),
    "sp.rerack.offender_breaks": "All 15 balls are racked and {player} must break again, from behind the head string.",
    "sp.choice.third_foul": (
        "{chooser} chooses: take the table as it is, or have all 15 balls racked with {player} breaking."
    ),
    "sp.choice.intentional": (
        "{chooser} chooses: cue ball in hand behind the head string with the balls as they lie, "
        "or all 15 balls racked with {player} breaking."
    ),
    "sp.cue.kitchen": "{player} has the cue ball in hand behind the head string.",
    "sp.cue.lies": "{player} plays the cue ball where it lies.",
    "sp.spot": "Spotted on the long string: {balls}.",
    # the opening break
    "sp.break.legal": "{player}'s opening break is legal; nothing scores and the inning ends.",
    "sp.break.foul": (
        "Breaking foul: {player} neither made the nominated ball nor drove the cue ball and two object balls "
        "to a rail. {points:+d} (score {score}); it does not count toward three fouls."
    ),
    "sp.choice.break.accept-table": (
        "{chooser} chooses: take the table as it is, or have the balls racked again with {player} breaking."
    ),
    "sp.choice.break.cue-ball-in-kitchen": (
        "{chooser} chooses: cue ball in hand behind the head string with the balls as they lie, "
        "or have the balls racked again with {player} breaking."
    ),
    # shots without a foul
    "sp.scored": "{player} pocketed the nominated {ball} in the {pocket} pocket: {points:+d}, score {score}.",
    "sp.continues": "{player} shoots again.",
    "sp.record_cleared": "A shot without a foul clears {player}'s foul count.",
    "sp.warning": "Warning: {player} is on two fouls; a third foul in a row costs 15 more points.",
    "sp.game_over": "{player} reaches {score} points and wins the game.",
    "sp.safety": "{player} played a safety: nothing scores and the inning ends.",
    "sp.missed": "The nominated {ball} did not go into the {pocket} pocket: nothing scores and the inning ends.",
    "sp.no_call": "No ball and pocket were nominated, so nothing scores and the inning ends.",
    "sp.nothing": "{player} pocketed nothing; the inning ends.",
    # re-racks (14.1-7.3, 14.1-7.6)
    "sp.rerack.fourteen": "Fourteen balls are racked with the front spot left empty.",
    "sp.rerack.full": "All 15 balls are racked; this is not an opening break.",
    "sp.rerack.cue_in_hand": "The cue ball was in the way: it is in hand behind the head string.",
    "sp.move.ball.head-spot": "The {ball} is in the way of the rack and goes on the head spot.",
    "sp.move.ball.centre-spot": "The {ball} is in the way of the rack and goes on the centre spot.",
    "sp.move.cue.head-spot": "The cue ball is in the way of the rack and goes on the head spot.",
    "sp.move.cue.centre-spot": "The cue ball is in the way of the rack and goes on the centre spot.",
    # offers and the near-rail rule
    "sp.offer.nearest": (
        "Every object ball lies behind the head string: {player} may have the one nearest it moved to the "
        "foot spot (nearest: {balls})."
    ),
    "sp.offer.nearest_unnamed": (
        "Every object ball lies behind the head string: {player} may have the one nearest it moved to the foot spot."
    ),
    "sp.offer.touched": "{player} moved an object ball: no foul, and {chooser} chooses to put it back or leave it.",
    "sp.offer.touched_restored": "{player} moved an object ball: no foul; it is put back where it was.",
    "sp.near_rail.safety": "The {ball} lay near a rail: {player} has used {used} of the allowed safeties on it.",
    "sp.near_rail.frozen": "The {ball} lay near a rail and {player} has no safety left on it: it counts as frozen.",
    "sp.stalemate": (
        "Stalemate: all 15 balls are racked, the players lag again for the break, the scores stand and the "
        "foul counts are cleared."
    ),
}

PL: dict[str, str] = {
    "sp.foul.GEN-F1": "Faul: gracz {player} wbił białą bilę.",
    "sp.foul.GEN-F2": "Faul: gracz {player} wybił białą bilę poza stół.",
    "sp.foul.GEN-F3": "Faul: biała nie dotknęła żadnej bili kolorowej.",
    "sp.foul.GEN-F5": "Faul: po trafieniu bili nic nie wpadło i żadna bila nie dotknęła bandy.",
    "sp.foul.GEN-F6": "Faul: gracz {player} wybił bilę kolorową poza stół.",
    "sp.foul.GEN-F7": (
        "Faul: z białą w ręce na bazie gracz {player} zagrał bilę leżącą na bazie, zanim biała przekroczyła linię bazy."
    ),
    "sp.foul.GEN-F8": (
        "Faul: pierwsza bila przylegała do bandy, a potem nic nie wpadło, biała nie dotknęła bandy "
        "i żadna bila nie dotknęła nowej bandy."
    ),
    "sp.foul.GEN-F9": "Faul: gracz {player} dotknął białej inaczej niż uderzeniem.",
    "sp.foul.GEN-F10": "Faul: gracz {player} uderzył białą dwukrotnie.",
    "sp.foul.GEN-F11": "Faul: gracz {player} pchnął białą zamiast ją uderzyć.",
    "sp.foul.GEN-F12": "Faul: gracz {player} dotknął lub poruszył bilę kolorową; wraca ona na swoje miejsce.",
    "sp.foul.GEN-F13": "Faul: przy ustawianiu białej gracz {player} dotknął nią bili kolorowej.",
    "sp.foul.GEN-F14": "Faul: gracz {player} uderzył, gdy bila jeszcze się toczyła.",
    "sp.foul.GEN-F15": "Faul: przy uderzeniu gracz {player} nie miał żadnej stopy na podłodze.",
    "sp.foul.GEN-F16": "Faul umyślny: gracz {player} zatrzymał toczącą się bilę lub trzymał rękę w łuzie.",
    "sp.penalty": "Gracz {player}: {points:+d} pkt (razem {score}), fauli z rzędu: {record}.",
    "sp.third_foul": (
        "To trzeci faul gracza {player} z rzędu: łącznie {points:+d} pkt (razem {score}); licznik fauli się zeruje."
    ),
    "sp.rerack.offender_breaks": (
        "Wszystkie 15 bil zostaje ustawionych, a gracz {player} musi ponownie rozbijać z bazy."
    ),
    "sp.choice.third_foul": (
        "Gracz {chooser} wybiera: gra dalej z układu na stole albo ustawienie wszystkich 15 bil "
        "i rozbicie przez gracza {player}."
    ),
    "sp.choice.intentional": (
        "Gracz {chooser} wybiera: biała w ręce na bazie przy obecnym układzie bil "
        "albo ustawienie wszystkich 15 bil i rozbicie przez gracza {player}."
    ),
    "sp.cue.kitchen": "Gracz {player} ma białą w ręce na bazie.",
    "sp.cue.lies": "Gracz {player} gra białą z miejsca, w którym leży.",
    "sp.spot": "Bile ustawione na linii powrotów: {balls}.",
    "sp.break.legal": "Rozbicie gracza {player} jest prawidłowe; nic nie jest liczone i podejście się kończy.",
    "sp.break.foul": (
        "Faul przy rozbiciu: gracz {player} nie wbił zadeklarowanej bili ani nie doprowadził białej i dwóch "
        "bil kolorowych do bandy. {points:+d} pkt (razem {score}); ten faul nie liczy się do trzech fauli."
    ),
    "sp.choice.break.accept-table": (
        "Gracz {chooser} wybiera: gra dalej z układu na stole albo ponowne ustawienie bil "
        "i kolejne rozbicie gracza {player}."
    ),
    "sp.choice.break.cue-ball-in-kitchen": (
        "Gracz {chooser} wybiera: biała w ręce na bazie przy obecnym układzie bil "
        "albo ponowne ustawienie bil i kolejne rozbicie gracza {player}."
    ),
    "sp.scored": ("Gracz {player} wbił zadeklarowaną bilę {ball} do łuzy {pocket}: {points:+d} pkt, razem {score}."),
    "sp.continues": "Gracz {player} gra dalej.",
    "sp.record_cleared": "Uderzenie bez faulu zeruje licznik fauli gracza {player}.",
    "sp.warning": "Ostrzeżenie: gracz {player} ma dwa faule z rzędu; trzeci faul z rzędu kosztuje dodatkowe 15 pkt.",
    "sp.game_over": "Gracz {player} osiąga {score} pkt i wygrywa partię.",
    "sp.safety": "Gracz {player} zagrał odstawną: nic nie jest liczone i podejście się kończy.",
    "sp.missed": "Zadeklarowana bila {ball} nie wpadła do łuzy {pocket}: nic nie jest liczone i podejście się kończy.",
    "sp.no_call": "Nie zadeklarowano bili ani łuzy, więc nic nie jest liczone i podejście się kończy.",
    "sp.nothing": "Gracz {player} nic nie wbił; podejście się kończy.",
    "sp.rerack.fourteen": "Czternaście bil zostaje ustawionych w trójkącie z pustym miejscem na punkcie głównym.",
    "sp.rerack.full": "Wszystkie 15 bil zostaje ustawionych; to nie jest uderzenie otwierające.",
    "sp.rerack.cue_in_hand": "Biała przeszkadzała w ustawieniu bil: gracz ma ją w ręce na bazie.",
    "sp.move.ball.head-spot": "Bila {ball} przeszkadza w ustawieniu bil i trafia na punkt bazy.",
    "sp.move.ball.centre-spot": "Bila {ball} przeszkadza w ustawieniu bil i trafia na środek stołu.",
    "sp.move.cue.head-spot": "Biała przeszkadza w ustawieniu bil i trafia na punkt bazy.",
    "sp.move.cue.centre-spot": "Biała przeszkadza w ustawieniu bil i trafia na środek stołu.",
    "sp.offer.nearest": (
        "Wszystkie bile kolorowe leżą na bazie: gracz {player} może zażądać przestawienia bili najbliższej "
        "linii bazy na punkt główny (najbliżej: {balls})."
    ),
    "sp.offer.nearest_unnamed": (
        "Wszystkie bile kolorowe leżą na bazie: gracz {player} może zażądać przestawienia bili najbliższej "
        "linii bazy na punkt główny."
    ),
    "sp.offer.touched": (
        "Gracz {player} poruszył bilę kolorową: to nie faul, a gracz {chooser} decyduje, "
        "czy wraca ona na miejsce, czy zostaje."
    ),
    "sp.offer.touched_restored": "Gracz {player} poruszył bilę kolorową: to nie faul; wraca ona na swoje miejsce.",
    "sp.near_rail.safety": (
        "Bila {ball} leżała blisko bandy: gracz {player} wykorzystał na niej {used} z dozwolonych odstawnych."
    ),
    "sp.near_rail.frozen": (
        "Bila {ball} leżała blisko bandy, a gracz {player} nie ma już na niej odstawnych: liczy się jak "
        "przylegająca do bandy."
    ),
    "sp.stalemate": (
        "Sytuacja patowa: wszystkie 15 bil zostaje ustawionych, gracze ponownie rozgrywają o rozbicie, "
        "wyniki zostają, a liczniki fauli się zerują."
    ),
}
