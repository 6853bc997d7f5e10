//! The `gridpress` binary: a subcommand runs the command line; none opens
//! the desktop app (or, built without it, prints the sample puzzle).

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = gridpress::cli::Cli::parse();
    #[cfg(feature = "gui")]
    if cli.command.is_none() {
        return match gridpress::gui::run(cli.project.as_deref()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("gridpress: {message}");
                ExitCode::from(1)
            }
        };
    }
    gridpress::cli::run(cli)
}
