import os.path

COUNT = 0


def bump(step=1):
    global COUNT
    COUNT = COUNT + step
    return COUNT


def counter():
    total = 0

    def inc():
        nonlocal total
        total += 1
        return total

    return inc


def squares(values):
    return [v * v for v in values if v]


def pick(values, key=lambda item: item):
    return max(values, key=key)


def join(a, b):
    return os.path.join(a, b)


def shift(values):
    first, rest = values[0], values[1:]
    rest = rest + [first]
    first, rest = rest[0], rest
    return first
