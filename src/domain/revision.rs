//! Course revisions (issue 23): the difference between a live course and the working copy an
//! instructor asks a supervisor to approve, item by item (the course's own fields, chapters,
//! lessons, assessments, questions): what was added, removed or changed, and for a change
//! which fields, before and after. Pure: the store reads both versions into [`Version`]s.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What kind of thing a change is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    Course,
    Chapter,
    Lesson,
    Assessment,
    Question,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChangeKind {
    Added,
    Removed,
    Changed,
}

/// One field of an item, before and after (empty when the item did not exist on that side).
/// `field` is a code the interface names in its language: `title`, `description`, `rule`,
/// `letters`, `words`, `links`, `media`, `contractions`, `position`, `chapter`, `type`,
/// `duration_days`, `category`, `level`, `language`, `braille_grade`, `image`, `kind`,
/// `placement`, `pass_mark`, `max_attempts`, `prompt`, `points`, `body`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct FieldChange {
    pub field: String,
    pub before: String,
    pub after: String,
}

/// One added, removed or changed item.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Change {
    pub item: ItemKind,
    pub change: ChangeKind,
    /// The item's title (its new one when it has one).
    pub title: String,
    /// Where it is: a lesson's chapter, a question's assessment.
    #[schema(required)]
    pub within: Option<String>,
    pub fields: Vec<FieldChange>,
}

/// What a revision changes, in the course's order; empty when it changes nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Difference {
    pub changes: Vec<Change>,
}

impl Difference {
    /// How many fields change in all: what makes a small revision small.
    pub fn size(&self) -> usize {
        self.changes.iter().map(|c| c.fields.len().max(1)).sum()
    }
}

