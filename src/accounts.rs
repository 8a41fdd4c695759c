//! The command line's account and demo-data commands: `create-user`, `seed-demo` and the
//! load-test accounts. Accounts are made by `services::accounts`, as registration makes them.

use anyhow::Context;

use crate::{
    auth::hash_password,
    db::Db,
    domain::{Email, NewPassword, PersonName, ProfileFields, UserType},
    services::accounts::{self, NewAccount},
    store::{self, users::NewUser},
};

/// Creates an active account; the only way (with the admin panel) to make a supervisor.
pub async fn create_active_user(
    db: &Db,
    user_type: UserType,
    email: &str,
    name: &str,
    password: &str,
) -> anyhow::Result<i64> {
    let account = NewAccount {
        email: Email::parse(email).with_context(|| format!("cannot use {email:?}"))?,
        name: PersonName::parse(name)?,
        password: NewPassword::parse(password, "password")?,
        user_type,
        profile: ProfileFields::default(),
    };
    Ok(accounts::create_active(db, account).await?)
}

pub struct DemoAccount {
    pub user_type: UserType,
    pub email: &'static str,
    pub name: &'static str,
    pub created: bool,
}

/// One active demo account per role, created when missing. Their password is
/// `LAMSA_DEMO_PASSWORD` (the README names the default); demo data is for trying Lamsa out.
pub async fn seed_demo(db: &Db, password: &str) -> anyhow::Result<Vec<DemoAccount>> {
    let wanted = [
        (UserType::Student, "student@lamsa.local", "سارة الطالبة"),
        (UserType::Instructor, "instructor@lamsa.local", "أحمد المدرّب"),
        (UserType::Supervisor, "supervisor@lamsa.local", "منى المشرفة"),
    ];
    let mut out = Vec::new();
    for (user_type, email, name) in wanted {
        let created = if store::users::by_email(db, email).await?.is_none() {
            create_active_user(db, user_type, email, name, password).await?;
            true
        } else {
            false
        };
        out.push(DemoAccount { user_type, email, name, created });
    }
    Ok(out)
}

/// Load-test accounts: one supervisor and `count` students (`load-00001@loadtest.local`…),
/// created when missing with one shared password hash (hashing 15,000 passwords would take
/// minutes and is not what is being measured). Returns (id, email, type) in order.
pub async fn loadtest_users(db: &Db, count: usize, password: &str) -> anyhow::Result<Vec<(i64, String, UserType)>> {
    let hash = hash_password(password.to_string()).await?;
    let mut wanted = vec![("load-supervisor@loadtest.local".to_string(), UserType::Supervisor)];
    wanted.extend((1..=count).map(|i| (format!("load-{i:05}@loadtest.local"), UserType::Student)));
    let mut out = Vec::with_capacity(wanted.len());
    let (mut tx, _turn) = crate::db::begin_write(db).await?;
    for (email, user_type) in wanted {
        let id = match store::users::id_by_email(&mut *tx, &email).await? {
            Some(id) => id,
            None => {
                let name =
                    if user_type == UserType::Supervisor { "Load supervisor".to_string() } else { email.clone() };
                store::users::insert(
                    &mut *tx,
                    NewUser {
                        email: &email,
                        name: &name,
                        password_hash: &hash,
                        user_type,
                        active: true,
                        profile: ProfileFields::default(),
                    },
                )
                .await?
            }
        };
        out.push((id, email, user_type));
    }
    tx.commit().await?;
    Ok(out)
}

