//! Undo and redo: whole-project snapshots with a revision number, typing and
//! paint strokes merged into one step.

use crate::project::Project;
use std::time::{Duration, Instant};

/// Edits with the same merge key this close together are one undo step.
const MERGE_WINDOW: Duration = Duration::from_millis(1200);
/// Undo steps kept (a 70,000-word project is a few MB per snapshot).
const DEPTH: usize = 60;

/// A project as it was, with its revision.
#[derive(Clone, Debug)]
struct Snapshot {
    project: Project,
    revision: u64,
}

/// The undo and redo stacks.
#[derive(Debug, Default)]
pub struct History {
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    last: Option<(String, Instant)>,
}

impl History {
    /// Records the state before an edit; returns false when the edit merges
    /// into the previous step (no new snapshot).
    pub fn record(&mut self, before: &Project, revision: u64, key: Option<String>) -> bool {
        let now = Instant::now();
        let merges = matches!((&self.last, &key), (Some((last, at)), Some(k)) if last == k && now.duration_since(*at) < MERGE_WINDOW);
        self.last = key.map(|k| (k, now));
        self.redo.clear();
        if merges {
            return false;
        }
        self.undo.push(Snapshot {
            project: before.clone(),
            revision,
        });
        if self.undo.len() > DEPTH {
            self.undo.remove(0);
        }
        true
    }

    /// Steps back: swaps `project` with the previous snapshot.
    pub fn undo(&mut self, project: &mut Project, revision: &mut u64) -> bool {
        Self::swap(&mut self.undo, &mut self.redo, project, revision) && {
            self.last = None;
            true
        }
    }

    /// Steps forward again.
    pub fn redo(&mut self, project: &mut Project, revision: &mut u64) -> bool {
        Self::swap(&mut self.redo, &mut self.undo, project, revision) && {
            self.last = None;
            true
        }
    }

    fn swap(
        from: &mut Vec<Snapshot>,
        to: &mut Vec<Snapshot>,
        project: &mut Project,
        revision: &mut u64,
    ) -> bool {
        let Some(snapshot) = from.pop() else {
            return false;
        };
        to.push(Snapshot {
            project: std::mem::replace(project, snapshot.project),
            revision: *revision,
        });
        *revision = snapshot.revision;
        true
    }

    /// True when there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// True when there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Forgets everything (a new or opened project).
    pub fn clear(&mut self) {
        *self = History::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_and_redo_restore_projects_and_revisions() {
        let mut history = History::default();
        let mut project = Project::sample();
        let mut revision = 1;
        assert!(history.record(&project, revision, None));
        project.name = "Changed".into();
        revision = 2;
        assert!(history.undo(&mut project, &mut revision));
        assert_eq!((project.name.as_str(), revision), ("Under the Sea", 1));
        assert!(history.redo(&mut project, &mut revision));
        assert_eq!((project.name.as_str(), revision), ("Changed", 2));
        assert!(!history.redo(&mut project, &mut revision));
    }

    #[test]
    fn typing_merges_into_one_step() {
        let mut history = History::default();
        let project = Project::sample();
        assert!(history.record(&project, 1, Some("rename".into())));
        assert!(!history.record(&project, 2, Some("rename".into())));
        assert!(history.record(&project, 3, Some("settings".into())));
        assert_eq!(history.undo.len(), 2);
    }
}
