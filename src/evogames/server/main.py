"""``evogames serve``: run the classroom app with Uvicorn, and say where to find it."""

from __future__ import annotations

import contextlib
import errno
import io
import math
import resource
import socket
import sys

import segno
import uvicorn

from evogames.core.errors import ErrorCode, UsageError
from evogames.server.app import create_app
from evogames.server.limits import MAX_PER_ADDRESS, AbortableWebSockets, GuardedHttp, log_config
from evogames.server.teacher import teacher_link

KEEP_ALIVE = 5  # seconds an idle keep-alive connection stays open
MAX_CONNECTIONS = 2000  # above this, new requests get 503 (30 students need ~100)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "sqlite:///evogames.db",
          bot_delay: float = 0.6, log_level: str = "info", max_per_address: int = MAX_PER_ADDRESS,
          search_workers: int | None = None) -> None:
    check_settings(port, bot_delay, max_per_address, search_workers)
    raise_file_limit()
    if port_in_use(host, port):  # before the teacher's link: a link to a server that is not this one helps nobody
        other = 8081 if port == 8080 else 8080
        print(f"Port {port} is busy: another evogames or program uses it; try make run PORT={other} "
              f"(or evogames serve --port {other}).", file=sys.stderr, flush=True)
        raise SystemExit(2)
    base = public_base(host, port)
    app = create_app(db, bot_delay, public_base=base, max_per_address=max_per_address, search_workers=search_workers)
    GuardedHttp.most_per_address = 2 * max_per_address  # open HTTP connections, idle ones too
    announce(base, app.state.teacher_key, private=host in LOOPBACK)
    uvicorn.run(app, host=host, port=port, log_level=log_level, log_config=log_config(),
                http=GuardedHttp, ws=AbortableWebSockets,
                ws_max_size=64 * 1024, ws_per_message_deflate=False,  # loopback and classroom LAN: no compression
                timeout_keep_alive=KEEP_ALIVE, limit_concurrency=MAX_CONNECTIONS)


def check_settings(port: int, bot_delay: float, max_per_address: int, search_workers: int | None) -> None:
    """Refuse a number out of range before anything starts (``--search-workers 0`` once meant the default and
    ``-2`` one worker, silently)."""
    limits = (("--port", port, 1, 65535), ("--bot-delay", bot_delay, 0, None),
              ("--max-per-address", max_per_address, 1, None), ("--search-workers", search_workers, 1, None))
    for option, value, low, high in limits:
        if value is not None and not (math.isfinite(value) and low <= value and (high is None or value <= high)):
            top = f" to {high}" if high is not None else " or more"
            raise UsageError(f"{option} must be {low}{top}, not {value}.", ErrorCode.OPTION_INVALID)


def port_in_use(host: str, port: int) -> bool:
    """Whether another program listens on ``port`` at ``host`` (a bind test as uvicorn binds: SO_REUSEADDR, so a
    port left in TIME_WAIT by the last run counts as free)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host or "0.0.0.0", port))
        except OSError as err:
            return err.errno == errno.EADDRINUSE
    return False


LOOPBACK = ("127.0.0.1", "localhost", "::1")
EVERYWHERE = ("0.0.0.0", "::", "")


def public_base(host: str, port: int) -> str:
    """The address another device in the room uses: the machine's network address when listening everywhere."""
    shown = host
    if host in EVERYWHERE:
        shown = network_address() or "127.0.0.1"
    return f"http://{shown}:{port}"


def network_address() -> str | None:
    """This machine's address on the local network (the one its default route leaves from).

    Connecting a UDP socket sends nothing: it only asks the kernel which
    address it would use. None when the machine has no network."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere, nothing is sent
        address = str(probe.getsockname()[0])
        if not address.startswith("127."):
            return address
    with contextlib.suppress(OSError):
        for *_, sockaddr in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            if not str(sockaddr[0]).startswith("127."):
                return str(sockaddr[0])
    return None


def announce(base: str, key: str, private: bool) -> None:
    join = f"{base}/join"
    lines = [f"evogames is running: {base}"]
    if private:
        lines.append("Only this computer can open it (--host 127.0.0.1). For a class: make run, or --host 0.0.0.0.")
    else:
        lines += [f"Students open {join} (or scan this code) and type their seat's code:", qr_text(join)]
    lines.append(f"Teacher's page (keep this link to yourself): {teacher_link(base, key)}")
    print("\n".join(lines), flush=True)


def qr_text(text: str) -> str:
    """A QR code drawn with block characters, for the terminal (a phone's camera reads it off the screen)."""
    buffer = io.StringIO()
    segno.make(text, error="m").terminal(out=buffer, compact=True, border=2)
    return buffer.getvalue().rstrip("\n")


def raise_file_limit() -> None:
    """Use every file descriptor the system allows (a laptop's soft limit is often 256 or 1,024)."""
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = hard if hard != resource.RLIM_INFINITY else 65536
        if soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="The evogames classroom server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default="sqlite:///evogames.db")
    parser.add_argument("--bot-delay", type=float, default=0.6)
    parser.add_argument("--max-per-address", type=int, default=MAX_PER_ADDRESS,
                        help="open websockets and requests in flight one address may hold")
    parser.add_argument("--search-workers", type=int, default=None,
                        help="processes for the hard and expert bots and the hints (default: all cores but one)")
    args = parser.parse_args(sys.argv[1:])
    try:
        serve(args.host, args.port, args.db, args.bot_delay, max_per_address=args.max_per_address,
              search_workers=args.search_workers)
    except UsageError as err:
        parser.error(err.reason)
