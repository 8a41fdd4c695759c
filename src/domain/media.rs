//! Uploaded files: what kind a field accepts and what a file really is, judged from its first
//! bytes (the client's content type and file name are never trusted for that).

use serde::{Deserialize, Serialize};

/// The upload limit of spec §5.
pub const MAX_UPLOAD_BYTES: u64 = 50 * 1024 * 1024;

/// How many first bytes `sniff` needs to decide.
pub const SNIFF_BYTES: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MediaKind {
    Image,
    Audio,
    Video,
    Document,
}

impl MediaKind {
    pub fn parse(s: &str) -> Option<MediaKind> {
        match s {
            "image" => Some(MediaKind::Image),
            "audio" => Some(MediaKind::Audio),
            "video" => Some(MediaKind::Video),
            "document" => Some(MediaKind::Document),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            MediaKind::Image => "image",
            MediaKind::Audio => "audio",
            MediaKind::Video => "video",
            MediaKind::Document => "document",
        }
    }

    /// Shown inline by the browser (players, images, PDF); anything else is downloaded.
    pub fn inline(self, content_type: &str) -> bool {
        self != MediaKind::Document || content_type == "application/pdf"
    }
}

/// A recognised file: its content type and the extension we store it under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sniffed {
    pub content_type: &'static str,
    pub ext: &'static str,
}

const fn s(content_type: &'static str, ext: &'static str) -> Option<Sniffed> {
    Some(Sniffed { content_type, ext })
}

/// PNG, JPEG, GIF or WebP (never SVG: it can carry scripts).
pub fn sniff_image(head: &[u8]) -> Option<Sniffed> {
    if head.starts_with(b"\x89PNG\r\n\x1a\n") {
        s("image/png", "png")
    } else if head.starts_with(&[0xFF, 0xD8, 0xFF]) {
        s("image/jpeg", "jpg")
    } else if head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a") {
        s("image/gif", "gif")
    } else if head.len() >= 12 && &head[0..4] == b"RIFF" && &head[8..12] == b"WEBP" {
        s("image/webp", "webp")
    } else {
        None
    }
}

/// The ISO base media brand (`ftyp` box) of MP4, M4A and QuickTime files.
fn ftyp_brand(head: &[u8]) -> Option<&[u8]> {
    (head.len() >= 12 && &head[4..8] == b"ftyp").then(|| &head[8..12])
}

fn is_ebml(head: &[u8]) -> bool {
    head.starts_with(&[0x1A, 0x45, 0xDF, 0xA3])
}

fn sniff_audio(head: &[u8]) -> Option<Sniffed> {
    let mp3_frame = head.len() >= 2 && head[0] == 0xFF && (head[1] & 0xE0) == 0xE0;
    if head.starts_with(b"ID3") || mp3_frame {
        s("audio/mpeg", "mp3")
    } else if head.starts_with(b"OggS") {
        s("audio/ogg", "ogg")
    } else if head.starts_with(b"fLaC") {
        s("audio/flac", "flac")
    } else if head.len() >= 12 && &head[0..4] == b"RIFF" && &head[8..12] == b"WAVE" {
        s("audio/wav", "wav")
    } else if matches!(ftyp_brand(head), Some(b"M4A ") | Some(b"M4B ")) {
        s("audio/mp4", "m4a")
    } else if is_ebml(head) {
        s("audio/webm", "webm")
    } else {
        None
    }
}

fn sniff_video(head: &[u8]) -> Option<Sniffed> {
    match ftyp_brand(head) {
        Some(b"qt  ") => s("video/quicktime", "mov"),
        Some(b"M4A ") | Some(b"M4B ") => None,
        Some(_) => s("video/mp4", "mp4"),
        None if is_ebml(head) => s("video/webm", "webm"),
        None if head.starts_with(b"OggS") => s("video/ogg", "ogv"),
        None => None,
    }
}

