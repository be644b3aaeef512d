"""jinja2 templates and CSS for HTML/PDF, shipped as package data."""
