//! QR codes of verification addresses, as a module grid the SVG and the PDF both draw.

use qrcode::{Color, EcLevel, QrCode};

/// Light modules around the code that scanners need to find it.
pub const QUIET_ZONE: usize = 4;

/// A square grid of modules, row by row from the top; `true` is dark.
pub struct Modules {
    pub width: usize,
    pub dark: Vec<bool>,
}

impl Modules {
    /// Medium error correction: a printed certificate may be creased or smudged. `None` only
    /// for data longer than a QR code holds (a verification address never is).
    pub fn of(data: &str) -> Option<Modules> {
        let code = QrCode::with_error_correction_level(data.as_bytes(), EcLevel::M).ok()?;
        let width = code.width();
        Some(Modules { width, dark: code.to_colors().into_iter().map(|c| c == Color::Dark).collect() })
    }

    /// Horizontal runs of dark modules as (row, first column, length): fewer shapes to draw
    /// than one square per module.
    pub fn runs(&self) -> Vec<(usize, usize, usize)> {
        let mut out = Vec::new();
        for row in 0..self.width {
            let mut col = 0;
            while col < self.width {
                if self.dark[row * self.width + col] {
                    let start = col;
                    while col < self.width && self.dark[row * self.width + col] {
                        col += 1;
                    }
                    out.push((row, start, col - start));
                } else {
                    col += 1;
                }
            }
        }
        out
    }
}

/// An SVG of the QR code of `data`, one path, with a text alternative.
pub fn svg(data: &str, title: &str) -> Option<String> {
    let m = Modules::of(data)?;
    let size = m.width + 2 * QUIET_ZONE;
    let mut path = String::new();
    for (row, col, len) in m.runs() {
        path.push_str(&format!("M{} {}h{len}v1h-{len}z", col + QUIET_ZONE, row + QUIET_ZONE));
    }
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {size} {size}\" width=\"{px}\" height=\"{px}\" \
         shape-rendering=\"crispEdges\" role=\"img\" aria-labelledby=\"t\"><title id=\"t\">{title}</title>\
         <rect width=\"{size}\" height=\"{size}\" fill=\"#fff\"/><path fill=\"#000\" d=\"{path}\"/></svg>",
        px = size * 6,
        title = escape(title),
    ))
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_cover_exactly_the_dark_modules() {
        let m = Modules::of("https://lamsa.example/certificates/verify/ABCD-EFGH-JKMN-PQ01").unwrap();
        let mut painted = vec![false; m.dark.len()];
        for (row, col, len) in m.runs() {
            for c in col..col + len {
                assert!(!painted[row * m.width + c]);
                painted[row * m.width + c] = true;
            }
        }
        assert_eq!(painted, m.dark);
        // The finder pattern's top-left corner is dark.
        assert!(m.dark[0]);
    }

    #[test]
    fn svg_has_a_title_and_escapes_it() {
        let s = svg("https://x.test/v/1", "Verify <this>").unwrap();
        assert!(s.starts_with("<svg"));
        assert!(s.contains("<title id=\"t\">Verify &lt;this&gt;</title>"));
    }
}
