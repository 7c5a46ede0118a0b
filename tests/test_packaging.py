"""Installing as Python users expect: the wheel is the engine (no third-party package) and
carries the app's words and files; the app is the extra ``app``; requirements.lock pins it.

The slow test builds the sdist and the wheel from a copy of the tree, installs the wheel into a
fresh virtual environment and uses it from another directory, as a user would.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import textwrap
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from uno.academy import cli

PYPROJECT: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
#: What the wheel leaves out of content/ on purpose: the README's pictures, the lessons' plan.
NOT_SHIPPED = {"screenshots", "lessons/OUTLINE.md"}


def run(cmd: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, **options)


def test_import_uno_loads_no_third_party_package() -> None:
    code = (
        "import sys, uno\n"
        "heavy = ('pandas', 'numpy', 'streamlit', 'plotly', 'uno.academy', 'uno.academy.cli')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
        "print(uno.simulate(2, players=2, seed=1).shape)\n"  # pandas is imported here
        "print('pandas' in sys.modules)\n"
    )
    done = run([sys.executable, "-c", code], cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:3] == ["[]", f"(2, {len(uno_columns())})", "True"]


def uno_columns() -> tuple[str, ...]:
    from uno.simulation import COLUMNS

    return COLUMNS


def test_the_engine_needs_no_package_and_the_app_is_an_extra() -> None:
    project = PYPROJECT["project"]
    assert project["dependencies"] == []
    extras = project["optional-dependencies"]
    app = {re.split(r"[<>=!~ \[]", r)[0] for r in extras["app"]}
    assert {"streamlit", "plotly", "pandas"} <= app
    assert "uno-academy[app]" in extras["test"]  # the tests open every page
    assert "bench" in extras
    for requirement in extras["app"]:
        assert "<" in requirement, f"{requirement}: give it an upper bound"
    assert project["requires-python"] == ">=3.11"
    assert "Programming Language :: Python :: 3.11" in project["classifiers"]
    assert project["scripts"] == {"uno-academy": "uno.academy.cli:run_app"}


def test_the_lab_notebooks_are_an_extra_the_tests_install() -> None:
    """``pip install 'uno-academy[notebook]'`` runs a notebook the lab offers (README: "The lab
    in Jupyter"); the test suite runs every one, so ``test`` brings it."""
    extras = PYPROJECT["project"]["optional-dependencies"]
    names = {re.split(r"[<>=!~ \[]", r)[0] for r in extras["notebook"]}
    assert {"nbformat", "nbclient", "ipykernel", "pandas", "plotly"} <= names
    assert all("<" in requirement for requirement in extras["notebook"])
    assert "uno-academy[notebook]" in extras["test"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The lab in Jupyter", 1)[1].split("\n## ", 1)[0]
    for said in ("pip install 'uno-academy[notebook]'", "-e '.[notebook]'", "jupyter lab"):
        assert said in section, said


def test_license_is_mit_with_its_file() -> None:
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    assert not any(c.startswith("License ::") for c in project["classifiers"])  # PEP 639
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Copyright (c) 2026 The Uno Academy contributors" in text


def test_every_package_of_the_tree_is_listed() -> None:
    """pyproject lists the packages by hand (the data packages need it): a new folder of uno/
    with an __init__.py must be added there too, or the wheel would lack it."""
    tree = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "uno").rglob("__init__.py")
        if "__pycache__" not in p.parts
    }
    assert tree <= set(SETUPTOOLS["packages"]), tree - set(SETUPTOOLS["packages"])


def shipped(package: str) -> set[str]:
    """The files of ``package``'s folder that its package-data patterns take into the wheel."""
    folder = ROOT / SETUPTOOLS["package-dir"][package]
    found: set[str] = set()
    for pattern in SETUPTOOLS["package-data"][package]:
        found.update(str(p.relative_to(folder)) for p in folder.glob(pattern) if p.is_file())
    return found


def test_the_wheel_carries_every_content_file_the_app_reads() -> None:
    every = {str(p.relative_to(ROOT / "content")) for p in (ROOT / "content").rglob("*")}
    every = {p for p in every if (ROOT / "content" / p).is_file()}
    left_out = every - shipped("uno.academy.content")
    assert {p.split("/")[0] if p.startswith("screenshots/") else p for p in left_out} == (
        NOT_SHIPPED
    ), "a content file the wheel leaves out: add a pattern to package-data"
    assert "en/cli.toml" in shipped("uno.academy.content")
    assert shipped("uno.ui.app") == {".streamlit/config.toml"}


