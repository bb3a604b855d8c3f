"""The essentials of the Dockerfile, docker-compose.yml and .env.example, read as files: this machine has no
Docker engine to build or run them (test_native_deploy runs the container's path natively)."""

import os
import re
import stat
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement

from tests.deploy.support import ENTRYPOINT, HEALTHCHECK, ROOT


def dockerfile_instructions() -> list[tuple[str, str]]:
    """The Dockerfile as ``(INSTRUCTION, arguments)`` pairs, continuation lines joined, comments left out."""
    instructions, current = [], ""
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        current = f"{current} {stripped}" if current else stripped
        if current.endswith("\\"):
            current = current[:-1].rstrip()
            continue
        keyword, _space, arguments = current.partition(" ")
        instructions.append((keyword.upper(), arguments.strip()))
        current = ""
    return instructions


def runtime_stage() -> list[tuple[str, str]]:
    """The instructions of the last stage: what the image that runs is made of."""
    instructions = dockerfile_instructions()
    last_from = max(index for index, (keyword, _arguments) in enumerate(instructions) if keyword == "FROM")
    return instructions[last_from:]


@pytest.fixture(scope="module")
def compose():
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def env_example() -> dict[str, str]:
    """The variables that .env.example sets, commented-out examples left out."""
    pairs = {}
    for line in (ROOT / ".env.example").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _equals, value = line.partition("=")
            pairs[name.strip()] = value.strip()
    return pairs


def test_images_are_python_313_slim():
    bases = [arguments.split()[0] for keyword, arguments in dockerfile_instructions() if keyword == "FROM"]

    assert bases and all(base == "python:3.13-slim" for base in bases), bases


def test_image_runs_as_a_user_other_than_root():
    users = [arguments for keyword, arguments in runtime_stage() if keyword == "USER"]

    assert users, "The runtime stage sets no USER: the container would run as root."
    assert users[-1].split(":")[0] not in {"root", "0"}


def test_image_installs_the_locked_dependencies_and_prepares_static_files_and_translations_at_build():
    instructions = dockerfile_instructions()
    runs = " ".join(arguments for keyword, arguments in instructions if keyword == "RUN")

    assert ("COPY", "requirements/main.txt /tmp/requirements.txt") in instructions
    assert "pip install --require-hashes --no-deps --requirement /tmp/requirements.txt" in runs
    assert "manage.py compilemessages" in runs
    assert "manage.py collectstatic --noinput" in runs


def test_image_leaves_debug_to_the_settings_default_and_bakes_in_no_secret():
    """Debug is decided in quizsite/settings.py alone: off, as the image neither sets DJANGO_DEBUG nor copies
    the development file that turns it on."""
    env_lines = " ".join(arguments for keyword, arguments in runtime_stage() if keyword == "ENV")
    args = [arguments for keyword, arguments in dockerfile_instructions() if keyword == "ARG"]
    ignored = (ROOT / ".dockerignore").read_text().split()

    assert "DJANGO_DEBUG" not in (ROOT / "Dockerfile").read_text()
    assert ".env.*" in ignored and "!.env.development" not in ignored
    assert not re.search(r"SECRET|PASSWORD|TOKEN", env_lines + " ".join(args))
    for keyword, arguments in dockerfile_instructions():
        if "DJANGO_SECRET_KEY" in arguments:
            assert keyword == "RUN", "A secret key outside a RUN line would stay in the image."


def test_image_has_a_healthcheck_on_healthz_and_starts_with_the_entry_point():
    healthchecks = [arguments for keyword, arguments in runtime_stage() if keyword == "HEALTHCHECK"]
    command = [arguments for keyword, arguments in runtime_stage() if keyword == "CMD"]

    assert len(healthchecks) == 1 and "docker/healthcheck.py" in healthchecks[0]
    assert "/healthz" in HEALTHCHECK.read_text()
    assert command == ['["docker/entrypoint.sh"]']


