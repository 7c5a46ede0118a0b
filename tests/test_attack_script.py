"""benchmarks/attack.py's pure parts, so that the attack set cannot rot: the loopback rule, the
leak detector, every share link it sends (refused or shown as the script expects, by the app's
own decoder), and two in-process attacks (hostile names in every place that takes a name; a
stalemate of computer players against the sandbox's timeline cap, in AppTest). No browser, no
server: a few seconds."""

from __future__ import annotations

from pathlib import Path

import pytest

import uno
from benchmarks import attack
from uno.academy.sandbox import open_share


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8501",
        "http://localhost:8501/",
        "https://[::1]:9000/app",
        "http://LOCALHOST",
    ],
)
def test_loopback_urls_are_taken(url: str) -> None:
    assert attack.loopback_url(url) == url.rstrip("/")


@pytest.mark.parametrize(
    "url",
    [
        "http://10.0.0.1:8501",
        "http://127.0.0.1.evil.example",
        "http://127.0.0.1@evil.example",
        "http://evil.example#@127.0.0.1",
        "http://user:pw@127.0.0.1",
        "http://127.1",
        "http://0.0.0.0:8501",
        "ftp://127.0.0.1",
        "127.0.0.1:8501",
        "http://127.0.0.1:99999",
        "http://127.0.0.1/?x=1",
    ],
)
def test_other_hosts_are_refused_before_anything_is_sent(url: str) -> None:
    with pytest.raises(ValueError, match="refused"):
        attack.loopback_url(url)
    assert attack.main(["--url", url]) == 2  # refused at once: no server, no browser


def test_requests_count_as_remote_unless_they_stay_on_this_machine() -> None:
    assert attack.is_loopback_request("http://127.0.0.1:8501/static/x.js")
    assert attack.is_loopback_request("data:image/svg+xml;base64,AAAA")
    assert not attack.is_loopback_request("http://evil.example/p.png")
    assert not attack.is_loopback_request("https://fonts.googleapis.com/css")


def test_the_leak_detector_sees_tracebacks_class_names_and_paths() -> None:
    paths = ["/srv/uno"]
    assert attack.leaks("Ana plays R7 · 3 cards left", paths) == []
    assert attack.leaks('Traceback (most recent call last):\n  File "x.py"', paths)
    assert attack.leaks("RecursionError: maximum depth", paths)
    assert attack.leaks("cannot open /srv/uno/scores.sqlite3", paths)


@pytest.mark.parametrize("quick", [False, True])
def test_every_share_link_of_the_attack_gets_the_answer_it_expects(quick: bool) -> None:
    attacks = attack.share_attacks(quick)
    assert any("after the compressed data" in what for what, _, _ in attacks)
    for what, link, refused in attacks:
        if refused:
            with pytest.raises(uno.ScenarioError):
                open_share(link)
        else:
            state, _ = open_share(link)
            assert len(state.players) >= 2, what


def test_bytes_after_the_compressed_data_are_refused() -> None:
    good = attack.link_of(attack.BASE)
    assert open_share(good)[0].n_players == 2
    with pytest.raises(uno.ScenarioError) as info:
        open_share(attack.tailed(good))
    assert info.value.code == "bad_link"


def test_url_attacks_reach_every_parameter_and_stay_bounded() -> None:
    for quick in (True, False):
        for _, query in attack.url_attacks(quick):
            assert len(query) < 30_000
    first = attack.url_attacks(True)[0][1]
    assert {pair.split("=")[0] for pair in first.split("&")} == set(attack.STRANGE)


def test_hostile_names_are_refused_everywhere_in_process(tmp_path: Path) -> None:
    report = attack.Report()
    attack.check_names_in_process(report, tmp_path)
    assert report.rows and not report.failed(), report.failed()


def test_the_report_counts_and_fails() -> None:
    report = attack.Report()
    report.add("a", "one", [])
    report.add("a", "two", ["broke"])
    assert report.failed() == [("a", "two", ["broke"])]
    rows = [line.split() for line in report.table().splitlines()]
    assert ["a", "2", "1"] in rows and ["all", "2", "1"] in rows


def test_a_stalemate_of_computer_players_stops_at_the_timeline_cap() -> None:
    report = attack.Report()
    attack.check_timeline_cap(report, attack.server_paths(None))
    assert len(report.rows) == 1 and not report.failed(), report.failed()
