//! Output files written all or nothing: each file goes to a temporary next
//! to its target and is renamed into place only once every file of the run
//! is written; symlinks are followed to their target, FIFOs and devices are
//! written directly, and `-` is standard output.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The file name that stands for standard output on the command line.
pub const STDOUT: &str = "-";

/// Symlinks followed before giving up (the kernel's own limit is 40).
const MAX_LINKS: usize = 40;

/// The end of every temporary file name, so that leftovers of a killed run
/// are recognisable (`.NAME.PID.gridpress.tmp`).
const TEMP_SUFFIX: &str = ".gridpress.tmp";

/// Why outputs could not be written; nothing was replaced unless it says so.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OutputError {
    /// A target cannot be written (missing folder, a folder, a link loop).
    #[error("{role} {path}: {reason}")]
    Target {
        /// Which output (`--json`, `--pdf`, `key file`, …).
        role: String,
        /// The path as given.
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// Two outputs would write the same file.
    #[error("{first} and {second} both write {path}: give them different files")]
    Same {
        /// The first output.
        first: String,
        /// The second output.
        second: String,
        /// The file.
        path: String,
    },
    /// Writing failed.
    #[error("writing {path}{}", replaced_note(.replaced))]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
        /// Files already replaced when this happened (renames are the last step).
        replaced: Vec<String>,
    },
}

impl OutputError {
    /// The cause alone, for callers that name the file themselves.
    pub fn into_io(self) -> std::io::Error {
        match self {
            OutputError::Io { source, .. } => source,
            OutputError::Target { reason, .. } => std::io::Error::other(reason),
            same @ OutputError::Same { .. } => std::io::Error::other(same.to_string()),
        }
    }
}

fn replaced_note(replaced: &[String]) -> String {
    if replaced.is_empty() {
        " (no file was changed)".to_string()
    } else {
        format!(" (already replaced: {})", replaced.join(", "))
    }
}

/// Where one output's bytes go.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Sink {
    /// Standard output.
    Stdout,
    /// A regular file (or a new one): temporary + rename.
    Replace(PathBuf),
    /// A FIFO, a device or another special file: written directly.
    Direct(PathBuf),
}

/// The outputs of one run, written by [`Batch::commit`].
#[derive(Default)]
pub struct Batch {
    items: Vec<(String, PathBuf, Vec<u8>)>,
}

impl Batch {
    /// An empty batch.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an output: `role` names it in messages (`--json`, `--pdf`).
    pub fn add(&mut self, role: impl Into<String>, path: &Path, bytes: Vec<u8>) {
        self.items.push((role.into(), path.to_path_buf(), bytes));
    }

    /// Writes every output: temporaries first, then the renames, then
    /// special files and standard output. Returns the paths as given.
    pub fn commit(self) -> Result<Vec<PathBuf>, OutputError> {
        self.commit_with(true)
    }

    fn commit_with(self, dash_is_stdout: bool) -> Result<Vec<PathBuf>, OutputError> {
        let targets: Vec<(&str, &Path)> = self
            .items
            .iter()
            .map(|(role, path, _)| (role.as_str(), path.as_path()))
            .collect();
        let sinks = resolve_all(&targets, dash_is_stdout)?;
        // 1. Every regular file to a temporary next to its target.
        let mut temps: Vec<(PathBuf, &PathBuf, &Path)> = Vec::new();
        for ((_, shown, bytes), sink) in self.items.iter().zip(&sinks) {
            if let Sink::Replace(target) = sink {
                match write_temp(target, bytes) {
                    Ok(temp) => temps.push((temp, target, shown)),
                    Err(source) => {
                        remove_temps(&temps);
                        return Err(OutputError::Io {
                            path: shown.display().to_string(),
                            source,
                            replaced: Vec::new(),
                        });
                    }
                }
            }
        }
        // 2. The renames.
        let mut replaced = Vec::new();
        for (i, (temp, target, shown)) in temps.iter().enumerate() {
            if let Err(source) = std::fs::rename(temp, target) {
                remove_temps(&temps[i..]);
                return Err(OutputError::Io {
                    path: shown.display().to_string(),
                    source,
                    replaced,
                });
            }
            replaced.push(shown.display().to_string());
        }
        // 3. Special files and standard output, which cannot be staged.
        for ((_, shown, bytes), sink) in self.items.iter().zip(&sinks) {
            let written = match sink {
                Sink::Replace(_) => continue,
                Sink::Direct(target) => std::fs::OpenOptions::new()
                    .write(true)
                    .open(target)
                    .and_then(|mut f| f.write_all(bytes).and_then(|()| f.flush())),
                Sink::Stdout => {
                    let mut out = std::io::stdout().lock();
                    out.write_all(bytes).and_then(|()| out.flush())
                }
            };
            if let Err(source) = written {
                return Err(OutputError::Io {
                    path: shown.display().to_string(),
                    source,
                    replaced,
                });
            }
            replaced.push(shown.display().to_string());
        }
        Ok(self.items.into_iter().map(|(_, path, _)| path).collect())
    }
}

