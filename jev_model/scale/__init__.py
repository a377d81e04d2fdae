"""Scaling dataset scoring out: ``jev score --ray`` on Ray Data (``ray_data``).

Ray is optional (``pip install 'jev-model[ray]'``); nothing below this layer imports it.

    >>> from jev_model.scale import Cluster, score_dataset       # doctest: +SKIP
    >>> score_dataset("data.parquet", plan, "results.parquet", EngineSpec("gemma-3-270m"), Cluster(actors=4))  # doctest: +SKIP
"""

from jev_model.scale.cluster import Cluster
from jev_model.scale.ray_data import RayScoring, score_dataset

__all__ = ["Cluster", "RayScoring", "score_dataset"]
