//! The printable certificate: one A4 landscape page in Arabic and English.
//!
//! printpdf draws text unshaped and in logical order, which leaves Arabic disconnected and
//! backwards. So every line is split into bidi runs (unicode-bidi), each run is shaped by
//! rustybuzz in its own direction, and printpdf is given the shaped glyph ids at the positions
//! rustybuzz computed. Each glyph carries the text of its cluster for the PDF's ToUnicode map,
//! so the page's text can be searched and extracted in logical order (`pdftotext`). The QR code
//! and the Braille cells are vector shapes.

use std::{
    path::{Path, PathBuf},
    sync::{Arc, Mutex},
};

use printpdf::{
    Codepoint, Color, FontId, LinePoint, Mm, Op, PaintMode, ParsedFont, PdfDocument, PdfFontHandle, PdfPage,
    PdfSaveOptions, Point, Polygon, PolygonRing, Pt, Rect, Rgb, TextItem, TextMatrix, WindingOrder,
};
use rustybuzz::{Direction, Face, UnicodeBuffer};
use unicode_bidi::BidiInfo;

use super::qr::Modules;
use crate::{
    domain::{
        assessment_grading::GradeBand,
        certificate::{arabic_days, english_days},
    },
    i18n::Lang,
};

const PAGE_W: f32 = 297.0;
const PAGE_H: f32 = 210.0;
const CENTRE: f32 = PAGE_W / 2.0;
/// Widest a centred line may be before its size is reduced to fit.
const TEXT_WIDTH: f32 = 245.0;

#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error(
        "the certificate font {path} cannot be read (LAMSA_CERT_FONT; unset, the built-in Amiri is used): {source}"
    )]
    FontMissing { path: PathBuf, source: std::io::Error },
    #[error("the certificate font {0} is not a TrueType/OpenType font")]
    FontInvalid(PathBuf),
    #[error("the certificate font {0} lacks Arabic or Latin letters; it needs both (Amiri has them)")]
    FontIncomplete(PathBuf),
}

/// Amiri Regular (SIL Open Font License 1.1, `assets/fonts/OFL.txt`), built into the binary:
/// the certificate font when `LAMSA_CERT_FONT` is unset, so PDFs work with nothing installed.
pub static BUILT_IN_FONT: &[u8] = include_bytes!("../../assets/fonts/Amiri-Regular.ttf");

/// The font, read once and kept: parsing it costs more than drawing a page.
pub struct CertificateFont {
    bytes: Vec<u8>,
    parsed: ParsedFont,
}

impl CertificateFont {
    pub fn load(path: &Path) -> Result<CertificateFont, PdfError> {
        let bytes = std::fs::read(path).map_err(|source| PdfError::FontMissing { path: path.to_path_buf(), source })?;
        CertificateFont::from_bytes(bytes, path)
    }

    /// The built-in Amiri.
    pub fn built_in() -> Result<CertificateFont, PdfError> {
        CertificateFont::from_bytes(BUILT_IN_FONT.to_vec(), Path::new("(built-in Amiri)"))
    }

    fn from_bytes(bytes: Vec<u8>, path: &Path) -> Result<CertificateFont, PdfError> {
        let parsed = ParsedFont::from_bytes(&bytes, 0, &mut Vec::new())
            .ok_or_else(|| PdfError::FontInvalid(path.to_path_buf()))?;
        if Face::from_slice(&bytes, 0).is_none() {
            return Err(PdfError::FontInvalid(path.to_path_buf()));
        }
        // printpdf has no fallback font: a font without both scripts would leave holes.
        if "بA".chars().any(|c| parsed.lookup_glyph_index(c as u32).is_none()) {
            return Err(PdfError::FontIncomplete(path.to_path_buf()));
        }
        Ok(CertificateFont { bytes, parsed })
    }
}

/// Loads the font on first use and keeps it; a failure is not kept, so installing the font
/// fixes a running server. `None`: the built-in Amiri.
pub struct FontCache {
    path: Option<PathBuf>,
    loaded: Mutex<Option<Arc<CertificateFont>>>,
}

impl FontCache {
    pub fn new(path: Option<PathBuf>) -> FontCache {
        FontCache { path, loaded: Mutex::new(None) }
    }

