"""The referees: pure functions from (options, situation, shot facts) to a ruling.

No physics, no I/O (DESIGN.md layers). ``contract.py`` speaks the JSON
contract; ``eight_ball.py`` and ``straight_pool.py`` hold each game's rules on
top of ``general.py``.
"""
