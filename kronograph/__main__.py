"""`python -m kronograph`: the command line."""

from .cli import main

main()
