"""Seeds a database for local runs."""


def seed(count: int = 10) -> list:
    """Returns `count` fake rows."""
    return [{"id": i} for i in range(count)]
