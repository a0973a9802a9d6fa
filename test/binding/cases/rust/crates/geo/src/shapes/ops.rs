use super::circle::Circle;

impl Circle {
    /// Scales the circle by `factor`.
    pub fn scale(&mut self, factor: f64) {
        self.radius = crate::util::double(self.radius) * factor / 2.0;
    }
}
