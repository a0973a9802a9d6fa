pub fn render_node(label: &str, depth: usize) -> String {
    format!("{}{}\n", "  ".repeat(depth), label)
}
