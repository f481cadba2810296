"""``evogames serve``: run the classroom app with Uvicorn."""

from __future__ import annotations

import uvicorn

from evogames.server.app import create_app


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "sqlite:///evogames.db",
          bot_delay: float = 0.6, log_level: str = "info") -> None:
    uvicorn.run(create_app(db, bot_delay), host=host, port=port, log_level=log_level, ws_max_size=64 * 1024,
                ws_per_message_deflate=False)  # loopback and classroom LAN: compression only costs CPU


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="The evogames classroom server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default="sqlite:///evogames.db")
    parser.add_argument("--bot-delay", type=float, default=0.6)
    args = parser.parse_args()
    serve(args.host, args.port, args.db, args.bot_delay)
