"""Event detection: when the next event of each kind happens, as closed forms and polynomial roots."""
