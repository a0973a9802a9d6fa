//! Configuration of the core engine.

/// Limits of the engine.
pub struct Config {
    pub threads: usize,
    pub queue_depth: usize,
}

/// Reads the engine configuration, with defaults for what is missing.
pub fn load_config(threads: Option<usize>) -> Config {
    Config { threads: threads.unwrap_or(4), queue_depth: 1024 }
}
