//! Frame times of the real app, headless (egui_kittest): each frame is the
//! full UI pass plus tessellation, without the GPU. Cases: the preview of a
//! generated page; frames while a long generation runs on the worker thread;
//! a 70,000-entry vocabulary scrolled and filtered. Reports median, p95 and
//! max; the target is under 16 ms a frame. `cargo test --benches` runs a
//! short smoke pass.

use eframe::egui::{self, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gridpress::gui::{App, Storage, Tab};
use gridpress::model::Entry;
use gridpress::project::{Project, Rect};
use std::time::{Duration, Instant};

fn harness(app: App) -> Harness<'static, App> {
    Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut App| app.show(ui), app)
}

fn timed(
    h: &mut Harness<'static, App>,
    frames: usize,
    mut between: impl FnMut(&mut Harness<'static, App>, usize),
) -> Vec<Duration> {
    let mut times = Vec::with_capacity(frames);
    for i in 0..frames {
        between(h, i);
        let start = Instant::now();
        h.step();
        times.push(start.elapsed());
    }
    times
}

fn report(name: &str, mut times: Vec<Duration>) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "  {name:<58} median {:>6.2} ms  p95 {:>6.2} ms  max {:>6.2} ms  ({} frames)",
        ms(times[times.len() / 2]),
        ms(times[times.len() * 95 / 100]),
        ms(*times.last().unwrap()),
        times.len()
    );
}

fn wait(h: &mut Harness<'static, App>, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(h.state()) && start.elapsed() < Duration::from_secs(60) {
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn big_vocabulary() -> Vec<Entry> {
    let text = std::fs::read_to_string("/usr/share/dict/ngerman")
        .expect("this bench needs Debian's wngerman (apt-get install wngerman)");
    text.lines()
        .filter(|w| w.chars().count() >= 3 && w.chars().all(char::is_alphabetic))
        .step_by(4)
        .take(70_000)
        .map(|w| Entry {
            word: (*w).into(),
            clue: None,
            tags: Vec::new(),
        })
        .collect()
}

fn main() {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let frames = if smoke { 5 } else { 300 };
    println!("app frame times (headless, 1280×800; target < 16 ms)");

    // 1. The preview of a generated page, key on.
    let mut h = harness(App::with_project(Project::sample(), None, Storage::none()));
    h.step();
    h.get_by_label("Generate").click();
    wait(&mut h, |app| {
        !app.is_generating() && !app.puzzles().is_empty()
    });
    h.state_mut().show_key = true;
    report(
        "page preview with answer key",
        timed(&mut h, frames, |_, _| {}),
    );

    // 2. While a long generation runs on the worker thread.
    let mut project = Project::sample();
    project.grid.shape = "heart".into();
    project.grid.restricted.push(Rect {
        col: 5,
        row: 9,
        width: 5,
        height: 2,
    });
    project.generator.pick = Some(gridpress::model::WordCount::Exact(40));
    project.generator.time_limit_seconds = 600.0;
    let mut h = harness(App::with_project(project, None, Storage::none()));
    h.step();
    h.get_by_label("Generate").click();
    h.step();
    assert!(h.state().is_generating());
    let during = timed(&mut h, frames, |_, _| {
        std::thread::sleep(Duration::from_millis(2))
    });
    assert!(h.state().is_generating(), "the run should still be going");
    report("while a generation runs (worker busy)", during);
    h.get_by_label("Cancel").click();
    wait(&mut h, |app| !app.is_generating());

    // 3. 70,000 entries: scrolling the list, then typing a filter.
    let mut project = Project::sample();
    project.vocabularies[0].entries = big_vocabulary();
    // The harness draws its first frame when built: opening the project
    // checks every entry once (grid letters, duplicates, search text).
    let start = Instant::now();
    let mut h = harness(App::with_project(project, None, Storage::none()));
    report(
        "70,000 entries: opening the project (first frame)",
        vec![start.elapsed()],
    );
    h.state_mut().tab = Tab::Vocabulary;
    let list = h.get_by_role_and_label(Role::TextInput, "Filter:").rect();
    let over_list = list.center() + egui::vec2(0.0, 200.0);
    h.hover_at(over_list);
    let scrolling = timed(&mut h, frames, |h, _| {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -120.0),
            phase: egui::TouchPhase::Move,
            modifiers: egui::Modifiers::NONE,
            source: egui::MouseWheelSource::Wheel,
        });
    });
    report("70,000 entries: scrolling", scrolling);
    let letters = ['s', 'o', 'm', 'm', 'e', 'r'];
    let filter = h.get_by_role_and_label(Role::TextInput, "Filter:");
    filter.focus();
    let typing = timed(&mut h, letters.len().min(frames), |h, i| {
        h.event(egui::Event::Text(letters[i].to_string()));
    });
    report(
        "70,000 entries: typing a filter (one letter a frame)",
        typing,
    );

    // Adding a word: the frame that applies the edit (undo snapshot of the
    // project, the entry check restarted on a worker thread).
    let mut adding = Vec::new();
    for i in 0..frames.min(20) {
        h.get_by_role_and_label(Role::TextInput, "Word:").focus();
        h.step();
        h.event(egui::Event::Text(format!("Neuwort{i}")));
        h.step();
        h.get_by_label("Add").click();
        let start = Instant::now();
        h.step();
        adding.push(start.elapsed());
    }
    report(
        "70,000 entries: adding a word (the frame with the edit)",
        adding,
    );
}
