def slugify(value):
    """Turns a value into a slug."""
    return value.lower().replace(" ", "-")


def shout(value):
    return value.upper()


def whisper(value):
    return value.lower()


from typing import overload


@overload
def first(value: str) -> str: ...


@overload
def first(value: bytes) -> bytes: ...


def first(value):
    """The first item of a value."""
    return value[:1]
