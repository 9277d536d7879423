"""Reason phrases of the general rules (GEN-*), shared by both games.

Polish follows the rule sheet's terms (RULES.md section 0.3): bila biała,
łuza, banda, linia bazy, pole bazy, biała w ręce, linia powrotów, faul.
Polish sentences use the present tense, which needs no grammatical gender.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "gen.foul": "Foul by {shooter}.",
    "gen.foul.GEN-F1": "The cue ball dropped into a pocket (scratch).",
    "gen.foul.GEN-F2": "The cue ball left the table (scratch).",
    "gen.foul.GEN-F3": "The cue ball touched no object ball.",
    "gen.foul.GEN-F4": "The cue ball hit {first} first, which {shooter} may not play first.",
    "gen.foul.GEN-F5": "After the cue ball hit a ball, nothing dropped and no ball reached a rail.",
    "gen.foul.GEN-F6": "Object balls driven off the table: {balls}.",
    "gen.foul.GEN-F7": (
        "The cue ball, in hand behind the head string, hit a ball lying behind the head string "
        "without first crossing the head string."
    ),
    "gen.foul.GEN-F8": (
        "The first ball hit was frozen to a rail, and afterwards nothing dropped and no ball reached a new rail."
    ),
    "gen.foul.GEN-F9": "The cue ball was touched other than by the stroke.",
    "gen.foul.GEN-F10": "The cue ball was hit twice (double hit).",
    "gen.foul.GEN-F11": "The cue ball was pushed, not struck (push shot).",
    "gen.foul.GEN-F12": "The player touched or moved an object ball.",
    "gen.foul.GEN-F13": "The cue ball in hand touched an object ball.",
    "gen.foul.GEN-F14": "The shot was played while a ball was still moving.",
    "gen.foul.GEN-F15": "No foot was on the floor at the stroke.",
    "gen.foul.GEN-F16": "The player interfered with a moving ball or held a hand in a pocket.",
    "gen.ball_in_hand.anywhere": "{player} has the cue ball in hand anywhere on the table.",
    "gen.ball_in_hand.kitchen": "{player} has the cue ball in hand behind the head string.",
    "gen.kitchen_restriction": (
        "A ball behind the head string may be played only after the cue ball has crossed the head string."
    ),
    "gen.table_as_it_lies": "{player} plays the cue ball from where it lies.",
    "gen.spot": "Spotted on the long string: {balls}.",
    "gen.moved.choice": "{player} chooses to have the moved balls ({balls}) put back or left where they are.",
    "gen.moved.choice_unnamed": "{player} chooses to have the moved balls put back or left where they are.",
    "gen.moved.restored": "The moved balls ({balls}) are put back where they were.",
    "gen.moved.restored_unnamed": "The moved balls are put back where they were.",
}

PL: dict[str, str] = {
    "gen.foul": "Faul gracza {shooter}.",
    "gen.foul.GEN-F1": "Bila biała wpadła do łuzy.",
    "gen.foul.GEN-F2": "Bila biała wypadła ze stołu.",
    "gen.foul.GEN-F3": "Bila biała nie trafiła żadnej bili.",
    "gen.foul.GEN-F4": (
        "Bila biała najpierw trafiła bilę {first}, której gracz {shooter} nie może zagrać jako pierwszej."
    ),
    "gen.foul.GEN-F5": "Po trafieniu bili nic nie wpadło do łuzy i żadna bila nie dotknęła bandy.",
    "gen.foul.GEN-F6": "Bile wybite ze stołu: {balls}.",
    "gen.foul.GEN-F7": (
        "Bila biała z ręki w polu bazy trafiła bilę leżącą w polu bazy, nie przekraczając wcześniej linii bazy."
    ),
    "gen.foul.GEN-F8": (
        "Pierwsza trafiona bila przylegała do bandy, a potem nic nie wpadło i żadna bila nie dotknęła innej bandy."
    ),
    "gen.foul.GEN-F9": "Bila biała została dotknięta inaczej niż uderzeniem.",
    "gen.foul.GEN-F10": "Bila biała została uderzona dwukrotnie.",
    "gen.foul.GEN-F11": "Bila biała została pchnięta, a nie uderzona.",
    "gen.foul.GEN-F12": "Gracz dotknął bili lub ją poruszył.",
    "gen.foul.GEN-F13": "Bila biała w ręce dotknęła innej bili.",
    "gen.foul.GEN-F14": "Uderzenie padło, gdy bile jeszcze się toczyły.",
    "gen.foul.GEN-F15": "W chwili uderzenia gracz nie miał stopy na podłodze.",
    "gen.foul.GEN-F16": "Gracz zatrzymał toczącą się bilę lub trzymał rękę w łuzie.",
    "gen.ball_in_hand.anywhere": "Gracz {player} ma białą w ręce na całym stole.",
    "gen.ball_in_hand.kitchen": "Gracz {player} ma białą w ręce w polu bazy.",
    "gen.kitchen_restriction": (
        "Bilę leżącą w polu bazy wolno zagrać dopiero wtedy, gdy bila biała przekroczy linię bazy."
    ),
    "gen.table_as_it_lies": "Gracz {player} gra białą z miejsca, w którym leży.",
    "gen.spot": "Na linię powrotów wracają: {balls}.",
    "gen.moved.choice": (
        "Gracz {player} decyduje, czy poruszone bile ({balls}) wracają na swoje miejsca, czy zostają tam, gdzie są."
    ),
    "gen.moved.choice_unnamed": (
        "Gracz {player} decyduje, czy poruszone bile wracają na swoje miejsca, czy zostają tam, gdzie są."
    ),
    "gen.moved.restored": "Poruszone bile ({balls}) wracają na swoje miejsca.",
    "gen.moved.restored_unnamed": "Poruszone bile wracają na swoje miejsca.",
}
