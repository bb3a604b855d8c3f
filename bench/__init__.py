"""``make bench``: a realistic data set on PostgreSQL, the site under gunicorn as in production, a bare Django page
as the ceiling, both driven by wrk; see the README's "Benchmark" section and ``bench/run.py``."""
