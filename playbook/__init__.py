"""playbook: precomputed, verified strategies for Lingo and related word games."""

__version__ = "0.2.0"
"""The one place the version is written (the distribution ``lingo-playbook`` reads it)."""

__all__ = ["__version__"]
