//! The module tree has no import cycles (issue 31): what two modules
//! share lives in a module they both use. Reads `src/` as text: every
//! `crate::…`, `super::…` and `self::…` path outside comments and test
//! modules is an edge to the deepest module it names (a module's own
//! ancestors and descendants do not count: a parent holding its rooms is
//! no cycle).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module path ("generate::swedish::fill") → source text without comments
/// and test modules.
fn modules() -> BTreeMap<String, String> {
    let mut found = BTreeMap::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(&root).unwrap().with_extension("");
            let mut parts: Vec<String> = relative
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            if parts.last().is_some_and(|p| p == "mod") {
                parts.pop();
            }
            if parts == ["lib"] || parts == ["main"] {
                parts.clear();
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            let code: String = code
                .lines()
                .map(|l| l.split("//").next().unwrap_or_default())
                .collect::<Vec<_>>()
                .join("\n");
            found.insert(parts.join("::"), code);
        }
    }
    found
}

/// The paths `code` names from `crate`, `super` or `self`, with the
/// names of a `{…}` group each joined on.
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let text = code;
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(at) = text[from..].find(start) {
            let at = from + at;
            from = at + start.len();
            // A word that merely ends so ("mycrate::") is no path.
            if text[..at]
                .chars()
                .last()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
            {
                continue;
            }
            let rest = &text[at..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            let path = rest[..end].trim_end_matches(':').to_string();
            if rest[end..].starts_with('{') && rest[..end].ends_with("::") {
                let group = &rest[end + 1..rest.find('}').unwrap_or(rest.len())];
                for item in group.split(',') {
                    let name = item.trim().split([' ', ':']).next().unwrap_or_default();
                    if !name.is_empty() {
                        out.push(format!("{path}::{name}"));
                    }
                }
            } else {
                out.push(path);
            }
        }
    }
    out
}

/// The deepest module of `modules` that `path`, written in `module`,
/// names.
fn resolve(module: &str, path: &str, modules: &BTreeMap<String, String>) -> Option<String> {
    let mut base: Vec<&str> = if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").collect()
    };
    let mut segments: Vec<&str> = path.split("::").collect();
    match segments[0] {
        "crate" => {
            base.clear();
            segments.remove(0);
        }
        "self" => {
            segments.remove(0);
        }
        _ => {
            while segments.first() == Some(&"super") {
                base.pop();
                segments.remove(0);
            }
        }
    }
    let full: Vec<&str> = base.into_iter().chain(segments).collect();
    (1..=full.len())
        .rev()
        .map(|k| full[..k].join("::"))
        .find(|m| modules.contains_key(m))
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let modules = modules();
    assert!(modules.len() > 50, "{} modules read", modules.len());
    let mut edges: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for (module, code) in &modules {
        let related = |other: &str| {
            other == module
                || module.starts_with(&format!("{other}::"))
                || other.starts_with(&format!("{module}::"))
                || other.is_empty()
                || module.is_empty()
        };
        let targets = paths(code)
            .iter()
            .filter_map(|p| resolve(module, p, &modules))
            .filter(|t| !related(t))
            .collect();
        edges.insert(module, targets);
    }
    // A cycle is an edge back into a module still on the search's path.
    let mut cycles = Vec::new();
    let mut done: BTreeSet<&str> = BTreeSet::new();
    for start in edges.keys() {
        let mut path: Vec<&str> = Vec::new();
        visit(start, &edges, &mut path, &mut done, &mut cycles);
    }
    assert!(cycles.is_empty(), "import cycles: {cycles:#?}");
}

fn visit<'a>(
    module: &'a str,
    edges: &'a BTreeMap<&'a str, BTreeSet<String>>,
    path: &mut Vec<&'a str>,
    done: &mut BTreeSet<&'a str>,
    cycles: &mut Vec<String>,
) {
    if let Some(at) = path.iter().position(|m| *m == module) {
        cycles.push(format!("{} -> {module}", path[at..].join(" -> ")));
        return;
    }
    if done.contains(module) {
        return;
    }
    path.push(module);
    for next in edges.get(module).into_iter().flatten() {
        if let Some((key, _)) = edges.get_key_value(next.as_str()) {
            visit(key, edges, path, done, cycles);
        }
    }
    path.pop();
    done.insert(module);
}