/// Checks targets before the work that fills them: folders exist, no target
/// is a folder, no two outputs write one file, at most one writes to
/// standard output (`-`).
pub fn check_targets(targets: &[(&str, &Path)]) -> Result<(), OutputError> {
    check_targets_against(targets, &[])
}

/// [`check_targets`], and no output on one of the run's `inputs` (role,
/// path): `--json words.txt` would replace the vocabulary it was made
/// from.
pub fn check_targets_against(
    targets: &[(&str, &Path)],
    inputs: &[(&str, &Path)],
) -> Result<(), OutputError> {
    let sinks = resolve_all(targets, true)?;
    for &(input_role, input) in inputs {
        // An input that cannot be resolved is reported by its reader.
        let Ok(Sink::Replace(read) | Sink::Direct(read)) = resolve(input, false) else {
            continue;
        };
        for (&(role, path), sink) in targets.iter().zip(&sinks) {
            if matches!(sink, Sink::Replace(p) | Sink::Direct(p) if *p == read) {
                return Err(OutputError::Target {
                    role: role.to_string(),
                    path: path.display().to_string(),
                    reason: format!(
                        "is the {input_role} file this run reads: the output would replace it; write elsewhere"
                    ),
                });
            }
        }
    }
    // A folder that cannot take the temporary is found now, not after the
    // run (the probe is the temporary itself, removed at once).
    for (&(role, path), sink) in targets.iter().zip(&sinks) {
        if let Sink::Replace(target) = sink {
            let temp = write_temp(target, &[]).map_err(|e| OutputError::Target {
                role: role.to_string(),
                path: path.display().to_string(),
                reason: format!("cannot write in its folder: {e}"),
            })?;
            let _ = std::fs::remove_file(temp);
        }
    }
    Ok(())
}

/// Writes one file atomically (temporary + rename), through symlinks; a
/// FIFO or device is written directly. `-` is a file name here.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let mut batch = Batch::new();
    batch.add("file", path, bytes.to_vec());
    batch.commit_with(false).map(|_| ())
}

fn resolve_all(targets: &[(&str, &Path)], dash_is_stdout: bool) -> Result<Vec<Sink>, OutputError> {
    let mut sinks: Vec<Sink> = Vec::new();
    for &(role, path) in targets {
        let sink = resolve(path, dash_is_stdout).map_err(|reason| OutputError::Target {
            role: role.to_string(),
            path: path.display().to_string(),
            reason,
        })?;
        if let Some(j) = sinks.iter().position(|s| *s == sink) {
            return Err(OutputError::Same {
                first: targets[j].0.to_string(),
                second: role.to_string(),
                path: if sink == Sink::Stdout {
                    "standard output".to_string()
                } else {
                    path.display().to_string()
                },
            });
        }
        sinks.push(sink);
    }
    Ok(sinks)
}

/// Follows `path` through symlinks to what will be written.
fn resolve(path: &Path, dash_is_stdout: bool) -> Result<Sink, String> {
    if dash_is_stdout && path.as_os_str() == STDOUT {
        return Ok(Sink::Stdout);
    }
    if path.as_os_str().is_empty() {
        return Err("an empty file name".into());
    }
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&at).map_err(|e| e.to_string())?;
                at = if link.is_absolute() {
                    link
                } else {
                    folder_of(&at).join(link)
                };
            }
            Ok(meta) if meta.is_dir() => return Err("is a folder, not a file".into()),
            Ok(meta) if meta.is_file() => return Ok(Sink::Replace(canonical(&at)?)),
            Ok(_) => return Ok(Sink::Direct(canonical(&at)?)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Sink::Replace(canonical(&at)?));
            }
            Err(e) => return Err(e.to_string()),
        }
    }
    Err("too many symbolic links (a loop?)".into())
}

/// The folder a path lies in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// The path with its folder made canonical: the same file compares equal
/// however it was named. The folder must exist.
fn canonical(path: &Path) -> Result<PathBuf, String> {
    let folder = folder_of(path);
    let name = path.file_name().ok_or("names no file")?;
    match std::fs::canonicalize(folder) {
        Ok(dir) if dir.is_dir() => Ok(dir.join(name)),
        Ok(dir) => Err(format!("{} is not a folder", dir.display())),
        Err(_) => Err(format!("the folder {} does not exist", folder.display())),
    }
}

/// Writes `bytes` to a fresh temporary next to `target`; returns its path.
fn write_temp(target: &Path, bytes: &[u8]) -> std::io::Result<PathBuf> {
    let folder = folder_of(target);
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    remove_stale_temps(folder, &name);
    let temp = folder.join(format!(".{name}.{}{TEMP_SUFFIX}", std::process::id()));
    let written = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()
    })();
    match written {
        Ok(()) => Ok(temp),
        Err(e) => {
            let _ = std::fs::remove_file(&temp);
            Err(e)
        }
    }
}

