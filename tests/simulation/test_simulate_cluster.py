"""`kozel simulate --cluster`: the same statistics on a (local) Ray cluster as in one process.

Ray is the optional `cluster` extra: without it these tests are skipped, with that reason.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from test_simulate import simulate_json, without_timing

ray = pytest.importorskip("ray", reason="Ray is the optional cluster extra: "
                                         "pip install 'kozel[cluster]'")


def test_an_address_where_nothing_listens_is_a_usage_error(capsys: Any) -> None:
    """Ray would retry such an address for minutes; the command says so at once."""
    from kozel.cli import main
    assert not ray.is_initialized()
    code = main(["simulate", "minsk", "--matches", "10", "--cluster", "127.0.0.1:1"])
    assert code == 2 and "nothing answers there" in capsys.readouterr().err


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A Ray instance on this machine, as `ray start --head` would give on a cluster's head."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_a_cluster_run_gives_the_statistics_of_a_local_run(capsys: Any, local_ray: None
                                                           ) -> None:
    """kozel-classic stops in most matches: stop counts and examples must agree as well."""
    argv = ("kozel-classic", "--matches", "120", "--seed", "11")
    here = simulate_json(capsys, *argv, "--workers", "1")
    there = simulate_json(capsys, *argv, "--cluster", "local")
    assert here["stopped"] > 0
    assert without_timing(here) == without_timing(there)
