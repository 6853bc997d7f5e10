//! Generation off the UI thread: a named worker thread per run, a cancel
//! flag, and the result handed back through a channel.

use crate::make;
use crate::model::Puzzle;
use crate::project::Project;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

/// What a finished run produced.
pub type Outcome = Result<Vec<Puzzle>, String>;

/// A generation in progress.
pub struct Worker {
    cancel: Arc<AtomicBool>,
    receiver: Receiver<Outcome>,
    started: Instant,
    /// The time limit per puzzle.
    pub limit: Duration,
    /// Puzzles asked for.
    pub count: usize,
}

impl Worker {
    /// Starts generating `project`'s puzzles; `wake` is called when done
    /// (the app passes a repaint request).
    pub fn start(project: &Project, wake: impl Fn() + Send + 'static) -> Result<Worker, String> {
        Worker::start_keeping_out(project, Default::default(), wake)
    }

    /// [`Worker::start`] with `kept_out` answers (spelled as
    /// [`crate::series::folded`]) not drawn besides the series': the words
    /// of a batch's other puzzles when one of them is made anew.
    pub fn start_keeping_out(
        project: &Project,
        kept_out: std::collections::HashSet<String>,
        wake: impl Fn() + Send + 'static,
    ) -> Result<Worker, String> {
        let settings = &project.generator;
        let limit = settings.time_limit().map_err(|e| e.to_string())?;
        let count = project.puzzle_count().map_err(|e| e.to_string())?;
        let cancel = Arc::new(AtomicBool::new(false));
        let run = make::Run {
            extra_banned: Vec::new(),
            cancel: Some(cancel.clone()),
            kept_out: {
                let mut series = project.series_kept_out().map_err(|e| e.to_string())?;
                series.extend(kept_out);
                series
            },
            process_ends: false,
        };
        // Settings the kind does not use are greyed out in the panel and
        // left out here; bad entries are refused before a thread starts.
        let project = make::kind_settings_only(project);
        let spec = make::request(&project, &run).map_err(|e| e.to_string())?;
        let (sender, receiver) = channel();
        std::thread::Builder::new()
            .name("gridpress-generate".into())
            .spawn(move || {
                let outcome =
                    make::generate(&project, spec, &run, |_, _| {}).map_err(|e| e.to_string());
                // The app may be gone; nothing to do then.
                let _ = sender.send(outcome);
                wake();
            })
            .map_err(|e| format!("could not start the generator thread: {e}"))?;
        Ok(Worker {
            cancel,
            receiver,
            started: Instant::now(),
            limit,
            count,
        })
    }

    /// Asks the run to stop; it returns its best result so far.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// True once cancel was asked for.
    pub fn cancelling(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The outcome, once the thread has finished.
    pub fn poll(&self) -> Option<Outcome> {
        match self.receiver.try_recv() {
            Ok(outcome) => Some(outcome),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                Some(Err("the generator thread stopped unexpectedly".into()))
            }
        }
    }
}
