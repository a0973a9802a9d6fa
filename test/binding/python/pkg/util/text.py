def slugify(value):
    """Turns a value into a slug."""
    return value.lower().replace(" ", "-")


def shout(value):
    return value.upper()


def whisper(value):
    return value.lower()