    /// Blocking (reads and parses the file): call it off the async runtime.
    pub fn get(&self) -> Result<Arc<CertificateFont>, PdfError> {
        let mut loaded = self.loaded.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(font) = loaded.as_ref() {
            return Ok(font.clone());
        }
        let font = Arc::new(match &self.path {
            Some(path) => CertificateFont::load(path)?,
            None => CertificateFont::built_in()?,
        });
        *loaded = Some(font.clone());
        Ok(font)
    }
}

/// What the page shows.
pub struct CertificatePage<'a> {
    pub code: &'a str,
    pub student_name: &'a str,
    pub course_title: &'a str,
    pub issued_at_ms: i64,
    pub duration_days: i64,
    pub percent: Option<f64>,
    pub grade: Option<GradeBand>,
    pub verify_url: &'a str,
    pub revoked: bool,
    /// The society that issues it, in Arabic and English (site settings; "لمسة", "Lamsa" while unset).
    pub society_ar: &'a str,
    pub society_en: &'a str,
}

/// The certificate as PDF bytes.
pub fn render(font: &CertificateFont, c: &CertificatePage) -> Result<Vec<u8>, PdfError> {
    let mut doc = PdfDocument::new(&format!("Lamsa certificate {}", c.code));
    let font_id = doc.add_font(&font.parsed);
    let face = Face::from_slice(&font.bytes, 0).ok_or_else(|| PdfError::FontInvalid(PathBuf::new()))?;
    let mut page = Page { ops: Vec::new(), font_id, shaper: Shaper { face, font: &font.parsed } };
    page.draw(c);
    let ops = std::mem::take(&mut page.ops);
    doc.with_pages(vec![PdfPage::new(Mm(PAGE_W), Mm(PAGE_H), ops)]);
    Ok(doc.save(&PdfSaveOptions::default(), &mut Vec::new()))
}

const INK: (f32, f32, f32) = (0.08, 0.15, 0.28);
const MUTED: (f32, f32, f32) = (0.30, 0.34, 0.40);
const ACCENT: (f32, f32, f32) = (0.55, 0.42, 0.12);
const RED: (f32, f32, f32) = (0.70, 0.05, 0.05);
const FAINT: (f32, f32, f32) = (0.78, 0.78, 0.78);

fn color((r, g, b): (f32, f32, f32)) -> Color {
    Color::Rgb(Rgb { r, g, b, icc_profile: None })
}

#[derive(Clone, Copy)]
enum Align {
    Left,
    Centre,
    Right,
}

struct Page<'f> {
    ops: Vec<Op>,
    font_id: FontId,
    shaper: Shaper<'f>,
}

/// Millimetres from the top of the page to PDF points from the bottom.
fn y_pt(from_top: f32) -> Pt {
    Pt::from(Mm(PAGE_H - from_top))
}

fn x_pt(mm: f32) -> Pt {
    Pt::from(Mm(mm))
}

