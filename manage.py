#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main():
    """Run administrative tasks with development defaults (debug on) unless the environment says otherwise."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "quizsite.settings")
    os.environ.setdefault("DJANGO_DEBUG", "1")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
