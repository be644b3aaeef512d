"""What the package reads and writes, and how it stays whole: user files read safely
(:mod:`.safe_yaml`), outputs written whole inside their folder (:mod:`.files`), a build's
finished work units (:mod:`.checkpoint`), the verified plans inside the package
(:mod:`.shipped`), and SIGINT and SIGTERM held while outputs move in place (:mod:`.signals`).
Each module is imported by name (``from playbook.io import files``)."""