impl Page<'_> {
    fn draw(&mut self, c: &CertificatePage) {
        self.frame();
        if c.revoked {
            self.text("هذه الشهادة ملغاة · This certificate has been revoked", 14.0, CENTRE, 23.0, Align::Centre, RED);
        } else {
            let society = format!("{} · {}", c.society_ar, c.society_en);
            // A long name (up to 200 characters in each language) gets smaller type to fit the line.
            let size = match society.chars().count() {
                0..=90 => 12.0,
                91..=140 => 9.0,
                _ => 6.5,
            };
            self.text(&society, size, CENTRE, 23.0, Align::Centre, ACCENT);
        }
        self.text("شهادة إتمام", 30.0, CENTRE, 39.0, Align::Centre, INK);
        self.text("Certificate of Completion", 20.0, CENTRE, 50.0, Align::Centre, INK);
        self.text("تُمنح هذه الشهادة إلى", 13.0, CENTRE, 61.0, Align::Centre, MUTED);
        self.text("This certificate is awarded to", 11.0, CENTRE, 68.0, Align::Centre, MUTED);
        self.text(c.student_name, 26.0, CENTRE, 82.0, Align::Centre, INK);
        self.braille(c.student_name, 91.0);
        self.text("الاسم بطريقة برايل · The name in Braille", 8.0, CENTRE, 103.0, Align::Centre, MUTED);
        self.text("لإتمام الدورة", 13.0, CENTRE, 112.0, Align::Centre, MUTED);
        self.text("for completing the course", 11.0, CENTRE, 119.0, Align::Centre, MUTED);
        self.text(c.course_title, 20.0, CENTRE, 131.0, Align::Centre, INK);

        let (en_date, ar_date) = dates(c.issued_at_ms);
        let percent = c.percent.map(|p| {
            let p = if p.fract() == 0.0 { format!("{p:.0}") } else { format!("{p:.1}") };
            (format!("{p}%"), format!("{p}٪"))
        });
        let grade = |lang| c.grade.map_or("—", |g| g.label(lang));
        let english = [
            format!("Date: {en_date}"),
            format!("Duration: {}", english_days(c.duration_days)),
            format!("Grade: {}", grade(Lang::En)),
            format!("Percentage: {}", percent.as_ref().map_or("—", |p| &p.0)),
        ];
        let arabic = [
            format!("التاريخ: {ar_date}"),
            format!("المدة: {}", arabic_days(c.duration_days)),
            format!("التقدير: {}", grade(Lang::Ar)),
            format!("النسبة: {}", percent.as_ref().map_or("—", |p| &p.1)),
        ];
        for (i, (en, ar)) in english.iter().zip(&arabic).enumerate() {
            let y = 150.0 + 8.5 * i as f32;
            self.text(en, 12.0, 24.0, y, Align::Left, INK);
            self.text(ar, 13.0, PAGE_W - 24.0, y, Align::Right, INK);
        }

        self.qr(c.verify_url, CENTRE - 16.0, 140.0, 32.0);
        self.text(c.code, 13.0, CENTRE, 181.0, Align::Centre, INK);
        self.text("رمز التحقق · Verification code", 8.0, CENTRE, 186.5, Align::Centre, MUTED);
        self.text(c.verify_url, 8.0, CENTRE, 194.0, Align::Centre, MUTED);
    }

    fn frame(&mut self) {
        for (inset, width) in [(7.0, 1.6), (10.0, 0.6)] {
            self.ops.push(Op::SetOutlineColor { col: color(ACCENT) });
            self.ops.push(Op::SetOutlineThickness { pt: Pt(width) });
            self.ops.push(Op::DrawRectangle {
                rectangle: Rect {
                    x: x_pt(inset),
                    y: y_pt(PAGE_H - inset),
                    width: Pt::from(Mm(PAGE_W - 2.0 * inset)),
                    height: Pt::from(Mm(PAGE_H - 2.0 * inset)),
                    mode: Some(PaintMode::Stroke),
                    winding_order: None,
                },
            });
        }
    }

    /// One line of text, shaped; `y` is the baseline. A line wider than the page's text
    /// width is set smaller until it fits.
    fn text(&mut self, line: &str, size: f32, x: f32, y: f32, align: Align, rgb: (f32, f32, f32)) {
        let shaped = self.shaper.shape(line);
        if shaped.glyphs.is_empty() {
            return;
        }
        let upem = self.shaper.face.units_per_em() as f32;
        let natural = Mm::from(Pt(shaped.width / upem * size)).0;
        let size = if natural > TEXT_WIDTH { size * TEXT_WIDTH / natural } else { size };
        let width = Pt(shaped.width / upem * size);
        let start = match align {
            Align::Left => x_pt(x),
            Align::Centre => Pt(x_pt(x).0 - width.0 / 2.0),
            Align::Right => Pt(x_pt(x).0 - width.0),
        };
        let scale = size / upem;
        let base = y_pt(y);
        self.ops.push(Op::StartTextSection);
        self.ops.push(Op::SetFillColor { col: color(rgb) });
        self.ops.push(Op::SetFont { font: PdfFontHandle::External(self.font_id.clone()), size: Pt(size) });
        for g in shaped.glyphs {
            self.ops.push(Op::SetTextMatrix {
                matrix: TextMatrix::Translate(Pt(start.0 + g.x * scale), Pt(base.0 + g.y * scale)),
            });
            self.ops.push(Op::ShowText {
                items: vec![TextItem::GlyphIds(vec![Codepoint { gid: g.gid, offset: 0.0, cid: Some(g.text) }])],
            });
        }
        self.ops.push(Op::EndTextSection);
    }

    /// The name in Braille, in the code of its script, as 6-dot cells read left to right:
    /// raised dots dark, the others faint so a sighted reader sees the cell.
    fn braille(&mut self, name: &str, top: f32) {
        let code = braille::detect_lang(name);
        let cells = braille::to_braille(name, code).cells;
        if cells.is_empty() {
            return;
        }
        // Standard sizes (dot pitch 2.5 mm, cell pitch 6 mm), smaller for a very long name.
        let k = (TEXT_WIDTH / (cells.len() as f32 * 6.0)).min(1.0);
        let (dot, cell, radius) = (2.5 * k, 6.0 * k, 0.75 * k);
        let left = CENTRE - (cells.len() as f32 * cell - (cell - dot)) / 2.0;
        for (i, c) in cells.iter().enumerate() {
            let raised: Vec<u8> = c.dots().collect();
            if raised.is_empty() {
                continue; // a space between words
            }
            for d in 1..=6u8 {
                let col = if d <= 3 { 0.0 } else { 1.0 };
                let row = ((d - 1) % 3) as f32;
                let (cx, cy) = (left + i as f32 * cell + col * dot, top + row * dot);
                if raised.contains(&d) {
                    self.circle(cx, cy, radius, INK);
                } else {
                    self.circle(cx, cy, radius * 0.35, FAINT);
                }
            }
        }
    }

    fn circle(&mut self, cx: f32, cy: f32, r: f32, rgb: (f32, f32, f32)) {
        // Four cubic Bézier quarter arcs.
        const K: f32 = 0.552_284_8;
        let p = |x: f32, y: f32, bezier: bool| LinePoint { p: Point { x: x_pt(x), y: y_pt(y) }, bezier };
        let points = vec![
            p(cx + r, cy, false),
            p(cx + r, cy + K * r, true),
            p(cx + K * r, cy + r, true),
            p(cx, cy + r, false),
            p(cx - K * r, cy + r, true),
            p(cx - r, cy + K * r, true),
            p(cx - r, cy, false),
            p(cx - r, cy - K * r, true),
            p(cx - K * r, cy - r, true),
            p(cx, cy - r, false),
            p(cx + K * r, cy - r, true),
            p(cx + r, cy - K * r, true),
            p(cx + r, cy, false),
        ];
        self.ops.push(Op::SetFillColor { col: color(rgb) });
        self.ops.push(Op::DrawPolygon {
            polygon: Polygon {
                rings: vec![PolygonRing { points }],
                mode: PaintMode::Fill,
                winding_order: WindingOrder::NonZero,
            },
        });
    }

    /// The QR code as filled squares (runs of dark modules), `size` mm wide, white behind.
    fn qr(&mut self, data: &str, left: f32, top: f32, size: f32) {
        let Some(m) = Modules::of(data) else { return };
        let module = size / m.width as f32;
        self.ops.push(Op::SetFillColor { col: color(INK) });
        for (row, col, len) in m.runs() {
            let x = left + col as f32 * module;
            let y = top + (row + 1) as f32 * module;
            self.ops.push(Op::DrawRectangle {
                rectangle: Rect {
                    x: x_pt(x),
                    y: y_pt(y),
                    // A hair wider so neighbouring squares do not show seams when rasterised.
                    width: Pt::from(Mm(len as f32 * module + 0.02)),
                    height: Pt::from(Mm(module + 0.02)),
                    mode: Some(PaintMode::Fill),
                    winding_order: None,
                },
            });
        }
    }
}

