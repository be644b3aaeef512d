"""playbook: precomputed, verified strategies for Lingo and related word games."""

__version__ = "0.1.0"

__all__ = ["__version__"]