/// The demo courses: one Arabic and one English uncontracted, one English contracted whose
/// lessons introduce a few contractions each; made of lessons whose letter tables and words
/// the Braille engine turns into cells. Created once, the way people make a course: the demo
/// instructor writes it and asks for accreditation, the demo supervisor approves it (so it is
/// checked, audited and its notifications stored like any other course's).
pub async fn seed_demo_courses(
    db: &Db,
    realtime: &crate::realtime::Realtime,
    bands: &crate::domain::assessment_grading::GradeBands,
) -> anyhow::Result<Vec<String>> {
    use crate::{
        auth::AuthUser,
        domain::course::{ChapterInput, CourseInput, LessonInput},
        services::courses::{self, CourseRequest, Decision},
    };
    let Some(instructor) = store::users::by_email(db, "instructor@lamsa.local").await? else { return Ok(vec![]) };
    let Some(supervisor) = store::users::by_email(db, "supervisor@lamsa.local").await? else { return Ok(vec![]) };
    let (instructor, supervisor) =
        (AuthUser::acting(instructor.id, UserType::Instructor), AuthUser::acting(supervisor.id, UserType::Supervisor));
    let existing = store::courses::by_instructor(db, instructor.id).await?;
    let lesson = |title: &str, description: &str, rule: &str, letters: &[&str], words: &[&str]| LessonInput {
        id: None,
        media: vec![],
        title: title.into(),
        description: description.into(),
        rule: rule.into(),
        letters: letters.iter().map(|s| s.to_string()).collect(),
        words: words.iter().map(|s| s.to_string()).collect(),
        links: vec![],
        contractions: vec![],
    };
    let contracted = |title: &str, description: &str, rule: &str, ids: &[&str], words: &[&str]| LessonInput {
        contractions: ids.iter().map(|s| s.to_string()).collect(),
        ..lesson(title, description, rule, &[], words)
    };
    let courses = [
        CourseInput {
            title: "حروف برايل العربية: من الألف إلى الدال".into(),
            course_type: "قراءة برايل".into(),
            duration_days: 14,
            description: "دورة للمبتدئين تعرّفك بخلية برايل وبأول حروف الأبجدية العربية، مع كلمات قصيرة للتدريب على القراءة والكتابة.".into(),
            category: "letters".into(),
            level: "beginner".into(),
            language: "ar".into(),
            braille_grade: 1,
            image_media_id: None,
            chapters: vec![
                ChapterInput {
                    id: None,
                    title: "الخلية والحروف الأولى".into(),
                    description: "النقاط الست وحروف أ ب ت ث".into(),
                    lessons: vec![
                        lesson("الألف والباء", "نتعرّف على حرفين يُكتبان في العمود الأيسر من الخلية.", "الألف نقطة واحدة (1)، والباء نقطتان (1 2).", &["ا", "ب"], &["باب", "أب"]),
                        lesson("التاء والثاء", "حرفان متقاربان في الشكل.", "التاء (2 3 4 5)، والثاء (1 4 5 6).", &["ت", "ث"], &["بث", "تاب"]),
                    ],
                },
                ChapterInput {
                    id: None,
                    title: "الجيم والحاء والخاء والدال".into(),
                    description: "أربعة حروف جديدة وكلمات قصيرة".into(),
                    lessons: vec![lesson("ج ح خ د", "نكمل الحروف ونقرأ كلمات منها.", "انتبه إلى الفرق بين الحاء والخاء.", &["ج", "ح", "خ", "د"], &["جد", "بحث", "دجاج"])],
                },
            ],
        },
        CourseInput {
            title: "Braille letters A–J".into(),
            course_type: "Braille reading".into(),
            duration_days: 10,
            description: "A first course in Unified English Braille: the six-dot cell and the letters a to j, which use only the top four dots.".into(),
            category: "letters".into(),
            level: "beginner".into(),
            language: "en".into(),
            braille_grade: 1,
            image_media_id: None,
            chapters: vec![ChapterInput {
                    id: None,
                title: "The top four dots".into(),
                description: "Letters a to j".into(),
                lessons: vec![
                    lesson("a to e", "The first five letters.", "a is dot 1, b is dots 1 2, c is dots 1 4, d is dots 1 4 5, e is dots 1 5.", &["a", "b", "c", "d", "e"], &["bad", "cab", "bead"]),
                    lesson("f to j", "The next five letters.", "f is dots 1 2 4, g is 1 2 4 5, h is 1 2 5, i is 2 4, j is 2 4 5.", &["f", "g", "h", "i", "j"], &["jig", "hide", "fig"]),
                ],
            }],
        },
        CourseInput {
            title: "Contracted Braille: first wordsigns".into(),
            course_type: "Braille reading".into(),
            duration_days: 21,
            description: "Unified English Braille grade 2, a few contractions at a time: the strong contractions and the first alphabetic wordsigns. Each lesson's words use only what you have learnt so far.".into(),
            category: "contractions".into(),
            level: "intermediate".into(),
            language: "en".into(),
            braille_grade: 2,
            image_media_id: None,
            chapters: vec![ChapterInput {
                id: None,
                title: "Strong contractions".into(),
                description: "and, for, of, the, with".into(),
                lessons: vec![
                    contracted("the and and", "Two contractions that are written anywhere, even inside a word.", "the is dots 2 3 4 6; and is dots 1 2 3 4 6.", &["en:the", "en:and"], &["the", "and", "then", "band"]),
                    contracted("for, of, with", "Three more strong contractions.", "for is all six dots; of is dots 1 2 3 5 6; with is dots 2 3 4 5 6.", &["en:for", "en:of", "en:with"], &["for the", "out of", "with them", "fort"]),
                    contracted("but, can, do", "A letter standing alone is a whole word.", "b alone is but, c alone is can, d alone is do.", &["en:but", "en:can", "en:do"], &["but", "can do", "b"]),
                ],
            }],
        },
    ];
    let mut made = Vec::new();
    for input in courses {
        if existing.iter().any(|c| c.title == input.title) {
            continue;
        }
        let title = input.title.clone();
        let course = courses::create(db, bands, instructor, input).await.context("a demo course is invalid")?;
        courses::file_request(db, realtime, bands, instructor, course.course.id, CourseRequest::Accreditation).await?;
        let request = courses::requests(db, "accreditation", "pending")
            .await?
            .into_iter()
            .find(|r| r.course_id == course.course.id)
            .context("the demo course's accreditation request")?;
        courses::decide(db, realtime, supervisor, request.id, Decision::Approve).await?;
        made.push(title);
    }
    Ok(made)
}

