"""One module per ``poolhall`` subcommand (see ``poolhall.cli``)."""
