use gridpress::model::thesaurus::{OPENTHESAURUS_PATH, import_any};
use gridpress::model::{Language, PuzzleKind};
use gridpress::project::Project;
fn main() {
    let text = std::fs::read_to_string(OPENTHESAURUS_PATH).unwrap();
    let mut vocabulary = import_any(&text, "thesaurus").vocabulary;
    vocabulary.name = "Thesaurus".into();
    let mut p = Project::sample();
    p.name = "Schwedenrätsel".into();
    p.language = Language::German;
    p.vocabularies = vec![vocabulary];
    p.exclusion_groups.clear();
    p.grid.width = 13;
    p.grid.height = 17;
    p.generator.kind = PuzzleKind::Swedish;
    p.generator.seed = 4;
    p.generator.pick = None;
    p.generator.solution = None;
    p.template = Some("magazine".into());
    let puzzles = gridpress::make::make(&p, &Default::default(), |_, _| {}).unwrap();
    p.generated = Some(gridpress::export::json::puzzles_to_string(&puzzles));
    p.save(std::path::Path::new("/tmp/swedish-de.ron")).unwrap();
}
