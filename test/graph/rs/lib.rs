use std::collections::HashMap;

mod render;
use render::render_node;

pub const LIMIT: usize = 16;

pub struct Tree {
    children: Vec<Tree>,
    label: String,
}

impl Tree {
    pub fn new(label: &str) -> Self {
        Tree { children: Vec::new(), label: label.to_string() }
    }

    pub fn size(&self) -> usize {
        1 + self.children.iter().map(|child| child.size()).sum::<usize>()
    }

    pub fn render(&self) -> String {
        self.walk(0)
    }

    fn walk(&self, depth: usize) -> String {
        let mut out = render_node(&self.label, depth);
        for child in &self.children {
            out.push_str(&child.walk(depth + 1));
        }
        out
    }
}

pub fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn even(n: u32) -> bool {
    if n == 0 { true } else { odd(n - 1) }
}

fn odd(n: u32) -> bool {
    if n == 0 { false } else { even(n - 1) }
}

fn alpha(n: u32) -> u32 {
    beta(n)
}

fn beta(n: u32) -> u32 {
    gamma(n)
}

fn gamma(n: u32) -> u32 {
    if n == 0 { 0 } else { alpha(n - 1) }
}

pub fn count_labels(trees: &[Tree]) -> HashMap<String, usize> {
    let mut counts = HashMap::new();
    trees.iter().for_each(|tree| {
        *counts.entry(tree.label.clone()).or_insert(0) += tree.size().min(LIMIT);
    });
    counts
}