def test_the_wheel_carries_every_file_of_the_packages_that_is_not_python() -> None:
    """uno/py.typed, the table component's CSS and JS...: a new data file beside the code must
    be named in package-data, or the installed app would miss it."""
    for path in (ROOT / "uno").rglob("*"):
        if not path.is_file() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
            continue
        folder = path.parent
        while not (folder / "__init__.py").exists():
            folder = folder.parent
        package = ".".join(folder.relative_to(ROOT).parts)
        patterns = SETUPTOOLS["package-data"].get(package, [])
        inside = path.relative_to(folder)
        assert any(inside.match(p) for p in patterns), f"{path.relative_to(ROOT)} is not shipped"


def lock_pins() -> dict[str, list[str]]:
    pins: dict[str, list[str]] = {}
    for line in (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines():
        match = re.match(r"^([A-Za-z0-9._-]+)==([^ ;]+)", line)
        if match:
            pins.setdefault(match.group(1).lower(), []).append(match.group(2))
    return pins


def test_the_lock_pins_every_package_of_the_app_within_pyproject() -> None:
    """requirements.lock is what `make run`, `make test` (so CI) and a school install; it must
    satisfy pyproject.toml's "app" extra (else: `make lock`)."""
    from packaging.requirements import Requirement

    text = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    assert "make lock" in text.splitlines()[1]
    pins = lock_pins()
    assert len(pins) >= 20, "the lock holds the whole tree, not only the app's direct needs"
    for spec in PYPROJECT["project"]["optional-dependencies"]["app"]:
        requirement = Requirement(spec)
        versions = pins.get(requirement.name.lower())
        assert versions, f"{requirement.name} is not in requirements.lock: run `make lock`"
        for version in versions:
            assert requirement.specifier.contains(version), (spec, version)
    assert "uno-academy" not in pins
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "--constraint $(LOCK) -e '.[app]'" in makefile
    assert "--constraint $(LOCK) -e '.[test]'" in makefile


def test_the_installed_lock_is_the_one_the_suite_runs_with() -> None:
    """Under `make test` (CI) the app's packages are the locked versions."""
    if not os.environ.get("CI"):
        pytest.skip("checked under CI, whose `make test` installs from requirements.lock")
    from importlib.metadata import version

    for name in ("streamlit", "plotly", "pandas", "psycopg"):
        assert version(name) in lock_pins()[name]


# -- the uno-academy command ---------------------------------------------------------------


def test_streamlit_settings_become_flags() -> None:
    flags = cli.streamlit_flags(ROOT / ".streamlit" / "config.toml")
    for flag in (
        "--client.showSidebarNavigation=false",
        "--client.toolbarMode=minimal",
        "--server.maxUploadSize=1",
        "--browser.gatherUsageStats=false",
        "--runner.postScriptGC=false",  # half a room server's CPU otherwise (benchmarks/rooms.py)
        "--server.fileWatcherType=none",
    ):
        assert flag in flags


def test_streamlit_flags_of_any_config(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[theme]\nprimaryColor = "#d72600"\nbase = "light"\n[server]\nport = 9\n')
    assert cli.streamlit_flags(config) == [
        "--theme.primaryColor=#d72600",
        "--theme.base=light",
        "--server.port=9",
    ]
    config.write_text("[server]\nfolderWatchList = ['a', 'b']\n")
    with pytest.raises(ValueError, match="folderWatchList"):
        cli.streamlit_flags(config)
    assert cli.streamlit_flags(tmp_path / "missing.toml") == []


def test_uno_academy_runs_streamlit_on_the_app_with_the_flags_first() -> None:
    argv = cli.app_command(["--server.port", "8502"])
    assert argv[:5] == [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py")]
    assert argv[-2:] == ["--server.port", "8502"]  # given last: they win
    assert "--server.maxUploadSize=1" in argv[5:-2]


def test_uno_academy_help_and_its_missing_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "fr")
    assert cli.run_app(["--help"]) == 0
    assert "uno-academy [OPTIONS DE STREAMLIT]" in capsys.readouterr().out
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name: None if name == "streamlit" else real(name)
    )
    assert cli.run_app([]) == 1
    assert "uno-academy[app]" in capsys.readouterr().err


def test_uno_academy_returns_streamlits_exit_code(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []

    def call(argv: list[str]) -> int:
        seen.append(argv)
        return 3

    monkeypatch.setattr(subprocess, "call", call)
    assert cli.run_app(["--server.headless", "true"], replace_process=False) == 3
    assert seen == [cli.app_command(["--server.headless", "true"])]


def test_uno_academy_becomes_streamlit(tmp_path: Path) -> None:
    """On POSIX the command is replaced by Streamlit (one process): stopping it stops the
    server, with no orphan left serving. A stand-in Streamlit shows its pid and arguments."""
    if os.name != "posix":
        pytest.skip("exec replaces the process on POSIX only")
    fake = tmp_path / "fake" / "streamlit"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "__main__.py").write_text(
        "import json, os, sys\nprint(json.dumps([os.getpid(), sys.argv[1:]]))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(fake.parent), str(ROOT)])}
    code = "from uno.academy.cli import run_app; raise SystemExit(run_app(['--server.port', '9']))"
    process = subprocess.Popen(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, stdout=subprocess.PIPE, text=True
    )
    out, _ = process.communicate(timeout=60)
    assert process.returncode == 0
    pid, argv = json.loads(out)
    assert pid == process.pid  # the same process: uno-academy became Streamlit
    assert argv[:2] == ["run", str(ROOT / "app.py")]
    assert "--client.toolbarMode=minimal" in argv and argv[-2:] == ["--server.port", "9"]


# -- the wheel, installed ------------------------------------------------------------------

IGNORED = shutil.ignore_patterns(
    ".git",
    ".venv",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".*_cache",
    ".hypothesis",
    "artifacts",
    "out",
)

#: Run by the installed interpreter, from a directory that holds no part of the project.
INSTALLED_CHECK = textwrap.dedent(
    """
    import json, sys
    import uno
    heavy = sorted(m for m in ("pandas", "numpy", "streamlit", "plotly") if m in sys.modules)
    from uno.academy.i18n import CONTENT_DIR, card_label, t
    from uno.academy.lessons import lessons, lesson_text
    from uno.academy.classroom import kid_line
    state, events = uno.apply(uno.new_game(3, seed=5), "draw")
    said = [kid_line(e, state.players) for e in events]
    key, values = next(s for s in said if s is not None)
    print(json.dumps({
        "uno": uno.__file__,
        "content": str(CONTENT_DIR),
        "heavy": heavy,
        "words": [t("reason.no_match", lang) for lang in ("en", "fr", "ru")],
        "card": card_label(uno.Card("WD4"), "ru"),
        "lessons": len(lessons()),
        "lesson_text": len(lesson_text(lessons()[7], "fr")[0]),
        "kid": t(key, "fr", **values),
        "plural": t("cli.check.pile", "ru", count=22),
    }))
    """
)


def _build(source: Path, out: Path) -> tuple[Path, Path]:
    """The sdist from the tree, then the wheel from the unpacked sdist (as `python -m build`
    does), with the setuptools installed here (no download)."""
    hook = "import sys, setuptools.build_meta as b; print(getattr(b, sys.argv[1])(sys.argv[2]))"
    made = run([sys.executable, "-c", hook, "build_sdist", str(out)], cwd=source)
    assert made.returncode == 0, made.stderr[-3000:]
    sdist = out / made.stdout.split()[-1]
    shutil.unpack_archive(sdist, out / "sdist")
    (unpacked,) = (out / "sdist").iterdir()
    made = run([sys.executable, "-c", hook, "build_wheel", str(out)], cwd=unpacked)
    assert made.returncode == 0, made.stderr[-3000:]
    assert "WARNING" not in made.stderr, made.stderr[-3000:]
    return sdist, out / made.stdout.split()[-1]


def _setuptools_can_build() -> bool:
    try:
        from importlib.metadata import version

        return int(version("setuptools").split(".")[0]) >= 77
    except Exception:
        return False


@pytest.mark.slow
def test_the_wheel_installs_and_works_from_any_directory(tmp_path: Path) -> None:
    if not _setuptools_can_build():
        message = "building the wheel needs setuptools>=77 (the test extra installs it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=IGNORED)
    sdist, wheel = _build(source, tmp_path / "dist")

    names = zipfile.ZipFile(wheel).namelist()
    assert "uno/academy/content/fr/cli.toml" in names
    scenarios = [n for n in names if n.startswith("uno/academy/content/lessons/scenarios/")]
    assert len(scenarios) == len(list((ROOT / "content/lessons/scenarios").glob("*.json")))
    assert {"uno/ui/app/app.py", "uno/ui/app/.streamlit/config.toml"} <= set(names)
    assert "uno/ui/app/pages/3_sandbox.py" in names
    assert "uno/py.typed" in names
    assert {"uno/ui/table/table.css", "uno/ui/table/table.js"} <= set(names)
    assert not [n for n in names if n.startswith("tests/") or "screenshots" in n]
    metadata = zipfile.ZipFile(wheel).read(f"{wheel.name.split('-py3')[0]}.dist-info/METADATA")
    head = metadata.decode().split("\n\n")[0]
    assert "License-Expression: MIT" in head
    assert "Requires-Python: >=3.11" in head
    assert not [r for r in head.splitlines() if r.startswith("Requires-Dist") and "extra" not in r]

    venv = tmp_path / "venv"
    made = run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps"]
    made = run([*pip, "--no-index", "--quiet", str(wheel)])
    assert made.returncode == 0, made.stderr

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LANGUAGE", "LC_ALL")}
    env["LANG"] = "C.UTF-8"
    done = run([str(python), "-c", INSTALLED_CHECK], cwd=elsewhere, env=env)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    site = str(venv / "lib")
    assert seen["uno"].startswith(site) and seen["content"].startswith(site)
    assert seen["heavy"] == []
    assert seen["words"][1].startswith("Cette carte ne va pas")
    assert seen["card"] == "«Дикая +4»"
    assert seen["lessons"] == 12 and seen["lesson_text"] > 200
    assert seen["kid"] and "{" not in seen["kid"]
    assert seen["plural"] == "в колоде 22 карты"

    scenario = ROOT / "content" / "lessons" / "scenarios" / "03-match.json"
    done = run([str(python), "-m", "uno", "check", str(scenario), "--lang", "ru"], cwd=elsewhere)
    assert done.returncode == 0 and "3 игрока" in done.stdout, done.stderr
    # the engine alone (no pandas in this venv) saves a simulation as CSV, as pandas did
    done = run([str(python), "-m", "uno", "simulate", "20", "--out", "x.csv"], cwd=elsewhere)
    assert done.returncode == 0, done.stderr
    import uno

    uno.simulate(20).to_csv(tmp_path / "pandas.csv", index=False)
    assert (elsewhere / "x.csv").read_bytes() == (tmp_path / "pandas.csv").read_bytes()
    command = venv / "bin" / "uno-academy"
    done = run([str(command), "--help"], cwd=elsewhere, env=env)
    assert done.returncode == 0 and "uno-academy [STREAMLIT FLAGS]" in done.stdout
    done = run([str(command)], cwd=elsewhere, env=env)  # this venv has no Streamlit
    assert done.returncode == 1 and "uno-academy[app]" in done.stderr

    # The installed app's files, run by this Streamlit with the installed package first on
    # the path: the app finds its pages and words without the repository.
    app_check = textwrap.dedent(
        """
        import json
        from streamlit.testing.v1 import AppTest
        from uno.academy.cli import app_files
        script, config = app_files()
        at = AppTest.from_file(str(script), default_timeout=60).run()
        assert not at.exception, at.exception
        at.switch_page("pages/3_sandbox.py").run()
        assert not at.exception, at.exception
        print(json.dumps([str(script), config.is_file(), at.title[0].value]))
        """
    )
    site_packages = next((venv / "lib").glob("python3*/site-packages"))
    env["PYTHONPATH"] = str(site_packages)
    done = run([sys.executable, "-c", app_check], cwd=elsewhere, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    script, has_config, title = json.loads(done.stdout.splitlines()[-1])
    assert script == str(site_packages / "uno" / "ui" / "app" / "app.py")
    assert has_config and title == "Sandbox"
    # A budget that catches a stray big file (screenshots, a virtualenv, the vendored axe-core
    # of the accessibility test stay out); the puzzle bank (576 puzzles, about 0.3 MB packed)
    # is most of what the packages carry beyond the code and the words.
    assert sdist.stat().st_size < 1_500_000 and wheel.stat().st_size < 1_500_000
    with tarfile.open(sdist) as archive:
        big = {m.name for m in archive.getmembers() if m.name.endswith((".png", ".whl"))}
        assert not big and not any("/vendor/" in n for n in archive.getnames()), big
