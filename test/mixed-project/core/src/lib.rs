//! The core engine.
mod config;

use crate::config::{load_config, Config};

/// Starts the engine with its configuration.
pub fn start(threads: Option<usize>) -> Config {
    let config: Config = load_config(threads);
    config
}