fn remove_temps(temps: &[(PathBuf, &PathBuf, &Path)]) {
    for (temp, _, _) in temps {
        let _ = std::fs::remove_file(temp);
    }
}

/// Removes temporaries for `name` that a killed run left in `folder`: those
/// of processes no longer running (where that can be told: `/proc`).
fn remove_stale_temps(folder: &Path, name: &str) {
    let procs = Path::new("/proc/self");
    if !procs.exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(file) = file.to_str() else { continue };
        let Some(pid) = file
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(TEMP_SUFFIX))
        else {
            continue;
        };
        if pid.bytes().all(|b| b.is_ascii_digit())
            && !pid.is_empty()
            && !Path::new("/proc").join(pid).exists()
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("gridpress-outputs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_failing_output_leaves_every_file_as_it_was() {
        let dir = scratch("fail");
        let pdf = dir.join("both.pdf");
        std::fs::write(&pdf, b"old").unwrap();
        let mut batch = Batch::new();
        batch.add("--pdf", &pdf, b"new".to_vec());
        batch.add("--json", &dir.join("nodir/x.json"), b"{}".to_vec());
        let err = batch.commit().unwrap_err().to_string();
        assert!(
            err.contains("nodir") && err.contains("does not exist"),
            "{err}"
        );
        assert_eq!(std::fs::read(&pdf).unwrap(), b"old");
        // A folder where a file should go.
        std::fs::create_dir(dir.join("po-grid.pdf")).unwrap();
        let mut batch = Batch::new();
        batch.add("--pdf", &pdf, b"new".to_vec());
        batch.add("grid file", &dir.join("po-grid.pdf"), b"x".to_vec());
        let err = batch.commit().unwrap_err().to_string();
        assert!(err.contains("is a folder"), "{err}");
        assert_eq!(std::fs::read(&pdf).unwrap(), b"old");
        assert_eq!(names(&dir), ["both.pdf", "po-grid.pdf"]);
    }

    #[test]
    fn two_outputs_on_one_file_are_refused() {
        let dir = scratch("same");
        let mut batch = Batch::new();
        batch.add("--json", &dir.join("same.out"), b"{}".to_vec());
        batch.add("--pdf", &dir.join("./same.out"), b"%PDF".to_vec());
        let err = batch.commit().unwrap_err().to_string();
        assert!(err.contains("--json and --pdf both write"), "{err}");
        assert!(names(&dir).is_empty());
        let err = check_targets(&[("--json", Path::new("-")), ("--pdf", Path::new("-"))])
            .unwrap_err()
            .to_string();
        assert!(err.contains("standard output"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_are_followed_to_their_target() {
        let dir = scratch("link");
        let target = dir.join("shared/target.json");
        std::fs::create_dir(dir.join("shared")).unwrap();
        std::fs::write(&target, b"stale").unwrap();
        let link = dir.join("link.json");
        std::os::unix::fs::symlink("shared/target.json", &link).unwrap();
        let mut batch = Batch::new();
        batch.add("--json", &link, b"fresh".to_vec());
        batch.commit().unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&target).unwrap(), b"fresh");
        // A dangling link creates its target.
        let dangling = dir.join("dangling.json");
        std::os::unix::fs::symlink("shared/new.json", &dangling).unwrap();
        write_file(&dangling, b"made").unwrap();
        assert_eq!(std::fs::read(dir.join("shared/new.json")).unwrap(), b"made");
        // A link and its target are one file.
        let mut batch = Batch::new();
        batch.add("--json", &link, b"a".to_vec());
        batch.add("--pdf", &target, b"b".to_vec());
        assert!(matches!(batch.commit(), Err(OutputError::Same { .. })));
        // A loop is named.
        std::os::unix::fs::symlink("loop-b", dir.join("loop-a")).unwrap();
        std::os::unix::fs::symlink("loop-a", dir.join("loop-b")).unwrap();
        let err = write_file(&dir.join("loop-a"), b"x")
            .unwrap_err()
            .to_string();
        assert!(err.contains("loop"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_written_directly() {
        let err = write_file(Path::new("/dev/full"), b"x").unwrap_err();
        assert!(err.to_string().contains("/dev/full"), "{err}");
        write_file(Path::new("/dev/null"), b"x").unwrap();
        use std::os::unix::fs::FileTypeExt;
        let null = std::fs::metadata("/dev/null").unwrap().file_type();
        assert!(null.is_char_device(), "/dev/null was replaced");
    }

    #[test]
    fn stale_temporaries_of_killed_runs_are_removed() {
        let dir = scratch("stale");
        // No process has this id (above the kernel's pid_max limit of 2^22).
        let stale = dir.join(format!(".batch.pdf.4999999{TEMP_SUFFIX}"));
        let other = dir.join(".batch.pdf.notes");
        std::fs::write(&stale, b"half").unwrap();
        std::fs::write(&other, b"keep").unwrap();
        write_file(&dir.join("batch.pdf"), b"%PDF").unwrap();
        assert_eq!(names(&dir), [".batch.pdf.notes", "batch.pdf"]);
    }
}