/// A glyph placed on a line, in font units from the line's start.
struct Glyph {
    gid: u16,
    x: f32,
    y: f32,
    /// The text this glyph stands for in the PDF's ToUnicode map (empty for the extra glyphs
    /// of a cluster whose text another glyph carries).
    text: String,
}

struct Shaped {
    glyphs: Vec<Glyph>,
    width: f32,
}

struct Shaper<'f> {
    face: Face<'f>,
    font: &'f ParsedFont,
}

impl Shaper<'_> {
    /// A line laid out left to right: its bidi runs in visual order, each shaped in its own
    /// direction (rustybuzz returns an RTL run's glyphs in visual order too).
    fn shape(&self, line: &str) -> Shaped {
        let mut glyphs = Vec::new();
        let mut pen = 0.0f32;
        let info = BidiInfo::new(line, None);
        for para in &info.paragraphs {
            let (levels, runs) = info.visual_runs(para, para.range.clone());
            for run in runs {
                let text = &line[run.clone()];
                let rtl = levels[run.start].is_rtl();
                let mut buffer = UnicodeBuffer::new();
                buffer.push_str(text);
                buffer.set_direction(if rtl { Direction::RightToLeft } else { Direction::LeftToRight });
                buffer.guess_segment_properties();
                let out = rustybuzz::shape(&self.face, &[], buffer);
                let infos = out.glyph_infos();
                let positions = out.glyph_positions();
                let texts = self.cluster_texts(text, infos);
                for ((info, pos), t) in infos.iter().zip(positions).zip(texts) {
                    glyphs.push(Glyph {
                        gid: info.glyph_id as u16,
                        x: pen + pos.x_offset as f32,
                        y: pos.y_offset as f32,
                        text: t,
                    });
                    pen += pos.x_advance as f32;
                }
            }
        }
        let width = self.narrow_wide_kerns(&mut glyphs, pen);
        Shaped { glyphs, width }
    }

    /// Text extraction (pdftotext, PDF.js, screen readers) sees a word break wherever a glyph
    /// starts more than a tenth of an em after the previous one's advance, and Amiri kerns
    /// some pairs wider than that (ر before a yeh: بطر يقة). Such gaps are narrowed to just
    /// under the threshold — a few hundredths of an em, not visible at certificate sizes — so
    /// words come out whole. Gaps after marks (no advance of their own) are left alone.
    fn narrow_wide_kerns(&self, glyphs: &mut [Glyph], width: f32) -> f32 {
        let upem = self.face.units_per_em() as f32;
        let most = 0.09 * upem;
        let mut shift = 0.0;
        for i in 1..glyphs.len() {
            glyphs[i].x -= shift;
            let advance = self.font.get_glyph_width(glyphs[i - 1].gid).unwrap_or(0) as f32;
            let gap = glyphs[i].x - (glyphs[i - 1].x + advance);
            if advance > 0.0 && gap > most && glyphs[i].text.chars().all(|c| !c.is_whitespace()) {
                glyphs[i].x -= gap - most;
                shift += gap - most;
            }
        }
        width - shift
    }

    /// The text each glyph stands for. The PDF maps each glyph id to one text for the whole
    /// document, so a glyph must stand for the same text wherever it appears. A cluster of one
    /// glyph (a letter in any of its joining forms, or a ligature such as lam-alef) stands for
    /// the whole cluster. In a cluster of several (a letter and its marks), a glyph that is the
    /// font's own glyph for one of the characters (a mark) stands for it, and the others share
    /// what is left, one character each, the last taking the rest.
    fn cluster_texts(&self, text: &str, infos: &[rustybuzz::GlyphInfo]) -> Vec<String> {
        let mut starts: Vec<usize> = infos.iter().map(|g| g.cluster as usize).collect();
        starts.sort_unstable();
        starts.dedup();
        let span = |start: usize| {
            let end = starts.iter().find(|s| **s > start).copied().unwrap_or(text.len());
            text.get(start..end).unwrap_or("")
        };
        let mut out = vec![String::new(); infos.len()];
        for &start in &starts {
            let members: Vec<usize> = (0..infos.len()).filter(|i| infos[*i].cluster as usize == start).collect();
            let chars = span(start);
            if let [only] = members[..] {
                out[only] = chars.to_string();
                continue;
            }
            let mut left: Vec<char> = chars.chars().collect();
            let mut unmatched = Vec::new();
            for &i in &members {
                let gid = infos[i].glyph_id as u16;
                match left.iter().position(|c| self.font.lookup_glyph_index(*c as u32) == Some(gid)) {
                    Some(at) => out[i] = left.remove(at).to_string(),
                    None => unmatched.push(i),
                }
            }
            // The characters left go to the glyphs left, one each, the last taking the rest.
            let n = unmatched.len();
            for (k, &i) in unmatched.iter().enumerate() {
                if left.is_empty() {
                    break;
                }
                out[i] = if k + 1 == n { left.drain(..).collect() } else { left.remove(0).to_string() };
            }
            if !left.is_empty() {
                if let Some(&first) = members.first() {
                    let rest: String = left.into_iter().collect();
                    out[first].push_str(&rest);
                }
            }
        }
        out
    }
}

