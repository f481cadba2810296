"""``python -m evogames``: the ``evogames`` command."""

from evogames.cli.app import main

if __name__ == "__main__":
    main()
