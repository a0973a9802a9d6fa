pub mod circle;
mod ops;

/// Something with an area.
pub trait Shape {
    fn area(&self) -> f64;

    /// Describes the shape in words.
    fn describe(&self) -> String {
        let area = self.area();
        format!("a shape of area {}", area)
    }
}

/// How a shape is bounded.
pub enum Kind {
    Round(f64),
    Square { side: f64 },
    Point,
}

pub fn kind_size(kind: &Kind) -> f64 {
    use self::Kind::*;
    match kind {
        Round(radius) => *radius,
        Square { side } => *side,
        Point => 0.0,
    }
}
