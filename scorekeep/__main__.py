"""`python -m scorekeep`: the same as the `scorekeep` command."""

from scorekeep.cli import main

if __name__ == "__main__":
    main()
