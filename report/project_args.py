"""The one ``--project DIR`` option every command takes (:mod:`clickbound.project`).

``add_project_argument(parser)`` in a command's ``add_arguments``; ``project_of(args)`` in its ``run``:
the project named by ``--project``, else the one whose ``project.toml`` is at or above the current
directory, else ``None`` (the package's own catalogue, sources and targets).
"""
from __future__ import annotations


def add_project_argument(p) -> None:
    p.add_argument("--project", metavar="DIR", default=None,
                   help="a project folder (clickbound init DIR); default: the nearest project.toml at or "
                        "above the current directory, else the package's own sources")


def project_of(args):
    from clickbound.project import resolve

    return resolve(getattr(args, "project", None))
