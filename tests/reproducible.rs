//! Same seed, same bytes, whatever the clock and the load (issue 35): a
//! hard request of each kind, run by the command line on an idle
//! machine, with both cores busy, and pinned to one core beside busy
//! threads, writes byte-identical JSON and PDF; the app's way of
//! generating gives the command line's puzzle. A test binary of its own,
//! so that no other test loads the machine meanwhile; its two tests take
//! turns.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Held by each test while it runs: the load test's spinning threads
/// would otherwise slow the other test's runs (on a machine 2–3× slower
/// than the development machine, in a debug build, the app's run of the
/// autumn request beside them reached the clock's backstop and gave
/// another puzzle).
static MACHINE: Mutex<()> = Mutex::new(());

/// The machine for this test alone (a failed test's poisoned lock is
/// taken over: its runs are over).
fn machine() -> std::sync::MutexGuard<'static, ()> {
    MACHINE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridpress-repro-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// 32 long German autumn words (`tests/data/autumn.txt`), all must be
/// used, around a 9×9 ad corner with the solution "Bunt sind schon die
/// Wälder": the request of the issue, which gave three puzzles in three
/// idle runs.
fn autumn_words() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/autumn.txt");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().map(str::to_string).collect()
}

fn autumn_project() -> gridpress::project::Project {
    let mut project = gridpress::project::Project::sample();
    project.name = "Herbst".into();
    project.language = gridpress::model::Language::German;
    project.grid.width = 18;
    project.grid.height = 18;
    project.grid.restricted = vec![gridpress::project::Rect {
        col: 9,
        row: 9,
        width: 9,
        height: 9,
    }];
    project.vocabularies = vec![gridpress::model::Vocabulary {
        name: "Herbst".into(),
        must_use: true,
        entries: autumn_words()
            .iter()
            .map(|w| gridpress::model::Entry::typed(w, None))
            .collect(),
        lines: Default::default(),
    }];
    project.exclusion_groups.clear();
    project.generator.pick = None;
    project.generator.solution = Some("Bunt sind schon die Wälder".into());
    project.generator.seed = 1;
    // 1.2 million work units: about 1.2 s of search on the development
    // machine, the clock's backstop at 4 s.
    project.generator.time_limit_seconds = 2.0;
    project
}

/// Words of Debian's `ngerman`: 86 of 12–16 letters and 25 of 4–5, the
/// thesis' application-form shape that cannot cover 18×18 around
/// LEBENSLAUF and so spends its whole budget.
fn long_german_words() -> PathBuf {
    let path = temp("long.txt");
    let text = std::fs::read_to_string("/usr/share/dict/ngerman")
        .expect("this test needs Debian's wngerman (apt-get install wngerman)");
    let letters = |w: &&str| w.chars().all(char::is_alphabetic);
    let long = text
        .lines()
        .filter(letters)
        .filter(|w| (12..=16).contains(&w.chars().count()))
        .step_by(97)
        .take(86);
    let short = text
        .lines()
        .filter(letters)
        .filter(|w| (4..=5).contains(&w.chars().count()))
        .step_by(89)
        .take(25);
    let words: Vec<&str> = long.chain(short).collect();
    std::fs::write(&path, words.join("\n")).unwrap();
    path
}

/// The German thesaurus imported by the command line.
fn german_clues() -> PathBuf {
    let path = temp("de.txt");
    let out = gridpress(&["thesaurus", "--out", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    path
}

fn gridpress(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridpress"))
        .args(args)
        .output()
        .unwrap()
}

/// How a run is made.
#[derive(Clone, Copy, Debug)]
enum Load {
    Idle,
    /// Two threads spinning beside the run (the machine has two cores).
    BothCoresBusy,
    /// Pinned to the first core with `taskset`, the spinning threads on.
    PinnedBesideBusy,
}

/// Runs `args` plus `--json`/`--pdf` into files named after `tag`; the
/// bytes written and whether the clock cut the run short.
fn run(args: &[&str], tag: &str, load: Load) -> (Vec<u8>, Vec<u8>, bool) {
    let json = temp(&format!("{tag}-{load:?}.json"));
    let pdf = temp(&format!("{tag}-{load:?}.pdf"));
    let mut all: Vec<&str> = args.to_vec();
    all.extend([
        "--json",
        json.to_str().unwrap(),
        "--pdf",
        pdf.to_str().unwrap(),
    ]);
    let stop = Arc::new(AtomicBool::new(false));
    let spinners: Vec<_> = match load {
        Load::Idle => Vec::new(),
        Load::BothCoresBusy | Load::PinnedBesideBusy => (0..2)
            .map(|_| {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    let mut x = 1u64;
                    while !stop.load(Ordering::Relaxed) {
                        x = std::hint::black_box(x.wrapping_mul(6364136223846793005) ^ 7);
                    }
                })
            })
            .collect(),
    };
    let out = match load {
        Load::PinnedBesideBusy => Command::new("taskset")
            .args(["-c", "0", env!("CARGO_BIN_EXE_gridpress")])
            .args(&all)
            .output()
            .expect("taskset (util-linux) runs"),
        Load::Idle | Load::BothCoresBusy => gridpress(&all),
    };
    stop.store(true, Ordering::Relaxed);
    for s in spinners {
        s.join().unwrap();
    }
    assert!(out.status.success(), "{tag} {load:?}: {}", text(&out));
    let json = std::fs::read(json).unwrap();
    let cut = String::from_utf8_lossy(&json).contains("\"cut_short\"");
    (json, std::fs::read(pdf).unwrap(), cut)
}

