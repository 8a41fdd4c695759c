//! Throughput of forward and back translation on a realistic mixed corpus (the
//! reference lines repeated), in chars (forward) and cells (back) per second:
//! grade 1 on the grade 1 references, grade 2 on the grade 2 references.

use braille::{to_braille, to_braille_with, to_text, to_text_with, translate_lines, Format, Lang, Options};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

fn corpus(name: &str, min_chars: usize) -> String {
    let path = format!("{}/tests/reference/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("reference file");
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::new();
    while out.chars().count() < min_chars {
        for l in &lines {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    for (lang, file) in [(Lang::English, "en.txt"), (Lang::Arabic, "ar.txt")] {
        let text = corpus(file, 200_000);
        let chars = text.chars().count() as u64;
        let mut g = c.benchmark_group(format!("{lang}"));
        g.throughput(Throughput::Elements(chars));
        g.bench_function("to_braille", |b| b.iter(|| to_braille(black_box(&text), lang)));
        g.bench_function("translate_lines/unicode", |b| {
            let mut out = Vec::with_capacity(text.len() * 3);
            b.iter(|| {
                out.clear();
                translate_lines(black_box(text.as_bytes()), &mut out, lang, false, Format::Unicode).unwrap()
            })
        });
        let cells = to_braille(&text, lang);
        g.throughput(Throughput::Elements(cells.cells.len() as u64));
        g.bench_function("to_text", |b| b.iter(|| to_text(black_box(&cells.cells), lang)));
        g.finish();
    }
}

fn bench_grade2(c: &mut Criterion) {
    let opts = Options::grade2();
    for (lang, file) in [(Lang::English, "en-g2.txt"), (Lang::Arabic, "ar-g2.txt")] {
        let text = corpus(file, 200_000);
        let chars = text.chars().count() as u64;
        // Build the rule tables outside the measurement.
        let _ = to_braille_with("a", lang, &opts);
        let mut g = c.benchmark_group(format!("{lang}-g2"));
        g.throughput(Throughput::Elements(chars));
        g.bench_function("to_braille_with", |b| b.iter(|| to_braille_with(black_box(&text), lang, &opts)));
        let cells = to_braille_with(&text, lang, &opts);
        g.throughput(Throughput::Elements(cells.cells.len() as u64));
        g.sample_size(10);
        g.bench_function("to_text_with", |b| {
            b.iter(|| {
                // Line by line, as the stream translator reads.
                let mut n = 0;
                for line in cells.lines() {
                    n += to_text_with(black_box(line), lang, &opts).text.len();
                }
                n
            })
        });
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(3));
    targets = bench, bench_grade2
}
criterion_main!(benches);
