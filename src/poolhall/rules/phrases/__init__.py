"""Reason phrase catalogues, one module per game plus ``general``; see ``rules.text``."""