/// The idle run ends on its work; every loaded run that the clock did not
/// cut writes the idle run's bytes, and at least one loaded run is
/// compared.
fn same_bytes_under_load(args: &[&str], tag: &str) {
    let (json, pdf, cut) = run(args, tag, Load::Idle);
    assert!(
        !cut,
        "{tag}: the idle run was cut short by the clock: this machine is over 6× slower than the work rate assumes"
    );
    let mut compared = 0;
    for load in [Load::BothCoresBusy, Load::PinnedBesideBusy] {
        let (loaded_json, loaded_pdf, loaded_cut) = run(args, tag, load);
        if loaded_cut {
            eprintln!("{tag}: {load:?}: cut short by the clock; not compared");
            continue;
        }
        assert!(json == loaded_json, "{tag}: {load:?} wrote another puzzle");
        assert!(pdf == loaded_pdf, "{tag}: {load:?} wrote another PDF");
        compared += 1;
    }
    assert!(compared > 0, "{tag}: every loaded run was cut short");
}

#[test]
fn hard_requests_of_every_kind_give_the_same_bytes_under_load() {
    let _machine = machine();
    // Word search, must-use words around an ad corner with a solution.
    let project = temp("herbst.ron");
    std::fs::write(&project, autumn_project().to_ron()).unwrap();
    same_bytes_under_load(&["generate", project.to_str().unwrap()], "autumn");

    // Word search, a counted request from a large list that cannot be met.
    let long = long_german_words();
    same_bytes_under_load(
        &[
            "generate",
            "--words",
            long.to_str().unwrap(),
            "--size",
            "18x18",
            "--solution",
            "LEBENSLAUF",
            "--pick",
            "auto",
            "--seed",
            "2",
            "--time-limit",
            "2",
        ],
        "long",
    );

    // Swedish, the largest size from the thesaurus.
    let clues = german_clues();
    same_bytes_under_load(
        &[
            "generate",
            "--kind",
            "swedish",
            "--words",
            clues.to_str().unwrap(),
            "--size",
            "18x23",
            "--seed",
            "3",
            "--time-limit",
            "4",
        ],
        "swedish",
    );

    // A word rectangle whose search runs past its first run, so the
    // prover starts beside it.
    same_bytes_under_load(
        &[
            "generate",
            "--kind",
            "word-rectangle",
            "--words",
            "/usr/share/dict/american-english",
            "--size",
            "6x6",
            "--seed",
            "1",
            "--time-limit",
            "2",
        ],
        "rectangle",
    );
}

#[test]
fn the_app_and_the_command_line_make_the_same_puzzle() {
    let _machine = machine();
    let project = autumn_project();
    let path = temp("herbst-app.ron");
    std::fs::write(&path, project.to_ron()).unwrap();
    let json = temp("herbst-cli.json");
    let out = gridpress(&[
        "generate",
        path.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    // The app's worker: the kind's settings only, a cancel flag.
    let app_project = gridpress::make::kind_settings_only(&project);
    let run = gridpress::make::Run {
        extra_banned: Vec::new(),
        cancel: Some(Arc::new(AtomicBool::new(false))),
        ..Default::default()
    };
    let spec = gridpress::make::request(&app_project, &run).unwrap();
    let puzzles = gridpress::make::generate(&app_project, spec, &run, |_, _| {}).unwrap();
    let app_json = gridpress::export::json::to_string(&puzzles[0]);
    let cli_json = std::fs::read_to_string(&json).unwrap();
    assert_eq!(app_json.trim(), cli_json.trim());
}