const MONTHS_EN: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const MONTHS_AR: [&str; 12] =
    ["يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"];

/// The issue date (UTC) in English and Arabic.
fn dates(ms: i64) -> (String, String) {
    let t = time::OffsetDateTime::from_unix_timestamp_nanos(ms as i128 * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    let m = t.month() as usize - 1;
    (format!("{} {} {}", t.day(), MONTHS_EN[m], t.year()), format!("{} {} {}", t.day(), MONTHS_AR[m], t.year()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_both_languages() {
        // 2026-11-23T10:00:00Z
        assert_eq!(dates(1_795_428_000_000), ("23 November 2026".into(), "23 نوفمبر 2026".into()));
    }

    fn sample(name: &str, title: &str, revoked: bool) -> Vec<u8> {
        sample_by(name, title, revoked, ("لمسة", "Lamsa"))
    }

    fn sample_by(name: &str, title: &str, revoked: bool, (society_ar, society_en): (&str, &str)) -> Vec<u8> {
        let font = CertificateFont::built_in().expect("the built-in font loads");
        let page = CertificatePage {
            code: "ABCD-EFGH-JKMN-PQ01",
            student_name: name,
            course_title: title,
            issued_at_ms: 1_795_428_000_000,
            duration_days: 30,
            percent: Some(82.5),
            grade: Some(GradeBand::VeryGood),
            verify_url: "https://lamsa.example.org/certificates/verify/ABCD-EFGH-JKMN-PQ01",
            revoked,
            society_ar,
            society_en,
        };
        render(&font, &page).unwrap()
    }

    /// The text of a PDF as poppler's `pdftotext` reads it; a missing pdftotext fails the test.
    /// With LAMSA_CERT_SAMPLES=<dir> the PDFs are also kept there, to look at them
    /// (`pdftoppm -png -r 60`).
    fn extract(pdf: &[u8], name: &str) -> String {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("{name}.pdf"));
        std::fs::write(&path, pdf).unwrap();
        if let Ok(keep) = std::env::var("LAMSA_CERT_SAMPLES") {
            std::fs::copy(&path, Path::new(&keep).join(format!("{name}.pdf"))).unwrap();
        }
        let out = std::process::Command::new("pdftotext").arg(&path).arg("-").output().expect(
            "pdftotext (poppler-utils) is needed to read the PDF: run scripts/system-deps.sh, or \
             apt-get install poppler-utils",
        );
        assert!(out.status.success(), "pdftotext failed: {}", String::from_utf8_lossy(&out.stderr));
        // pdftotext wraps right-to-left text in invisible embedding marks (U+202A–U+202E).
        String::from_utf8(out.stdout).unwrap().chars().filter(|c| !('\u{202a}'..='\u{202e}').contains(c)).collect()
    }

    #[test]
    fn arabic_text_extracts_in_logical_order() {
        let pdf = sample("سارة أحمد العلي", "برايل العربي للمبتدئين", false);
        assert!(pdf.starts_with(b"%PDF"));
        let text = extract(&pdf, "arabic");
        for needle in [
            "سارة أحمد العلي",
            "برايل العربي للمبتدئين",
            "شهادة إتمام",
            "Certificate of Completion",
            "ABCD-EFGH-JKMN-PQ01",
        ] {
            assert!(text.contains(needle), "{needle:?} not in:\n{text}");
        }
        assert!(text.contains("23 November 2026") && text.contains("82.5%") && text.contains("Very good"), "{text}");
        // pdftotext reorders digits in a mixed line its own way, and splits يومًا at its
        // tanween (its duplicate-glyph heuristic); the other words come out as written.
        assert!(text.contains("جيد جدًا") && text.contains("نوفمبر"), "{text}");
        // Amiri kerns ر in بطريقة wider than the tenth of an em at which extractors split words.
        assert!(text.contains("الاسم بطريقة برايل"), "{text}");
    }

    #[test]
    fn latin_names_and_the_revoked_notice() {
        let pdf = sample("Sara Ahmad", "English Braille, grade 1", true);
        let text = extract(&pdf, "english-revoked");
        for needle in
            ["Sara Ahmad", "English Braille, grade 1", "This certificate has been revoked", "هذه الشهادة ملغاة"]
        {
            assert!(text.contains(needle), "{needle:?} not in:\n{text}");
        }
    }

    #[test]
    fn the_issuing_society_is_named_from_the_site_settings() {
        let pdf = sample_by("Sara Ahmad", "Braille", false, ("جمعية نور", "Nur Society for the Blind"));
        let text = extract(&pdf, "society");
        assert!(text.contains("Nur Society for the Blind") && text.contains("جمعية نور"), "{text}");
        assert!(!text.contains("Lamsa"), "{text}");
    }

    #[test]
    fn a_missing_font_is_an_error_not_a_panic() {
        let cache = FontCache::new(Some("/nonexistent/Amiri-Regular.ttf".into()));
        assert!(matches!(cache.get(), Err(PdfError::FontMissing { .. })));
    }
}
