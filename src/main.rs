//! The `gridpress` binary: parses the command line and hands over to the library.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    gridpress::cli::run(gridpress::cli::Cli::parse())
}