/// Two demo news items, published by the demo supervisor through the same service the admin
/// site uses (audited like any other), so the home page and the news list show what they do.
/// Created once (by slug).
pub async fn seed_demo_news(db: &Db) -> anyhow::Result<Vec<String>> {
    use crate::{auth::AuthUser, domain::news::NewsInput, services::news};
    let Some(supervisor) = store::users::by_email(db, "supervisor@lamsa.local").await? else { return Ok(vec![]) };
    let items = [
        (
            "demo-new-courses",
            "دورات جديدة في برايل العربي والإنجليزي",
            "New courses in Arabic and English Braille",
            "افتتحت الجمعية **ثلاث دورات** للمبتدئين: حروف برايل العربية، وحروف برايل الإنجليزية من A إلى J، وأولى اختصارات برايل المختصر. سجّل في أيّ منها من صفحة الدورات.",
            "The society has opened **three courses** for beginners: Arabic Braille letters, English Braille letters A to J, and the first contractions of grade 2 Braille. Enrol in any of them from the courses page.",
        ),
        (
            "demo-practice-keyboard",
            "تدرّب على لوحة المفاتيح السداسية",
            "Practise on the six-key keyboard",
            "صفحة التدريب تعرض عليك كل يوم الحروف التي حان وقت مراجعتها. اكتبها بالمفاتيح F وD وS وJ وK وL كما تكتب على آلة بيركنز.",
            "The practice page shows you each day the letters that are due for review. Type them with the F, D, S, J, K and L keys, as on a Perkins brailler.",
        ),
    ];
    let mut made = Vec::new();
    for (slug, title_ar, title_en, body_ar, body_en) in items {
        if news::public(db, slug).await.is_ok() {
            continue;
        }
        let input = NewsInput {
            slug: Some(slug.into()),
            title_ar: title_ar.into(),
            title_en: title_en.into(),
            body_md_ar: body_ar.into(),
            body_md_en: body_en.into(),
            image_media_id: None,
            image_alt_ar: None,
            image_alt_en: None,
            link: None,
            state: "published".into(),
            publish_at: None,
        };
        let content = input.parse().with_context(|| format!("demo news {slug}"))?;
        news::create(db, AuthUser::acting(supervisor.id, UserType::Supervisor), content).await?;
        made.push(title_en.to_string());
    }
    Ok(made)
}

/// The demo logo: an image of our own (two Braille cells and a stripe), plainly no society's.
const DEMO_LOGO: &[u8] = include_bytes!("../assets/demo/example-logo.png");

/// Example site settings for the demo (issue 23), with one logo uploaded as the demo
/// supervisor's; only while every setting is unset. Returns whether it wrote them.
pub async fn seed_demo_site(db: &Db, media_dir: &std::path::Path) -> anyhow::Result<bool> {
    if store::site::get(db).await? != crate::domain::site::SiteSettings::default() {
        return Ok(false);
    }
    let owner = store::users::by_email(db, "supervisor@lamsa.local").await?;
    let logo = match owner {
        Some(owner) => {
            std::fs::create_dir_all(media_dir).with_context(|| format!("cannot create {}", media_dir.display()))?;
            let stored = "demo-example-logo.png";
            std::fs::write(media_dir.join(stored), DEMO_LOGO).context("cannot write the demo logo")?;
            let new = store::media::NewMedia {
                owner: owner.id,
                kind: crate::domain::media::MediaKind::Image,
                name: "example-logo.png",
                stored,
                content_type: "image/png",
                size: DEMO_LOGO.len() as i64,
            };
            Some(store::media::insert(db, &new).await?)
        }
        None => None,
    };
    Ok(crate::services::site::seed_demo(db, logo).await?)
}