def test_entry_point_exists_is_executable_and_ends_in_gunicorn():
    mode = ENTRYPOINT.stat().st_mode

    assert mode & stat.S_IXUSR and mode & stat.S_IXOTH
    assert os.access(ENTRYPOINT, os.X_OK)
    assert "exec gunicorn" in ENTRYPOINT.read_text()


def test_dockerignore_keeps_secrets_and_local_state_out_of_the_image():
    ignored = (ROOT / ".dockerignore").read_text().split()

    assert {".env", ".git", ".venv", "db.sqlite3"} <= set(ignored)


def test_compose_database_keeps_its_data_in_a_named_volume_and_has_a_healthcheck(compose):
    db = compose["services"]["db"]

    assert db["image"].startswith("postgres:")
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    volume, _colon, target = db["volumes"][0].partition(":")
    assert volume in compose["volumes"]
    assert target == "/var/lib/postgresql/data"


def test_compose_redis_has_a_healthcheck_and_keeps_nothing_on_disk(compose):
    """The cache holds nothing the database does not (README, "Scaling out"): no volume, no snapshot, no log; full,
    it evicts the least recently used entries instead of refusing writes."""
    redis = compose["services"]["redis"]

    assert redis["image"] == "redis:7-alpine"
    assert redis["healthcheck"]["test"] == ["CMD-SHELL", "redis-cli ping | grep -q PONG"]
    assert "volumes" not in redis
    assert redis["command"] == [
        "redis-server",
        *("--save", ""),
        *("--appendonly", "no"),
        *("--maxmemory", "256mb"),
        *("--maxmemory-policy", "allkeys-lru"),
    ]


def test_compose_web_and_demo_use_the_redis_service_unless_env_names_another(compose):
    for name in ("web", "demo"):
        assert compose["services"][name]["environment"]["REDIS_URL"] == "${REDIS_URL:-redis://redis:6379/0}"


def test_compose_web_waits_for_a_healthy_database_not_for_redis_reads_env_file_and_serves_port_8000(compose):
    """The site works without Redis (tests/deploy/test_redis_outage.py), so an unhealthy Redis must not hold it."""
    web = compose["services"]["web"]

    assert web["build"] == "."
    assert web["depends_on"] == {"db": {"condition": "service_healthy"}, "redis": {"condition": "service_started"}}
    assert web["env_file"] == ".env"
    assert web["expose"] == ["8000"]


def test_compose_publishes_only_the_proxy_and_gunicorn_believes_its_forwarded_headers(compose):
    """Visitors reach nginx on WEB_PORT; gunicorn is on the Compose network only, so every request it gets came
    through nginx, whose X-Forwarded-* headers Django then believes (whatever .env says)."""
    published = sorted(name for name, service in compose["services"].items() if "ports" in service)

    assert published == ["proxy"]
    assert compose["services"]["proxy"]["ports"] == ["${WEB_PORT:-8000}:80"]
    assert compose["services"]["web"]["environment"]["DJANGO_BEHIND_PROXY"] == "1"


def test_compose_proxy_is_the_official_nginx_image_with_the_repositorys_template(compose):
    """The image renders /etc/nginx/templates/*.template into /etc/nginx/conf.d/ with the container's
    environment: the template's variables are exactly those the service sets (tests/deploy/test_proxy.py runs
    the same template natively)."""
    proxy = compose["services"]["proxy"]
    template = (ROOT / "docker" / "nginx" / "default.conf.template").read_text()

    assert proxy["image"] == "nginx:stable-alpine"
    assert proxy["volumes"] == ["./docker/nginx/default.conf.template:/etc/nginx/templates/default.conf.template:ro"]
    assert proxy["environment"] == {
        "PROXY_LISTEN": "80",
        "PROXY_UPSTREAM": "web:8000",
        "PROXY_TRUSTED_NETWORK": "${PROXY_TRUSTED_NETWORK:-0.0.0.0/32}",
    }
    assert set(re.findall(r"\$\{([A-Z_]+)\}", template)) == set(proxy["environment"])
    assert proxy["depends_on"] == {"web": {"condition": "service_healthy", "restart": True}}
    assert proxy["healthcheck"]["test"] == [
        "CMD-SHELL",
        "wget -q -O /dev/null http://127.0.0.1/proxy-health || exit 1",
    ]
    assert proxy["restart"] == "unless-stopped"


