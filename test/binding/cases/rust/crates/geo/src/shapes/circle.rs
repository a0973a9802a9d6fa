use super::{Kind, Shape};
use crate::util::clamp;

/// A circle around the origin.
pub struct Circle {
    pub radius: f64,
}

impl Circle {
    /// The smallest radius kept.
    pub const MIN: f64 = 0.001;

    /// Makes a circle of radius `radius`.
    pub fn new(radius: f64) -> Self {
        Self { radius: clamp(radius, Self::MIN, f64::MAX) }
    }

    pub fn kind(&self) -> Kind {
        Kind::Round(self.radius)
    }
}

impl Shape for Circle {
    fn area(&self) -> f64 {
        3.14 * self.radius * self.radius
    }
}

fn helper() -> f64 {
    2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use super::helper as twice;

    fn helper() -> f64 {
        3.0
    }

    #[test]
    fn area_grows() {
        let c = Circle::new(twice());
        let grown = c.area() > helper();
        assert!(grown);
    }
}
