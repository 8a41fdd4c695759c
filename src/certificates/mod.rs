//! What a certificate looks like outside the API's JSON: its QR code (SVG for the web page,
//! vector squares in the PDF) and its printable PDF.

pub mod pdf;
pub mod qr;