def test_compose_demo_profile_loads_the_demo_once_the_site_is_up(compose):
    demo = compose["services"]["demo"]

    assert demo["profiles"] == ["demo"]
    assert demo["command"] == ["python", "manage.py", "load_demo"]
    assert demo["depends_on"]["web"]["condition"] == "service_healthy"


def test_compose_and_env_example_hold_no_secret(compose):
    """Passwords come from .env by interpolation; .env.example leaves both secrets empty."""
    password = compose["services"]["db"]["environment"]["POSTGRES_PASSWORD"]

    assert password.startswith("${POSTGRES_PASSWORD:?")
    assert env_example()["DJANGO_SECRET_KEY"] == ""
    assert env_example()["POSTGRES_PASSWORD"] == ""


def test_env_example_documents_every_variable_the_deployment_reads():
    sources = [
        ROOT / "quizsite" / "settings.py",
        ROOT / "quizsite" / "env.py",
        ROOT / "docker" / "prepare_database.py",
        ROOT / "docker" / "healthcheck.py",
        ROOT / "docker" / "entrypoint.sh",
        ROOT / "docker-compose.yml",
    ]
    pattern = re.compile(
        r"""(?:env_\w+\(|environ\.get\(|\$\{)["']?((?:DJANGO|GUNICORN|POSTGRES|WEB|DATABASE|REDIS|PROXY)_\w+)"""
    )
    read = {name for path in sources for name in pattern.findall(path.read_text())}
    documented = (ROOT / ".env.example").read_text()

    assert {"DJANGO_SECRET_KEY", "DJANGO_HTTPS", "GUNICORN_WORKERS", "DATABASE_URL", "REDIS_URL"} <= read
    assert sorted(name for name in read if name not in documented) == []


def locked_requirements(path: Path) -> dict[str, tuple[Requirement, set[str]]]:
    """A hashed requirement file (``make lock``) as ``{name: (requirement with its marker, sha256 hashes)}``."""
    entries = {}
    for entry in path.read_text().replace("\\\n", " ").splitlines():
        if entry.strip() and not entry.lstrip().startswith("#"):
            requirement, *hashes = entry.split("--hash=sha256:")
            parsed = Requirement(requirement)
            entries[parsed.name] = (parsed, {value.strip() for value in hashes})
    return entries


def test_image_installs_psycopgs_binary_build_from_the_lock():
    """The pure-Python fallback would work too, only slower; the image must not end up with it. The image
    (CPython of its base image, on Linux x86-64) installs requirements/main.txt: psycopg-binary must be there for
    that interpreter, with the hash of the wheel built for it."""
    base = next(arguments.split()[0] for keyword, arguments in runtime_stage() if keyword == "FROM")
    version = base.removeprefix("python:").split("-")[0]
    image = {"python_version": version, "python_full_version": f"{version}.0", "implementation_name": "cpython"}
    image |= {"sys_platform": "linux", "platform_system": "Linux", "platform_machine": "x86_64"}
    requirement, hashes = locked_requirements(ROOT / "requirements" / "main.txt")["psycopg-binary"]
    lock = {package["name"]: package for package in tomllib.loads((ROOT / "uv.lock").read_text())["package"]}
    tag = "cp{0}-cp{0}-manylinux".format(version.replace(".", ""))
    wheels = [wheel for wheel in lock["psycopg-binary"]["wheels"] if tag in wheel["url"] and "x86_64" in wheel["url"]]
    declared = [
        Requirement(item) for item in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    ]

    assert [item.extras for item in declared if item.name == "psycopg"] == [{"binary"}]
    assert requirement.marker is None or requirement.marker.evaluate(image)
    assert len(wheels) == 1 and wheels[0]["hash"].removeprefix("sha256:") in hashes
