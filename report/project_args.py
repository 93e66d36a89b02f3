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
    """The project the command works on (or ``None``); ``ValueError`` when the command was also given
    ``--source``, which names one of the package's own sources: a project has its own paper, so the
    filter would be silently dropped."""
    from clickbound.project import resolve

    project = resolve(getattr(args, "project", None))
    if project is not None and getattr(args, "source", None) is not None:
        raise ValueError(f"--source names one of the package's sources; project {project.name} ({project.root}) "
                         "has its own paper, so leave --source out (or run outside the project folder)")
    return project
