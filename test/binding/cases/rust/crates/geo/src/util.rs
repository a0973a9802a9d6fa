/// Clamps a value into `[lo, hi]`.
pub fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    if x < lo { lo } else if x > hi { hi } else { x }
}

pub fn double(x: f64) -> f64 {
    x * 2.0
}

/// A namesake of the `alloc` crate, shadowed at the crate root by `extern crate alloc`.
pub mod alloc {
    pub mod string {
        pub struct String;
    }
}
