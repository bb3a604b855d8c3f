# Two commands: `make run` serves the site with the demo content, `make test` runs every check and test.
# Nothing is needed beforehand but Python 3.12+ and make.

VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
# The first of these that is Python 3.12 or newer builds the virtual environment (pyenv's shims honour
# .python-version, which asks for 3.13).
PYTHON_CANDIDATES := python3.13 python3.12 python3 python
# The lock (uv.lock) exported as hashed requirement files: what the site runs on (main.txt, the image's too)
# and what the tests add (test.txt). `make lock` updates them from pyproject.toml; installing needs only pip.
REQUIREMENTS := requirements/main.txt
TEST_REQUIREMENTS := requirements/test.txt
UV_VERSION := 0.13.9
UV_EXPORT := $(VENV)/bin/uv export --frozen --quiet --format requirements-txt --no-emit-project --no-default-groups
# Development turns debug on in one way: DJANGO_DEBUG=1 in this git-ignored file, which the settings read.
DEV_ENV := .env.development

.PHONY: run test test-fast install serve migrate demo lint lock messages bench screenshots clean

run: $(VENV)/.installed migrate demo serve

test: $(VENV)/.installed-test lint
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest $(PYTEST_ARGS)

# The quick loop while changing code: no lint, no browser or deploy tests, SQLite unless DATABASE_URL says.
test-fast: $(VENV)/.installed-test
	$(PY) -m pytest -m "not deploy and not e2e" $(PYTEST_ARGS)

install: $(VENV)/.installed

$(DEV_ENV):
	printf '%s\n' '# Development settings, read by quizsite/settings.py; the environment wins. Never deployed.' \
	  'DJANGO_DEBUG=1' > $@

$(VENV)/.installed: $(REQUIREMENTS) | $(DEV_ENV)
	@python=""; for candidate in $(PYTHON_CANDIDATES); do \
	  if command -v $$candidate >/dev/null 2>&1 && $$candidate -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then \
	    python=$$candidate; break; fi; done; \
	if [ -z "$$python" ]; then \
	  echo "Error: Quizsite needs Python 3.12 or newer (3.13 recommended); none was found as $(PYTHON_CANDIDATES)." >&2; \
	  echo "Install one (for example 'pyenv install 3.13') and run make again." >&2; exit 1; fi; \
	if [ ! -x $(PY) ] || ! $(PY) -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then \
	  rm -rf $(VENV); echo "Creating $(VENV) with $$($$python --version)"; $$python -m venv $(VENV); fi
	$(PY) -m pip install --quiet --upgrade "pip>=25.1"
	$(PY) -m pip install --quiet --require-hashes --requirement $(REQUIREMENTS)
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed $(TEST_REQUIREMENTS)
	$(PY) -m pip install --quiet --require-hashes --requirement $(TEST_REQUIREMENTS)
	touch $@

# After editing the dependencies in pyproject.toml: resolve again, keeping every other locked version.
# `make lock LOCK_ARGS="--upgrade-package django"` upgrades one package; LOCK_ARGS=--upgrade upgrades all.
lock: $(VENV)/.installed
	$(PY) -m pip install --quiet "uv==$(UV_VERSION)"
	$(VENV)/bin/uv lock $(LOCK_ARGS)
	$(UV_EXPORT) --output-file $(REQUIREMENTS)
	$(UV_EXPORT) --group test --output-file $(TEST_REQUIREMENTS)

lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# The cache table, for a checkout run with debug off and without REDIS_URL (quizsite/settings.py, "Cache"); a
# no-op otherwise, and when it exists.
migrate: $(VENV)/.installed
	@$(PY) manage.py migrate --noinput || { \
	  echo "Error: the migrations could not be applied (see above). If it says InconsistentMigrationHistory about" >&2; \
	  echo "accounts.0001_initial, this database predates Quizsite's own user model: delete it (rm db.sqlite3)" >&2; \
	  echo "and run make again (see README, Upgrading)." >&2; exit 1; }
	$(PY) manage.py createcachetable

# The demo content, and simulated learners' answers to its first quiz so that its answer statistics show what an
# author would see (README, "Authoring"); both only once.
demo: $(VENV)/.installed
	$(PY) manage.py load_demo
	$(PY) manage.py simulate_learners --demo

serve: $(VENV)/.installed
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# Regenerate the translation catalogues after changing interface text; compile them after editing .po files.
messages: $(VENV)/.installed
	$(PY) manage.py makemessages --no-location --no-obsolete -l fr -l tr
	$(PY) manage.py compilemessages --ignore=.venv

# The benchmark (README, "Benchmark"): a generated data set on PostgreSQL, the site and a bare Django page under
# gunicorn, driven by wrk; prints tables. Not part of `make test`; about ten minutes. BENCH_DATABASE_URL names
# the database it drops and creates (default postgres://postgres@127.0.0.1:5432/quizsite_bench).
bench: $(VENV)/.installed
	@command -v wrk >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing wrk (apt-get install wrk)"; \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null 2>&1 || \
	      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }; \
	  else \
	    echo "Error: make bench needs wrk: install it as root ('sudo apt-get install wrk' on Debian or Ubuntu," >&2; \
	    echo "'brew install wrk' on macOS) and run make bench again." >&2; exit 1; \
	  fi; }
	@# Redis as docker-compose.yml runs the site: this machine's, database 14, when it answers (unless
	@# BENCH_REDIS_URL is set; set to nothing, the site runs without Redis, as a deployment without it would).
	BENCH_REDIS_URL="$${BENCH_REDIS_URL-$$($(PY) -c 'import redis; redis.Redis.from_url("redis://127.0.0.1:6379/14", socket_connect_timeout=1).ping(); print("redis://127.0.0.1:6379/14")' 2>/dev/null)}" \
	  $(PY) -m bench

# After a change of the design: the browser walk through every learner page (tests/e2e/test_design_pages.py)
# photographs each into test-results/screenshots/ (git-ignored) and, asked by QUIZSITE_README_SCREENSHOTS, also
# rewrites the README's four pictures in docs/screenshots/. It fails, after writing them, where a check fails.
screenshots: $(VENV)/.installed-test
	QUIZSITE_README_SCREENSHOTS=1 $(PY) -m pytest -m e2e -p no:cacheprovider -q tests/e2e/test_design_pages.py

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
