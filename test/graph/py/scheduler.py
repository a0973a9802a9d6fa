"""A tiny job scheduler: recursion, mutual recursion, a 3-cycle, methods and callbacks."""
import json
from collections import deque

from .jobs import Job, load_jobs

RETRIES = 3


class Scheduler:
    def __init__(self, jobs):
        self.queue = deque(jobs)

    def run(self):
        while self.queue:
            self.step()

    def step(self):
        job = self.queue.popleft()
        if not self.attempt(job, RETRIES):
            self.requeue(job)

    def attempt(self, job, retries):
        return job.run() or (retries > 0 and self.attempt(job, retries - 1))

    def requeue(self, job):
        self.queue.append(job)


def depth(tree):
    return 1 + max((depth(child) for child in tree), default=0)


def ping(n):
    return n if n <= 0 else pong(n - 1)


def pong(n):
    return ping(n - 1)


def red(n):
    return green(n)


def green(n):
    return blue(n)


def blue(n):
    return red(n - 1) if n > 0 else n


def schedule(path):
    jobs = sorted(load_jobs(path), key=lambda job: depth(job.deps))
    Scheduler(jobs).run()
    return json.dumps([job.name for job in jobs])


schedule("jobs.json")
