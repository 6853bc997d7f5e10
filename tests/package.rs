//! The Debian package and the portable archive (issue 32): the packaging
//! script run on the test build of the binary (uncompressed, so the check
//! takes a second) lays out the files an installed Gridpress needs — the
//! program, menu entry, icons, project file type, manual page,
//! completions, licences — and the packaged program runs.

use std::path::{Path, PathBuf};
use std::process::Command;

fn out_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridpress-package-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn run(command: &mut Command) -> String {
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{command:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The files every installation holds, relative to `/usr`.
const INSTALLED: &[&str] = &[
    "bin/gridpress",
    "share/applications/gridpress.desktop",
    "share/mime/packages/gridpress.xml",
    "share/icons/hicolor/scalable/apps/gridpress.svg",
    "share/icons/hicolor/16x16/apps/gridpress.png",
    "share/icons/hicolor/48x48/apps/gridpress.png",
    "share/icons/hicolor/256x256/apps/gridpress.png",
    "share/man/man1/gridpress.1.gz",
    "share/bash-completion/completions/gridpress",
    "share/zsh/vendor-completions/_gridpress",
    "share/fish/vendor_completions.d/gridpress.fish",
    "share/doc/gridpress/copyright",
    "share/doc/gridpress/licences/OFL.txt",
    "share/doc/gridpress/licences/RobotoCondensed-LICENSE.txt",
    "share/doc/gridpress/licences/FOGRA39L.md",
    "share/doc/gridpress/licences/word-data.md",
    "share/doc/gridpress/licences/LICENSE-MIT",
    "share/doc/gridpress/licences/LICENSE-APACHE",
];

#[test]
fn the_package_holds_what_an_installed_gridpress_needs() {
    if Command::new("dpkg-deb").arg("--version").output().is_err() {
        eprintln!("skipped: no dpkg-deb (not a Debian machine)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = out_dir();
    run(Command::new(root.join("packaging/build-package.sh"))
        .arg(env!("CARGO_BIN_EXE_gridpress"))
        .arg(&out)
        .env("COMPRESS", "none"));
    let version = env!("CARGO_PKG_VERSION");
    let deb = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "deb"))
        .expect("a .deb");
    assert!(
        deb.file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with(&format!("gridpress_{version}_")),
        "{deb:?}"
    );
    // The package's metadata and files.
    let fields = run(Command::new("dpkg-deb")
        .args(["-f"])
        .arg(&deb)
        .args(["Package", "Version", "Depends"]));
    assert!(fields.contains("Package: gridpress"), "{fields}");
    assert!(fields.contains(&format!("Version: {version}")), "{fields}");
    assert!(fields.contains("libc6"), "{fields}");
    let contents = run(Command::new("dpkg-deb").arg("--contents").arg(&deb));
    for file in INSTALLED {
        assert!(
            contents.contains(&format!("./usr/{file}")),
            "the package lacks /usr/{file}"
        );
    }
    // The packaged program runs from the package's layout.
    let stage = out.join("stage/usr");
    let shown = run(Command::new(stage.join("bin/gridpress")).arg("--version"));
    assert_eq!(shown.trim(), format!("gridpress {version}"));
    // Its menu entry opens project files with the program; the file type
    // names the entry's MIME type; the manual page documents the commands.
    let desktop =
        std::fs::read_to_string(stage.join("share/applications/gridpress.desktop")).unwrap();
    for line in [
        "Exec=gridpress %f",
        "Icon=gridpress",
        "Categories=Office;Publishing;",
        "MimeType=application/x-gridpress-project;",
    ] {
        assert!(
            desktop.lines().any(|l| l == line),
            "desktop entry lacks {line}"
        );
    }
    let mime = std::fs::read_to_string(stage.join("share/mime/packages/gridpress.xml")).unwrap();
    assert!(mime.contains("type=\"application/x-gridpress-project\""));
    let man = run(Command::new("gzip")
        .arg("-dc")
        .arg(stage.join("share/man/man1/gridpress.1.gz")));
    // roff escapes the hyphens of options.
    for section in ["GRIDPRESS GENERATE", "GRIDPRESS EDIT", r"\-\-pdf"] {
        assert!(man.contains(section), "the manual page lacks {section}");
    }
    let bash =
        std::fs::read_to_string(stage.join("share/bash-completion/completions/gridpress")).unwrap();
    assert!(bash.contains("generate") && bash.contains("--template"));
    // The portable archive holds the same files under one folder, with
    // its installer.
    let tar = out.join(format!(
        "gridpress-{version}-linux-{}.tar",
        std::env::consts::ARCH
    ));
    let listed = run(Command::new("tar").arg("-tf").arg(&tar));
    let folder = format!("gridpress-{version}-linux-{}", std::env::consts::ARCH);
    for file in INSTALLED.iter().chain(&["install.sh"]) {
        assert!(
            listed.contains(&format!("{folder}/{file}")),
            "the archive lacks {file}"
        );
    }
    let _ = std::fs::remove_dir_all(&out);
}
