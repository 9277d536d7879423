"""Event resolution: one collision model per module (paper and equation numbers in each)."""