/// PDF, office documents (told apart by the file name's extension once the container is
/// recognised), RTF and plain UTF-8 text (.txt, .brf for Braille files).
fn sniff_document(head: &[u8], file_name: &str) -> Option<Sniffed> {
    let ext = file_name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    if head.starts_with(b"%PDF-") {
        return s("application/pdf", "pdf");
    }
    if head.starts_with(b"PK\x03\x04") {
        return match ext.as_str() {
            "docx" => s("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"),
            "pptx" => s("application/vnd.openxmlformats-officedocument.presentationml.presentation", "pptx"),
            "xlsx" => s("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"),
            "odt" => s("application/vnd.oasis.opendocument.text", "odt"),
            _ => None,
        };
    }
    if head.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) {
        return match ext.as_str() {
            "doc" => s("application/msword", "doc"),
            "ppt" => s("application/vnd.ms-powerpoint", "ppt"),
            "xls" => s("application/vnd.ms-excel", "xls"),
            _ => None,
        };
    }
    if head.starts_with(b"{\\rtf") {
        return s("application/rtf", "rtf");
    }
    let text_ext = matches!(ext.as_str(), "txt" | "brf" | "md" | "csv");
    if text_ext && looks_like_text(head) {
        return if ext == "brf" {
            s("text/plain; charset=utf-8", "brf")
        } else {
            s("text/plain; charset=utf-8", "txt")
        };
    }
    None
}

/// UTF-8 without control characters other than tab and line breaks (a multi-byte character
/// cut at the end of the sample is allowed).
fn looks_like_text(head: &[u8]) -> bool {
    let valid = match std::str::from_utf8(head) {
        Ok(t) => t,
        Err(e) if e.error_len().is_none() => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or(""),
        Err(_) => return false,
    };
    !head.is_empty() && valid.chars().all(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r' | '\x0c'))
}

/// What the file is, if it is a kind the field accepts.
pub fn sniff(kind: MediaKind, head: &[u8], file_name: &str) -> Option<Sniffed> {
    match kind {
        MediaKind::Image => sniff_image(head),
        MediaKind::Audio => sniff_audio(head),
        MediaKind::Video => sniff_video(head),
        MediaKind::Document => sniff_document(head, file_name),
    }
}

/// A file name safe to show and to put in a Content-Disposition header: the last path
/// component, control characters and quotes removed, at most 200 characters.
pub fn display_name(raw: Option<&str>) -> String {
    let base = raw.unwrap_or("").rsplit(['/', '\\']).next().unwrap_or("");
    let cleaned: String =
        base.chars().filter(|c| !c.is_control() && !matches!(c, '"' | '\\')).take(200).collect::<String>();
    let cleaned = cleaned.trim();
    if cleaned.is_empty() {
        "file".to_string()
    } else {
        cleaned.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_accepts_only_its_own_files() {
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
        assert_eq!(sniff(MediaKind::Image, png, "a.png").unwrap().content_type, "image/png");
        assert!(sniff(MediaKind::Audio, png, "a.png").is_none());
        assert!(sniff(MediaKind::Image, b"<svg xmlns='http://www.w3.org/2000/svg'/>", "a.svg").is_none());
        assert_eq!(sniff(MediaKind::Audio, b"ID3\x04\0\0\0\0\0\0", "x.mp3").unwrap().ext, "mp3");
        let m4a = b"\0\0\0\x20ftypM4A \0\0\0\0";
        assert_eq!(sniff(MediaKind::Audio, m4a, "x").unwrap().content_type, "audio/mp4");
        assert!(sniff(MediaKind::Video, m4a, "x").is_none());
        let mp4 = b"\0\0\0\x20ftypisom\0\0\x02\0";
        assert_eq!(sniff(MediaKind::Video, mp4, "x").unwrap().content_type, "video/mp4");
        assert_eq!(sniff(MediaKind::Document, b"%PDF-1.7\n", "a.pdf").unwrap().ext, "pdf");
        assert!(sniff(MediaKind::Document, b"PK\x03\x04rest", "a.zip").is_none());
        assert_eq!(sniff(MediaKind::Document, b"PK\x03\x04rest", "Lesson.DOCX").unwrap().ext, "docx");
        assert_eq!(sniff(MediaKind::Document, "⠓⠑⠇⠇⠕\n".as_bytes(), "a.brf").unwrap().ext, "brf");
        assert!(sniff(MediaKind::Document, b"MZ\x90\0\x03\0\0\0", "a.txt").is_none());
        assert!(sniff(MediaKind::Document, b"hello", "a.exe").is_none());
    }

    #[test]
    fn display_names_lose_paths_and_header_breaking_characters() {
        assert_eq!(display_name(Some("../../etc/passwd")), "passwd");
        assert_eq!(display_name(Some("C:\\x\\درس \"1\".pdf")), "درس 1.pdf");
        assert_eq!(display_name(Some("a\r\nb.pdf")), "ab.pdf");
        assert_eq!(display_name(None), "file");
    }
}
