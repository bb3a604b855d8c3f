"""The ceiling: a bare Django page on the site's own stack, served beside the site by ``make bench``.

``bench.ceiling.settings`` is the site's settings with one change, the URLconf: the same middleware, sessions,
cache, database and context processors. Its one page reads the logged-in learner from the session, as every
learner page does, and renders one small template. Whatever the site does beyond that costs throughput, so the
site's requests per second divided by this page's is how close a page comes to the most Django allows here.
"""
