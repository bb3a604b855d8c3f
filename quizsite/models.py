"""The project's own tables (not an app's): the cache's record of missed writes (quizsite/cache.py)."""

from django.db import models


class MissedCacheWrite(models.Model):
    """A write to Redis that a web process could not make, so that the older value Redis may still hold is
    deleted there once Redis answers again, by whichever process sees it answer first (quizsite/cache.py).

    Kept in the database, not in the process's memory, so that every process can finish the work: the one that
    missed the write may be another container's, or be stopped (a deploy, a recycled worker) before Redis returns.
    One row per server and key, however often the write was missed; ``at`` is the last time.
    """

    server = models.CharField(max_length=200, help_text="The Redis server, as host:port/db.")
    key = models.TextField(help_text="The key of the value written or deleted, with its prefix and version.")
    at = models.DateTimeField(help_text="When the write was last missed.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["server", "key"], name="missed_cache_write_unique")]

    def __str__(self) -> str:
        return f"{self.key} on {self.server}"
