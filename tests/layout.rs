//! Layout properties over random grids, shapes, word lists and solution
//! words: every template either places everything inside its margins or
//! says why it cannot; it never panics and never draws over the edge.

use gridpress::layout::fonts::pt_to_mm;
use gridpress::layout::{self, Area, Heading, Item, KeyPlacement, Page, PageSize, Template};
use gridpress::model::{Direction, DirectionSet, Pos, Puzzle, Rules, Shape};
use gridpress::model::{PlacedWord, Report, Solution};
use proptest::prelude::*;

/// A hand-built puzzle: the widest capital in every cell, one-letter
/// "words" (the layout needs their cells, not their meaning) with long
/// printed forms, and optionally a solution word.
fn puzzle(shape: Shape, width: usize, height: usize, words: &[String], solution: usize) -> Puzzle {
    let mask = shape.mask(width, height).unwrap();
    let cells: Vec<Pos> = mask.positions().filter(|p| mask.is_playable(*p)).collect();
    let grid = (0..height)
        .map(|r| {
            (0..width)
                .map(|c| mask.is_playable(Pos::new(r, c)).then_some('W'))
                .collect()
        })
        .collect();
    let placed = words
        .iter()
        .enumerate()
        .map(|(i, display)| PlacedWord {
            word: "W".into(),
            display: display.clone(),
            start: cells[i % cells.len()],
            direction: Direction::E,
            vocabulary: "test".into(),
            clue: None,
            clue_edited: false,
        })
        .collect();
    let solution = (solution > 0).then(|| Solution {
        word: "M".repeat(solution.min(cells.len())),
        cells: cells.iter().take(solution).copied().collect(),
        groups: vec![solution.min(cells.len())],
    });
    Puzzle {
        mask,
        directions: DirectionSet::ALL,
        seed: 0,
        grid,
        words: placed,
        body: gridpress::model::Body::WordSearch {
            rules: Rules::default(),
            solution,
        },
        report: Report::default(),
    }
}

/// The box an item covers, in mm.
fn extent(item: &Item) -> Area {
    let span = |a: f32, b: f32| (a.min(b), (a - b).abs());
    match item {
        Item::Text {
            origin,
            size_pt,
            face,
            text,
        } => {
            let m = face.metrics();
            let size = pt_to_mm(*size_pt);
            Area::new(
                origin.x,
                origin.y - m.ascender() * size,
                m.advance(text) * size,
                (m.ascender() - m.descender()) * size,
            )
        }
        Item::Line { from, to, .. } => {
            let (x, w) = span(from.x, to.x);
            let (y, h) = span(from.y, to.y);
            Area::new(x, y, w, h)
        }
        Item::Rect { area, .. } => *area,
        Item::Polygon { points, .. } => {
            gridpress::layout::canvas::bounding(points).expect("a polygon has points")
        }
        Item::Capsule {
            from, to, radius, ..
        } => {
            let (x, w) = span(from.x, to.x);
            let (y, h) = span(from.y, to.y);
            Area::new(x, y, w, h).grown(*radius)
        }
    }
}

fn check_page(page: &Page, template: &Template) -> Result<(), TestCaseError> {
    let m = template.margins;
    let content = Area::new(
        page.trim.x + m.left,
        page.trim.y + m.top,
        page.trim.width - m.left - m.right,
        page.trim.height - m.top - m.bottom,
    );
    // Stroke halves and outline corners may reach a little past the content box.
    let allowed = content.grown(1.0);
    for item in &page.items {
        let area = extent(item);
        let crop_mark = !page.trim.grown(0.01).contains(&area) && matches!(item, Item::Line { .. });
        // A booklet's page number stands in the foot margin, on the page.
        let folio = template.page_numbers
            && matches!(item, Item::Text { text, .. } if text.chars().all(|c| c.is_ascii_digit()))
            && area.y >= content.bottom()
            && page.trim.contains(&area);
        prop_assert!(
            crop_mark || folio || allowed.contains(&area),
            "{}: {item:?} leaves the content box {content:?}",
            template.name
        );
    }
    Ok(())
}

