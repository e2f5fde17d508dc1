// Intentionally empty: no install-time analytics (see package.json).
