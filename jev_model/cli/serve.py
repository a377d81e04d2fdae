"""``jev serve``: the HTTP server (System One wire protocol + the evaluator catalogue).

    jev serve                                   # http://127.0.0.1:8000, no key
    JEV_API_KEY=secret jev serve --port 8080    # requests need Authorization: Bearer secret
    jev serve --model path/to/hf-dir --device cuda --max-batch 16 --max-queue 128
    jev serve --deadline 60 --cache-mb 256      # admit what can be answered within 60 s; caches <= 256 MB

Exit codes: 2 bad flags or model, 4 the address cannot be bound (a busy port: checked
before the model loads).
"""

from __future__ import annotations

import os
import socket
import sys

from jev_model.cli.common import add_model_flags, load_engine
from jev_model.errors import JevError

DEFAULT_PORT = 8000
EXIT_ADDRESS_IN_USE = 4


def add_parser(sub) -> None:
    # the server's defaults only (the standard library): `jev` works without the server extra
    from jev_model.server.config import CONTRACT_TOKENS, ServerConfig

    d = ServerConfig()

    p = sub.add_parser("serve", help="serve the System One wire protocol and the evaluators over HTTP")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    p.add_argument("--api-key", default=None,
                   help="require Authorization: Bearer KEY (default: the JEV_API_KEY environment variable; "
                        "unset: no key needed)")
    p.add_argument("--max-batch", type=int, default=d.max_batch, help="most prompts gathered from waiting requests into one "
                   f"engine read (default {d.max_batch}; the forward batch is --batch-size)")
    p.add_argument("--max-queue", type=int, default=d.max_queue,
                   help=f"most requests admitted and unanswered; past that, 429 with retry-after (default {d.max_queue})")
    p.add_argument("--max-tokens", type=int, default=None,
                   help="longest prompt read, in tokens; a longer question gets 413 (default: the model's "
                        f"context, at most the contract's {CONTRACT_TOKENS})")
    p.add_argument("--deadline", type=float, default=d.deadline,
                   help="seconds a request may wait and run; one that would not be answered within it gets 429 "
                        f"at once with retry-after (default {d.deadline:g}, under the official SDK's 10 s "
                        "timeout; a client's x-jev-timeout header overrides it)")
    p.add_argument("--chunk-tokens", type=int, default=d.chunk_tokens,
                   help=f"tokens the worker reads in one step before it may switch request (default "
                        f"{d.chunk_tokens})")
    p.add_argument("--cache-mb", type=float, default=d.cache_mb,
                   help=f"bound on the per-state caches (prefix keys/values and token ids together), MB "
                        f"(default {d.cache_mb:g})")
    p.add_argument("--body-timeout", type=float, default=d.body_timeout,
                   help=f"seconds to receive a request body; a stalled upload gets 408 (default {d.body_timeout:g})")
    p.add_argument("--threads", type=int, default=None,
                   help="torch threads for the forward passes (default: torch's; on a CPU shared with other "
                        "jobs 1 is often several times faster, README \"HTTP server\")")
    add_model_flags(p)
    p.set_defaults(func=cmd_serve)


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound now (before the model loads) so a busy port fails fast."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def cmd_serve(args) -> int:
    try:
        import uvicorn

        from jev_model.server.app import create_app
        from jev_model.server.config import CONTRACT_TOKENS, ServerConfig
        from jev_model.server.warmup import measure_speed, warm_readers
        from jev_model.server.protocol import H11WithHeaderTimeout
    except ImportError as exc:
        raise JevError(f"jev serve needs the server extra ({exc.name} is missing): pip install -e '.[server]'") from None
    if not 1 <= args.port <= 65535:
        raise JevError(f"--port must be within 1..65535, not {args.port}")
    if args.threads is not None and args.threads < 1:
        raise JevError(f"--threads must be at least 1, not {args.threads}")
    if args.max_tokens is not None and args.max_tokens < 1:
        raise JevError(f"--max-tokens must be at least 1, not {args.max_tokens}")
    api_key = args.api_key if args.api_key is not None else os.environ.get("JEV_API_KEY") or None
    config = ServerConfig(api_key=api_key, max_batch=args.max_batch, max_queue=args.max_queue,
                          deadline=args.deadline, chunk_tokens=args.chunk_tokens, body_timeout=args.body_timeout,
                          cache_mb=args.cache_mb)  # bad values fail here, naming the flag
    if args.host not in ("127.0.0.1", "localhost", "::1") and not api_key:
        print(f"warning: serving on {args.host} without an API key: anyone who can reach it can use it",
              file=sys.stderr)
    try:
        sock = bind(args.host, args.port)
    except OSError as exc:
        print(f"error: cannot listen on {args.host}:{args.port}: {exc.strerror or exc} "
              f"(exit {EXIT_ADDRESS_IN_USE}; the model was not loaded)", file=sys.stderr)
        return EXIT_ADDRESS_IN_USE
    with sock:
        if args.threads:
            import torch

            torch.set_num_threads(args.threads)
        engine = load_engine(args, max_tokens=args.max_tokens or CONTRACT_TOKENS,
                             cache_bytes=config.cache_bytes)
        app = create_app(engine, config)
        warmed = warm_readers(engine)  # --explanations: the second model loaded, its prefixes cached
        speed = measure_speed(engine)  # admission's first estimate: measured, not guessed
        app.state.batcher.assume_speed(speed)
        print(f"jev serve: {engine.name} on http://{args.host}:{args.port} "
              f"({'key required' if api_key else 'no key'}; {1 / speed:.0f} tokens/s alone; deadline "
              f"{args.deadline:g} s, max tokens {engine.max_tokens}, caches <= {args.cache_mb:g} MB)"
              + (f"; explanations of {', '.join(warmed)} read by {engine.settings.explanations}" if warmed else ""),
              file=sys.stderr, flush=True)
        config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning",
                                timeout_keep_alive=5, http=H11WithHeaderTimeout)
        uvicorn.Server(config).run(sockets=[sock])
    return 0
