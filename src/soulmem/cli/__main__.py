"""``python -m soulmem.cli ...``: the same as the ``soulmem`` command."""

from soulmem.cli import main

if __name__ == "__main__":
    main()