fn shape() -> impl Strategy<Value = Shape> {
    prop::sample::select(Shape::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn every_template_fits_or_explains(
        shape in shape(),
        width in 3usize..=40,
        height in 3usize..=40,
        words in prop::collection::vec("[A-Za-zÄÖÜäöüß]{3,18}( [A-Za-z]{2,8})?", 0..70),
        solution in 0usize..20,
        count in 1usize..4,
        title in "[A-Za-zÄÖÜß]{1,12}( [A-Za-z]{1,12}){0,6}",
    ) {
        let Ok(_) = shape.mask(width, height) else { return Ok(()) };
        let p = puzzle(shape, width, height, &words, solution);
        let entries: Vec<(Heading, &Puzzle)> = (1..=count)
            .map(|n| (Heading { title: title.clone(), number: (count > 1).then_some(n) }, &p))
            .collect();
        for template in Template::shipped() {
            match layout::lay_out(&entries, &template, KeyPlacement::Auto) {
                Ok(output) => {
                    let documents = std::iter::once(&output.main).chain(output.extras.iter().map(|(_, d)| d));
                    for document in documents {
                        for page in &document.pages {
                            check_page(page, &template)?;
                            if let PageSize::Fixed { width, height } = template.page {
                                prop_assert!((page.trim.width - width).abs() < 1e-3);
                                prop_assert!((page.trim.height - height).abs() < 1e-3);
                            }
                        }
                    }
                }
                Err(e) => {
                    // Only big grids or long lists may fail, and the message says which
                    // template. (A 3×19 grid under a three-line title needs more than a
                    // half page, so "big" starts past 15 cells a side.)
                    prop_assert!(e.to_string().contains(&template.name), "{e}");
                    prop_assert!(width.max(height) > 15 || words.len() > 20, "{} refused {width}×{height}, {} words: {e}", template.name, words.len());
                }
            }
        }
    }
}

#[test]
fn shipped_templates_hold_a_15_by_15_puzzle_with_40_words() {
    let words: Vec<String> = (0..40).map(|i| format!("Seepferdchen{i}")).collect();
    let p = puzzle(Shape::Rectangle, 15, 15, &words, 12);
    let heading = Heading {
        title: "Test".into(),
        number: None,
    };
    for template in Template::shipped() {
        let result = layout::lay_out(&[(heading.clone(), &p)], &template, KeyPlacement::Auto);
        assert!(result.is_ok(), "{}: {:?}", template.name, result.err());
    }
}

/// A 5×5 word rectangle: five words across, five down.
fn word_rectangle() -> Puzzle {
    let rows = ["HEART", "EMBER", "ABUSE", "RESIN", "TREND"];
    let mut p = puzzle(Shape::Rectangle, 5, 5, &[], 0);
    p.grid = rows.iter().map(|r| r.chars().map(Some).collect()).collect();
    let word = |start: Pos, direction: Direction, text: String| PlacedWord {
        word: text.clone(),
        display: text,
        start,
        direction,
        vocabulary: "test".into(),
        clue: None,
        clue_edited: false,
    };
    p.words = (0..5)
        .map(|i| word(Pos::new(i, 0), Direction::E, rows[i].into()))
        .chain((0..5).map(|i| {
            let column: String = rows.iter().map(|r| r.as_bytes()[i] as char).collect();
            word(Pos::new(0, i), Direction::S, column)
        }))
        .collect();
    p.directions = DirectionSet::from_iter([Direction::E, Direction::S]);
    p.body = gridpress::model::Body::WordRectangle;
    p
}

#[test]
fn a_small_block_gets_write_in_cells_and_sits_a_little_above_the_middle() {
    let p = word_rectangle();
    let heading = Heading {
        title: "Wortblock".into(),
        number: None,
    };
    let a4 = Template::shipped()
        .into_iter()
        .find(|t| t.name == "a4")
        .unwrap();
    let out = layout::lay_out(&[(heading, &p)], &a4, KeyPlacement::NextPage).unwrap();
    for page in &out.main.pages {
        let grid = page.grid.expect("the page shows the block");
        // The word search maximum is 11 mm; a write-in block may take 16.
        assert!((grid.cell - 16.0).abs() < 0.01, "cell {}", grid.cell);
        let below_heading = page
            .items
            .iter()
            .map(extent)
            .filter(|a| a.y + a.height < grid.origin.y)
            .map(|a| a.y + a.height)
            .fold(0.0, f32::max);
        let block_end = page
            .items
            .iter()
            .map(extent)
            .map(|a| a.y + a.height)
            .fold(0.0, f32::max);
        let content_end = page.trim.y + page.trim.height - a4.margins.bottom;
        let (above, below) = (grid.origin.y - below_heading, content_end - block_end);
        assert!(
            above > 20.0 && below > 1.5 * above && below < 2.5 * above,
            "free space above {above} mm, below {below} mm"
        );
    }
}

/// An 18×18 grid whose bottom-right 9×9 quarter is restricted, with
/// `count` words of 8–13 letters.
fn ad_corner_puzzle(count: usize) -> Puzzle {
    let words: Vec<String> = (0..count)
        .map(|i| format!("Herbst{}", "x".repeat(i % 6) + &i.to_string()))
        .collect();
    let mut p = puzzle(Shape::Rectangle, 18, 18, &words, 0);
    p.mask.restrict(9, 9, 9, 9);
    for (r, row) in p.grid.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            if r >= 9 && c >= 9 {
                *cell = None;
            }
        }
    }
    p
}

