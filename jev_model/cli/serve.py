"""``jev serve``: the HTTP server (System One wire protocol + the evaluator catalogue).

    jev serve                                   # http://127.0.0.1:8000, no key
    JEV_API_KEY=secret jev serve --port 8080    # requests need Authorization: Bearer secret
    jev serve --model path/to/hf-dir --device cuda --max-batch 16 --max-queue 128
"""

from __future__ import annotations

import os
import sys

from jev_model.errors import JevError

DEFAULT_PORT = 8000


from jev_model.cli.common import add_model_flags, load_engine


def add_parser(sub) -> None:
    p = sub.add_parser("serve", help="serve the System One wire protocol and the evaluators over HTTP")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    p.add_argument("--api-key", default=None,
                   help="require Authorization: Bearer KEY (default: the JEV_API_KEY environment variable; "
                        "unset: no key needed)")
    p.add_argument("--max-batch", type=int, default=8, help="most prompts gathered from waiting requests into one engine read (default 8; "
                        "the forward batch is --batch-size)")
    p.add_argument("--max-queue", type=int, default=64,
                   help="most requests waiting for the engine; past that, 429 with retry-after (default 64)")
    p.add_argument("--max-tokens", type=int, default=8192,
                   help="longest prompt read, in tokens; a longer question gets 413 (default 8192)")
    add_model_flags(p)
    p.set_defaults(func=cmd_serve)


def cmd_serve(args) -> int:
    try:
        import uvicorn

        from jev_model.server.app import create_app
    except ImportError as exc:
        raise JevError(f"jev serve needs the server extra ({exc.name} is missing): pip install -e '.[server]'") from None
    if not 1 <= args.port <= 65535:
        raise JevError(f"--port must be within 1..65535, not {args.port}")
    for flag in ("max_batch", "max_queue", "max_tokens"):
        if getattr(args, flag) < 1:
            raise JevError(f"--{flag.replace('_', '-')} must be at least 1, not {getattr(args, flag)}")
    api_key = args.api_key if args.api_key is not None else os.environ.get("JEV_API_KEY") or None
    if args.host not in ("127.0.0.1", "localhost", "::1") and not api_key:
        print(f"warning: serving on {args.host} without an API key: anyone who can reach it can use it",
              file=sys.stderr)
    engine = load_engine(args, max_tokens=args.max_tokens)
    app = create_app(engine, api_key=api_key, max_batch=args.max_batch, max_queue=args.max_queue)
    print(f"jev serve: {engine.name} on http://{args.host}:{args.port} "
          f"({'key required' if api_key else 'no key'}; max batch {args.max_batch}, max queue {args.max_queue})",
          file=sys.stderr, flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
