//! Drawing a certificate: its printable PDF (Arabic shaped and bidi-ordered, the name in
//! Braille) and the QR code of its verification page (SVG for the web page, vector squares in
//! the PDF). No database and no HTTP here: `services::certificates` feeds it an issued row.

pub mod pdf;
pub mod qr;