#[test]
fn the_word_list_goes_into_the_restricted_area_when_it_fits_there() {
    let heading = Heading {
        title: "Herbst".into(),
        number: None,
    };
    for mut template in Template::shipped() {
        if template.page == PageSize::FitContent {
            continue;
        }
        template.word_list.position = layout::template::ListPosition::InRestrictedArea;
        // 23 words fit the 9×9 corner of every shipped page; 400 do not
        // and go below the grid (on A4; the other pages cannot hold them).
        for (count, inside) in [(23, true), (400, false)] {
            let p = ad_corner_puzzle(count);
            let page = match layout::puzzle_page(&p, &template, &heading, layout::Parts::PUZZLE) {
                // 400 words fit no page but A4's: the others say so.
                Err(_) if !inside && template.name != "a4" => continue,
                page => page.unwrap_or_else(|e| panic!("{}: {e:?}", template.name)),
            };
            let frame = page.grid.expect("a grid");
            let area = Area::new(
                frame.origin.x + 9.0 * frame.cell,
                frame.origin.y + 9.0 * frame.cell,
                9.0 * frame.cell,
                9.0 * frame.cell,
            );
            let grid_bottom = frame.origin.y + 18.0 * frame.cell;
            let listed: Vec<Area> = page
                .items
                .iter()
                .filter(|i| matches!(i, Item::Text { text, .. } if text.starts_with("Herbst") && text.len() > 6))
                .map(extent)
                .collect();
            assert_eq!(listed.len(), count, "{}: every word listed", template.name);
            for e in &listed {
                let within = e.x >= area.x
                    && e.y >= area.y
                    && e.x + e.width <= area.x + area.width
                    && e.y + e.height <= area.y + area.height;
                assert_eq!(
                    within, inside,
                    "{} ({count} words): {e:?} in {area:?}",
                    template.name
                );
                if !inside {
                    assert!(e.y >= grid_bottom, "{}: below the grid", template.name);
                }
            }
        }
    }
}

/// Issue 36: a bound booklet's pages keep the gutter beside the fold
/// (left on right-hand pages, right on left-hand ones) and number their
/// pages in the outer corners; keys at the back are numbered on.
#[test]
fn booklet_pages_alternate_their_gutter_and_are_numbered() {
    let words: Vec<String> = (0..20).map(|i| format!("Word{i}")).collect();
    let p = puzzle(Shape::Rectangle, 12, 12, &words, 0);
    let entries: Vec<(Heading, &Puzzle)> = (1..=3)
        .map(|n| {
            (
                Heading {
                    title: "Booklet".into(),
                    number: Some(n),
                },
                &p,
            )
        })
        .collect();
    for name in ["booklet-a5", "booklet-6x9"] {
        let template = Template::find(name).unwrap();
        assert!(template.gutter > 0.0 && template.page_numbers);
        let out = layout::lay_out(&entries, &template, KeyPlacement::Auto).unwrap();
        // Three puzzles and their keys collected behind them.
        assert_eq!(out.main.pages.len(), 4, "{name}");
        let leftmost = |page: &Page| {
            // Crop marks stand outside the trimmed page.
            page.items
                .iter()
                .map(extent)
                .filter(|a| page.trim.grown(0.01).contains(a))
                .map(|a| a.x - page.trim.x)
                .fold(f32::INFINITY, f32::min)
        };
        let m = template.margins;
        for (index, page) in out.main.pages.iter().enumerate() {
            let right_hand = index % 2 == 0;
            // The grid is centred in the type area: its left edge moves by
            // the gutter between right- and left-hand pages.
            let left = leftmost(page);
            if right_hand {
                assert!(
                    left >= m.left + template.gutter - 1.0,
                    "{name} page {}: {left}",
                    index + 1
                );
            } else {
                assert!(left >= m.left - 1.0, "{name} page {}: {left}", index + 1);
            }
            let number = (index + 1).to_string();
            let folio = page
                .items
                .iter()
                .find(|i| matches!(i, Item::Text { text, .. } if *text == number))
                .map(extent)
                .unwrap_or_else(|| panic!("{name}: page {} has no number", index + 1));
            let middle = page.trim.x + page.trim.width / 2.0;
            assert_eq!(
                folio.x > middle,
                right_hand,
                "{name}: number {number} not outside"
            );
            assert!(
                folio.y > page.trim.bottom() - m.bottom,
                "{name}: number {number} not at the foot"
            );
        }
        let first = leftmost(&out.main.pages[0]);
        let second = leftmost(&out.main.pages[1]);
        assert!(
            (first - second - template.gutter).abs() < 0.01,
            "{name}: {first} against {second}"
        );
    }
}
