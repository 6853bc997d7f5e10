//! What the app keeps between sessions: the recent projects, the last one
//! opened, and a recovery copy of unsaved work (autosave), all in the user's
//! config directory and all written atomically.

use crate::project::{Project, write_atomic};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Recent projects listed in the File menu.
const RECENT: usize = 8;

/// The app's saved state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AppState {
    /// Most recent first.
    #[serde(default)]
    pub recent: Vec<PathBuf>,
    /// The folder of the last file opened, saved, exported or imported:
    /// where the next file dialog starts.
    #[serde(default)]
    pub last_folder: Option<PathBuf>,
    /// The folder of the last file saved or exported: where a new file
    /// goes (an import's folder, /usr/share for the thesaurus, is not).
    #[serde(default)]
    pub last_save_folder: Option<PathBuf>,
}

impl AppState {
    /// Puts `path` first in the recent list.
    pub fn opened(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(RECENT);
    }
}

/// Where the app keeps its state; `None` keeps nothing (tests, read-only homes).
#[derive(Clone, Debug)]
pub struct Storage {
    dir: Option<PathBuf>,
}

impl Storage {
    /// `$XDG_CONFIG_HOME/gridpress`, else the platform's folder for
    /// settings: `~/.config/gridpress`, `%APPDATA%\gridpress` on Windows,
    /// `~/Library/Application Support/gridpress` on macOS.
    pub fn user() -> Storage {
        let home = || std::env::var_os("HOME").map(PathBuf::from);
        let base = std::env::var_os("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .or_else(|| {
                if cfg!(windows) {
                    std::env::var_os("APPDATA").map(PathBuf::from)
                } else if cfg!(target_os = "macos") {
                    home().map(|h| h.join("Library/Application Support"))
                } else {
                    home().map(|h| h.join(".config"))
                }
            });
        Storage {
            dir: base.map(|b| b.join("gridpress")),
        }
    }

    /// State kept in `dir`.
    pub fn at(dir: &Path) -> Storage {
        Storage {
            dir: Some(dir.to_path_buf()),
        }
    }

    /// Nothing kept.
    pub fn none() -> Storage {
        Storage { dir: None }
    }

    fn file(&self, name: &str) -> Option<PathBuf> {
        self.dir.as_ref().map(|d| d.join(name))
    }

    fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        let Some(dir) = &self.dir else {
            return Ok(());
        };
        std::fs::create_dir_all(dir)?;
        write_atomic(&dir.join(name), bytes)
    }

    /// The saved state (empty when there is none or it cannot be read).
    pub fn load_state(&self) -> AppState {
        self.file("state.ron")
            .and_then(|f| std::fs::read_to_string(f).ok())
            .and_then(|text| ron::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Saves the state; failures only cost the recent list.
    pub fn save_state(&self, state: &AppState) {
        let text =
            ron::ser::to_string_pretty(state, ron::ser::PrettyConfig::new()).unwrap_or_default();
        let _ = self.write("state.ron", text.as_bytes());
    }

    /// Writes the recovery copy of unsaved work, with the file it belongs to.
    pub fn write_recovery(&self, project: &Project, path: Option<&Path>) -> std::io::Result<()> {
        let origin = path.map(|p| p.display().to_string()).unwrap_or_default();
        let text = format!("// gridpress recovery of: {origin}\n{}", project.to_ron());
        self.write("recovery.ron", text.as_bytes())
    }

    /// The recovery copy left by a session that ended with unsaved work.
    pub fn read_recovery(&self) -> Option<(Project, Option<PathBuf>)> {
        let text = std::fs::read_to_string(self.file("recovery.ron")?).ok()?;
        let origin = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// gridpress recovery of: "))
            .filter(|o| !o.is_empty())
            .map(PathBuf::from);
        let project = Project::parse(&text, "recovery").ok()?;
        Some((project, origin))
    }

    /// Removes the recovery copy (after a save, or when the user discards it).
    pub fn clear_recovery(&self) {
        if let Some(file) = self.file("recovery.ron") {
            let _ = std::fs::remove_file(file);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_and_recovery_round_trip() {
        let dir = std::env::temp_dir().join(format!("gridpress-files-{}", std::process::id()));
        let storage = Storage::at(&dir);
        let mut state = AppState::default();
        state.opened(Path::new("/a.ron"));
        state.opened(Path::new("/b.ron"));
        state.opened(Path::new("/a.ron"));
        storage.save_state(&state);
        assert_eq!(
            storage.load_state().recent,
            [PathBuf::from("/a.ron"), PathBuf::from("/b.ron")]
        );
        let mut project = Project::sample();
        project.name = "Unsaved".into();
        storage
            .write_recovery(&project, Some(Path::new("/a.ron")))
            .unwrap();
        let (back, origin) = storage.read_recovery().unwrap();
        assert_eq!(back, project);
        assert_eq!(origin, Some(PathBuf::from("/a.ron")));
        storage.clear_recovery();
        assert!(storage.read_recovery().is_none());
        let _ = std::fs::remove_dir_all(dir);
    }
}
