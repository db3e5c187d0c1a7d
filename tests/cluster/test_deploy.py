"""The deployment example in ``deploy/`` is a configuration its tool accepts."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import uvicorn

NGINX_CONF = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"


def nginx_test(conf: Path, prefix: Path) -> subprocess.CompletedProcess[str]:
    (prefix / "logs").mkdir(exist_ok=True)
    return subprocess.run(
        [
            "nginx",
            "-t",
            "-q",
            "-c",
            str(conf),
            "-p",
            str(prefix),
            "-e",
            "stderr",
            "-g",
            f"pid {prefix / 'nginx.pid'};",
        ],
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_the_nginx_example_carries_websockets_and_parses(tmp_path: Path) -> None:
    if not shutil.which("nginx"):
        pytest.skip("nginx is not installed (.ci/run installs nginx-light)")
    text = NGINX_CONF.read_text()
    for needed in (
        "proxy_set_header Upgrade $http_upgrade;",
        "proxy_set_header Connection $connection_upgrade;",
        "proxy_http_version 1.1;",
    ):
        assert needed in text
    done = nginx_test(NGINX_CONF, tmp_path)
    assert done.returncode == 0, done.stderr
    broken = tmp_path / "broken.conf"  # and nginx -t does reject a broken one
    broken.write_text(text.replace("proxy_pass http://noblesse;", "proxy_pass http://noblesse"))
    assert nginx_test(broken, tmp_path).returncode != 0


def test_nginx_lets_an_idle_upstream_connection_go_before_the_server_closes_it() -> None:
    """A request nginx sends on a connection uvicorn is closing for idleness is lost:
    nginx's upstream ``keepalive_timeout`` must be shorter than uvicorn's."""
    upstream = re.search(r"upstream noblesse \{(.*?)\}", NGINX_CONF.read_text(), re.S)
    assert upstream, "no upstream block named noblesse"
    found = re.search(r"^\s*keepalive_timeout\s+(\d+)s;", upstream.group(1), re.M)
    assert found, "the upstream block sets no keepalive_timeout (nginx's default is 60 s)"
    server_closes_after = uvicorn.Config(app="noblesse.server.app:app_from_env").timeout_keep_alive
    assert int(found.group(1)) < server_closes_after
