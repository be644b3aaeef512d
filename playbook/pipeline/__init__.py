"""The library's work, one call per command: a session (config -> game -> lists -> matrix ->
problems), the build, whole strategies, and what is read and written around them."""
