"""The bundled configs, shipped as package data (``playbook build NAME``)."""
