"""Joining a Ray cluster or starting a local one, sizing the actor pool, and Ray's errors as one line."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

import ray

import jev_model
from jev_model.errors import JevError

log = logging.getLogger("jev.scale")

PASSED_ENV = ("JEV_HOME", "JEV_MODEL", "JEV_RUBRICS_PATH", "JEV_DTYPE_PROBE")  # the driver's, given to every worker


@dataclass(frozen=True)
class Cluster:
    """Where and how wide: ``address`` None starts a local Ray instance sized to this machine
    (or uses the one this process already started); ``actors`` model copies, each with
    ``cpus_per_actor`` CPUs (torch threads) and, on CUDA, ``gpus_per_actor`` GPUs (a fraction
    puts several small models on one GPU)."""

    address: str | None = None
    actors: int | None = None
    cpus_per_actor: float | None = None
    gpus_per_actor: float = 1.0
    init_args: dict = field(default_factory=dict)  # more ray.init keywords for a local instance


def default_actors(cpus_per_actor: float, gpus_per_actor: float) -> int:
    """As many actors as the cluster has GPUs (CUDA) or CPUs for."""
    resources = ray.cluster_resources()
    if gpus_per_actor:
        n = int(resources.get("GPU", 0) // gpus_per_actor)
        if not n:
            raise JevError("--device cuda with --ray: the Ray cluster has no GPUs")
        return n
    return max(1, int(resources.get("CPU", 1) // cpus_per_actor))


def check_fits(actors: int, cpus: float, gpus: float, autoscaling: bool) -> None:
    """A pool larger than the cluster would wait for actors that never start: say so instead."""
    have = ray.cluster_resources()
    for what, each, total in (("CPU", cpus, have.get("CPU", 0)), ("GPU", gpus, have.get("GPU", 0))):
        if each and actors * each > total:
            message = (f"--actors {actors} x {each:g} {what} each needs {actors * each:g} {what}s; "
                       f"the Ray cluster has {total:g}")
            if not autoscaling:
                raise JevError(message + "; use fewer --actors or --cpus-per-actor")
            log.warning("%s; waiting for the cluster to grow", message)


def connect(cluster: Cluster) -> None:
    """Join ``cluster.address``, or start a local instance sized to this machine; a Ray
    already started in this process (a notebook, a test) is used as it is."""
    if ray.is_initialized():
        return
    env = {name: os.environ[name] for name in PASSED_ENV if os.environ.get(name)}
    # the driver's jev_model goes to every worker, so the cluster runs this code, not whatever it has installed
    runtime_env = {"py_modules": [str(Path(jev_model.__file__).parent)], "env_vars": env}
    kwargs = {"runtime_env": runtime_env, "log_to_driver": False, "logging_level": logging.WARNING}
    if cluster.address:
        kwargs["address"] = cluster.address
    else:
        kwargs.update({"num_cpus": os.cpu_count(), "include_dashboard": False, **cluster.init_args})
    try:
        ray.init(**kwargs)
    except ConnectionError as exc:
        raise JevError(f"--ray {cluster.address}: cannot join the Ray cluster ({exc})") from None
    ray.data.DataContext.get_current().enable_progress_bars = False  # jev's own bar counts written results
    logging.getLogger("ray.data").setLevel(logging.WARNING)  # not a line per dataset execution
    cpus = ray.cluster_resources().get("CPU", 0)
    gpus = ray.cluster_resources().get("GPU", 0)
    log.info("Ray: %s, %g CPU(s), %g GPU(s)",
             "joined " + cluster.address if cluster.address else "started a local instance", cpus, gpus)


def ray_errors(fn, *args):
    """A JevError raised inside a Ray task (a bad CSV header, a model that cannot load) as the
    one line it is, not a remote traceback (Ray Data logs its own copy of a task's error: quiet
    here, the exception carries it)."""
    logger = logging.getLogger("ray.data")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        return fn(*args)
    except KeyboardInterrupt:
        raise
    except Exception as exc:
        cause = exc
        while cause is not None:
            # a RayTaskError(JevError) is also a JevError, but its text is the remote traceback
            if isinstance(cause, JevError) and not isinstance(cause, ray.exceptions.RayError):
                if cause is exc:
                    raise
                raise JevError(str(cause).splitlines()[0]) from None  # Ray appends its retry advice
            cause = getattr(cause, "cause", None) or cause.__cause__
        if isinstance(exc, (FileNotFoundError, OSError)):
            raise JevError(f"cannot read {args[0] if isinstance(args[0], str) else 'the data'}: {exc}") from None
        raise
    finally:
        logger.setLevel(level)
