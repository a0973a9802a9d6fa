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
