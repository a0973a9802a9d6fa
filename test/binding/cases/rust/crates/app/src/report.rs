/// Prints one line of the report.
pub fn print(label: &str, value: f64) {
    println!("{}: {}", label, value);
}

/// The app's own clamp: a namesake of geo's.
pub fn clamp(x: f64) -> f64 {
    x.min(1.0)
}

pub trait Frob {
    fn frobnicate(&self) -> f64;
}

pub struct Noise;

impl Frob for Noise {
    fn frobnicate(&self) -> f64 {
        0.0
    }
}

pub struct Other;

impl Other {
    pub fn frobnicate(&self) -> f64 {
        1.0
    }
}

/// Sums what frobnicators say: calls through a trait bound and through `impl Trait` parameters.
pub fn sum<F: Frob + Clone>(first: F, rest: &[F], extra: &mut impl Frob, shape: impl geo_core::shapes::Shape) -> f64 {
    let mut total = first.frobnicate() + extra.frobnicate();
    for item in rest {
        total += item.frobnicate();
    }
    total + shape.area()
}

/// A field and a method named alike.
pub struct Gauge {
    level: f64,
}

impl Gauge {
    pub fn level(&self) -> f64 {
        self.level
    }
}

pub fn read(g: &Gauge) -> f64 {
    g.level() + g.level
}

impl Gauge {
    /// Whether this gauge reads higher than `other`.
    pub fn above(&self, other: &Self) -> bool {
        self.level() > other.level()
    }
}

/// Readings kept in a standard vector.
pub struct Log {
    readings: Vec<f64>,
}

impl Log {
    pub fn total(&self) -> f64 {
        self.readings.iter().count() as f64
    }
}

impl Log {
    fn gauge(&self) -> Gauge {
        Gauge { level: self.total() }
    }

    pub fn check(&self, other: &Gauge) -> bool {
        let g = self.gauge();
        g.above(other)
    }
}

pub fn inspect(log: &Log) -> f64 {
    let g = log.gauge();
    g.level()
}
