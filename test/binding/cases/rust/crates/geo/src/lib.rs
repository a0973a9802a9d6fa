//! Geometry for the app.
pub mod shapes;
mod util;

pub use shapes::circle::Circle;
pub use util::*;

/// The library's version.
pub const VERSION: &str = "0.1";

/// Builds the unit circle.
pub fn unit() -> Circle {
    Circle::new(1.0)
}

extern crate alloc;

use crate::alloc::string::String as Text;

pub fn empty() -> usize {
    Text::new().len()
}