/// One item of a version. `key` pairs it with its counterpart: the live row's id on both sides
/// (a revision row's `origin_id`); `None` for a row the revision adds.
#[derive(Clone, Debug)]
pub struct Item {
    pub key: Option<i64>,
    /// This row's own id (to find its children).
    pub id: i64,
    /// Its parent's own id (a lesson's chapter, a question's assessment); `None` at the top.
    pub parent: Option<i64>,
    pub title: String,
    /// Shown fields, in order; `title` is compared too.
    pub fields: Vec<(&'static str, String)>,
}

/// A course as the supervisor compares it: the course's fields and its items by kind, each
/// list in the course's order.
#[derive(Clone, Debug, Default)]
pub struct Version {
    pub title: String,
    pub fields: Vec<(&'static str, String)>,
    pub chapters: Vec<Item>,
    pub lessons: Vec<Item>,
    pub assessments: Vec<Item>,
    pub questions: Vec<Item>,
}

/// Pairs and compares two lists of items of one kind. `parents_*` give a parent id's key and
/// title on each side, so a lesson moved to another chapter shows as a change of `chapter`.
fn compare(
    kind: ItemKind,
    live: &[Item],
    revised: &[Item],
    live_parents: &HashMap<i64, (Option<i64>, String)>,
    revised_parents: &HashMap<i64, (Option<i64>, String)>,
    out: &mut Vec<Change>,
) {
    let parent_key = |parents: &HashMap<i64, (Option<i64>, String)>, id: Option<i64>| {
        id.and_then(|p| parents.get(&p)).map(|(k, t)| (*k, t.clone()))
    };
    let revised_keys: HashSet<i64> = revised.iter().filter_map(|i| i.key).collect();
    let live_by_key: HashMap<i64, &Item> = live.iter().map(|i| (i.id, i)).collect();
    // Order among the items both sides have, per parent: a move up or down is a change.
    let rank = |items: &[Item], paired: &dyn Fn(&Item) -> bool, parents: &HashMap<i64, (Option<i64>, String)>| {
        let mut seen: HashMap<Option<Option<i64>>, usize> = HashMap::new();
        let mut ranks: HashMap<i64, usize> = HashMap::new();
        for item in items.iter().filter(|i| paired(i)) {
            let group = parent_key(parents, item.parent).map(|(k, _)| k);
            let n = seen.entry(group).or_insert(0);
            *n += 1;
            ranks.insert(item.key.unwrap_or(item.id), *n);
        }
        ranks
    };
    // Ranked among the items that stay under the same parent, so a lesson moving to another
    // chapter does not count as a move of its old and new neighbours.
    let live_groups: HashMap<i64, Option<Option<i64>>> =
        live.iter().map(|i| (i.id, parent_key(live_parents, i.parent).map(|(k, _)| k))).collect();
    let stayed: HashSet<i64> = revised
        .iter()
        .filter_map(|i| {
            let key = i.key?;
            let group = parent_key(revised_parents, i.parent).map(|(k, _)| k);
            (live_groups.get(&key) == Some(&group)).then_some(key)
        })
        .collect();
    let live_ranks = rank(live, &|i: &Item| stayed.contains(&i.id), live_parents);
    let revised_ranks = rank(revised, &|i: &Item| i.key.is_some_and(|k| stayed.contains(&k)), revised_parents);
    for item in revised {
        let within = parent_key(revised_parents, item.parent).map(|(_, t)| t);
        match item.key.and_then(|k| live_by_key.get(&k)) {
            None => out.push(Change {
                item: kind,
                change: ChangeKind::Added,
                title: item.title.clone(),
                within,
                fields: item
                    .fields
                    .iter()
                    .filter(|(_, v)| !v.is_empty())
                    .map(|(f, v)| FieldChange { field: f.to_string(), before: String::new(), after: v.clone() })
                    .collect(),
            }),
            Some(old) => {
                let mut fields = Vec::new();
                if old.title != item.title {
                    fields.push(FieldChange {
                        field: "title".into(),
                        before: old.title.clone(),
                        after: item.title.clone(),
                    });
                }
                for (f, after) in &item.fields {
                    let before = old.fields.iter().find(|(g, _)| g == f).map(|(_, v)| v.clone()).unwrap_or_default();
                    if &before != after {
                        fields.push(FieldChange { field: f.to_string(), before, after: after.clone() });
                    }
                }
                let old_parent = parent_key(live_parents, old.parent);
                let new_parent = parent_key(revised_parents, item.parent);
                if old_parent.as_ref().map(|p| p.0) != new_parent.as_ref().map(|p| p.0) {
                    fields.push(FieldChange {
                        field: if kind == ItemKind::Question { "assessment" } else { "chapter" }.into(),
                        before: old_parent.map(|p| p.1).unwrap_or_default(),
                        after: new_parent.map(|p| p.1).unwrap_or_default(),
                    });
                } else {
                    let key = old.id;
                    let (before, after) = (live_ranks.get(&key), revised_ranks.get(&key));
                    if before != after {
                        fields.push(FieldChange {
                            field: "position".into(),
                            before: before.map(|n| n.to_string()).unwrap_or_default(),
                            after: after.map(|n| n.to_string()).unwrap_or_default(),
                        });
                    }
                }
                if !fields.is_empty() {
                    out.push(Change {
                        item: kind,
                        change: ChangeKind::Changed,
                        title: item.title.clone(),
                        within,
                        fields,
                    });
                }
            }
        }
    }
    for old in live.iter().filter(|i| !revised_keys.contains(&i.id)) {
        out.push(Change {
            item: kind,
            change: ChangeKind::Removed,
            title: old.title.clone(),
            within: parent_key(live_parents, old.parent).map(|(_, t)| t),
            fields: old
                .fields
                .iter()
                .filter(|(_, v)| !v.is_empty())
                .map(|(f, v)| FieldChange { field: f.to_string(), before: v.clone(), after: String::new() })
                .collect(),
        });
    }
}

fn parents(items: &[Item]) -> HashMap<i64, (Option<i64>, String)> {
    items.iter().map(|i| (i.id, (Some(i.key.unwrap_or(-i.id)), i.title.clone()))).collect()
}

/// What `revised` changes in `live`.
pub fn difference(live: &Version, revised: &Version) -> Difference {
    let mut changes = Vec::new();
    let mut fields = Vec::new();
    if live.title != revised.title {
        fields.push(FieldChange { field: "title".into(), before: live.title.clone(), after: revised.title.clone() });
    }
    for (f, after) in &revised.fields {
        let before = live.fields.iter().find(|(g, _)| g == f).map(|(_, v)| v.clone()).unwrap_or_default();
        if &before != after {
            fields.push(FieldChange { field: f.to_string(), before, after: after.clone() });
        }
    }
    if !fields.is_empty() {
        changes.push(Change {
            item: ItemKind::Course,
            change: ChangeKind::Changed,
            title: revised.title.clone(),
            within: None,
            fields,
        });
    }
    let none = HashMap::new();
    compare(ItemKind::Chapter, &live.chapters, &revised.chapters, &none, &none, &mut changes);
    let (lc, rc) = (parents(&live.chapters), parents(&revised.chapters));
    compare(ItemKind::Lesson, &live.lessons, &revised.lessons, &lc, &rc, &mut changes);
    compare(ItemKind::Assessment, &live.assessments, &revised.assessments, &none, &none, &mut changes);
    let (la, ra) = (parents(&live.assessments), parents(&revised.assessments));
    compare(ItemKind::Question, &live.questions, &revised.questions, &la, &ra, &mut changes);
    Difference { changes }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(key: Option<i64>, id: i64, parent: Option<i64>, title: &str, description: &str) -> Item {
        Item { key, id, parent, title: title.into(), fields: vec![("description", description.into())] }
    }

    fn live() -> Version {
        Version {
            title: "Braille".into(),
            fields: vec![("level", "beginner".into())],
            chapters: vec![item(Some(1), 1, None, "One", "a"), item(Some(2), 2, None, "Two", "b")],
            lessons: vec![
                item(Some(10), 10, Some(1), "Alif", "one dot"),
                item(Some(11), 11, Some(1), "Ba", "two dots"),
                item(Some(12), 12, Some(2), "Ta", "four dots"),
            ],
            ..Version::default()
        }
    }

    /// The revision's copy of `live`: new ids, keys naming the live rows.
    fn copy() -> Version {
        let mut v = live();
        for c in v.chapters.iter_mut() {
            c.id += 100;
        }
        for l in v.lessons.iter_mut() {
            l.id += 100;
            l.parent = l.parent.map(|p| p + 100);
        }
        v
    }

    #[test]
    fn an_unchanged_copy_differs_in_nothing() {
        assert_eq!(difference(&live(), &copy()), Difference::default());
    }

    #[test]
    fn a_typo_fix_is_one_small_change() {
        let mut r = copy();
        r.lessons[1].fields[0].1 = "dots one and two".into();
        let d = difference(&live(), &r);
        assert_eq!(d.changes.len(), 1);
        let c = &d.changes[0];
        assert_eq!(
            (c.item, c.change, c.title.as_str(), c.within.as_deref()),
            (ItemKind::Lesson, ChangeKind::Changed, "Ba", Some("One"))
        );
        assert_eq!(
            c.fields,
            vec![FieldChange {
                field: "description".into(),
                before: "two dots".into(),
                after: "dots one and two".into()
            }]
        );
        assert_eq!(d.size(), 1);
    }

    #[test]
    fn additions_removals_moves_and_course_fields() {
        let mut r = copy();
        r.title = "Arabic Braille".into();
        r.lessons.remove(2); // Ta removed
        r.lessons.push(item(None, 500, Some(102), "Tha", "new"));
        r.lessons.swap(0, 1); // Ba before Alif
        let d = difference(&live(), &r);
        let kinds: Vec<(ItemKind, ChangeKind, &str)> =
            d.changes.iter().map(|c| (c.item, c.change, c.title.as_str())).collect();
        assert_eq!(
            kinds,
            vec![
                (ItemKind::Course, ChangeKind::Changed, "Arabic Braille"),
                (ItemKind::Lesson, ChangeKind::Changed, "Ba"),
                (ItemKind::Lesson, ChangeKind::Changed, "Alif"),
                (ItemKind::Lesson, ChangeKind::Added, "Tha"),
                (ItemKind::Lesson, ChangeKind::Removed, "Ta"),
            ]
        );
        assert_eq!(d.changes[1].fields[0].field, "position");
        assert_eq!(d.changes[3].within.as_deref(), Some("Two"));
        assert_eq!(d.changes[4].fields[0].before, "four dots");
    }

    #[test]
    fn a_lesson_moved_to_another_chapter_names_both() {
        let mut r = copy();
        r.lessons[0].parent = Some(102);
        let d = difference(&live(), &r);
        assert_eq!(d.changes.len(), 1);
        assert_eq!(
            d.changes[0].fields,
            vec![FieldChange { field: "chapter".into(), before: "One".into(), after: "Two".into() }]
        );
    }
}
