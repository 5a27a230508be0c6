"""Where games are kept: the SQLite store, opening it safely (damage set aside, read-only data
shown read-only), and the lock that keeps one app per data directory. Knows no game's rules."""
