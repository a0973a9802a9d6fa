mod report;

use std::collections::HashMap;
use geo_core::{shapes::{self, Shape}, Circle, clamp as clamp_to};
use report::*;

fn make() -> Circle {
    geo_core::unit()
}

fn main() {
    let r = 2.0;
    let r = r + clamp_to(r, 0.0, 1.0);
    let mut c = Circle::new(r);
    c.scale(2.0);
    let area = c.area();
    let words = c.describe();
    let k = shapes::kind_size(&c.kind());
    let sizes: Vec<f64> = vec![1.0, 2.0].into_iter().map(|x| x * k).collect();
    let mut seen = HashMap::new();
    seen.insert(1, area);
    let best = Some(r);
    if let Some(r) = best {
        print(&words, r);
    }
    match c.kind() {
        shapes::Kind::Round(radius) => print("round", radius),
        _ => {}
    }
    let total = make().area() + sizes.len() as f64;
    std::mem::drop(total);
    let v = clamp(1.0);
    let shapes_seen = seen.values().map(|s| s.frobnicate()).count();
    print(&format!("{}", v), shapes_seen as f64);
}
