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

/// Functions longer than this many lines decide several things at once
/// (issue 31): split them, or say in the doc why they are one piece.
const LONG_FUNCTION_LINES: usize = 80;
/// At most this many such functions (issue 31's goal).
const MOST_LONG_FUNCTIONS: usize = 10;

/// Every function of `src/` (test modules included) over
/// [`LONG_FUNCTION_LINES`], from its `fn` line to its closing brace:
/// (file, name, lines, whether its doc says why it is one piece).
fn long_functions() -> Vec<(String, String, usize, bool)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![root.clone()];
    let mut found = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                let name = path.strip_prefix(&root).unwrap().display().to_string();
                for (function, lines, why) in functions_over(&text, LONG_FUNCTION_LINES) {
                    found.push((name.clone(), function, lines, why));
                }
            }
        }
    }
    found.sort();
    found
}

/// The functions of `text` longer than `limit` lines: name, lines, and
/// whether the doc comment above says "One piece because".
fn functions_over(text: &str, limit: usize) -> Vec<(String, usize, bool)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = fn_name(line) else {
            continue;
        };
        // Braces outside strings, chars and comments, to the body's end.
        let mut depth = 0i32;
        let mut opened = false;
        let mut end = None;
        for (j, body_line) in lines.iter().enumerate().skip(i) {
            let code = strip_literals(body_line);
            for c in code.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if !opened && code.trim_end().ends_with(';') {
                break;
            }
            if opened && depth <= 0 {
                end = Some(j);
                break;
            }
        }
        let Some(end) = end else {
            continue;
        };
        let length = end - i + 1;
        if length > limit {
            let doc: String = lines[..i]
                .iter()
                .rev()
                .take_while(|l| {
                    let l = l.trim_start();
                    l.starts_with("///") || l.starts_with("#[")
                })
                .map(|l| l.trim_start().trim_start_matches('/').trim())
                .collect::<Vec<_>>()
                .join(" ");
            out.push((name, length, doc.contains("One piece because")));
        }
    }
    out
}

/// The name a line defines with `fn`, if it starts a function.
fn fn_name(line: &str) -> Option<String> {
    let mut words = line.split_whitespace().peekable();
    while let Some(word) = words.next() {
        match word {
            "pub" | "const" | "async" | "unsafe" | "extern" => continue,
            w if w.starts_with("pub(") => continue,
            "fn" => {
                let name: String = words
                    .next()?
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                return (!name.is_empty()).then_some(name);
            }
            _ => return None,
        }
    }
    None
}

/// A line without its string and char literals and its `//` comment.
fn strip_literals(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '/' if chars.peek() == Some(&'/') => break,
            // A char literal ('{', '\''): skip to its closing quote; a
            // lifetime ('a) has none within three characters.
            '\'' => {
                let rest: String = chars.clone().take(3).collect();
                if let Some(close) = rest.find('\'').filter(|&at| at > 0) {
                    for _ in 0..=close {
                        chars.next();
                    }
                } else {
                    out.push(c);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

#[test]
fn few_long_functions_each_says_why() {
    let long = long_functions();
    let listed: Vec<String> = long
        .iter()
        .map(|(file, name, lines, _)| format!("{file} {name}: {lines} lines"))
        .collect();
    assert!(
        long.len() <= MOST_LONG_FUNCTIONS,
        "{} functions over {LONG_FUNCTION_LINES} lines (at most {MOST_LONG_FUNCTIONS}): {listed:#?}",
        long.len()
    );
    let silent: Vec<&String> = long
        .iter()
        .zip(&listed)
        .filter(|((_, _, _, why), _)| !why)
        .map(|(_, line)| line)
        .collect();
    assert!(
        silent.is_empty(),
        "functions over {LONG_FUNCTION_LINES} lines whose doc does not say \"One piece because\": {silent:#?}"
    );
}

#[test]
fn the_function_scanner_measures_what_it_should() {
    let text =
        "/// One piece because it is a test.\nfn long() {\n    let s = \"}\";\n    let c = '{';\n"
            .to_string()
            + &"    x();\n".repeat(80)
            + "}\nfn short() { }\n";
    assert_eq!(
        functions_over(&text, 80),
        vec![("long".to_string(), 84, true)]
    );
    assert_eq!(functions_over(&text, 90), Vec::new());
}
