// Draws the installable app's icons (issue 26) as PNG: the favicon's design (four dots of a
// Braille cell, white on the brand blue) on a full square, the dots inside the middle 60 % so
// that the icon stays whole under any mask (maskable). Run once: node build/make-icons.mjs
import { Buffer } from 'node:buffer';
import { writeFileSync, mkdirSync } from 'node:fs';
import { URL } from 'node:url';
import { deflateSync } from 'node:zlib';

const BLUE = [0x0b, 0x4f, 0x6c];
const WHITE = [0xff, 0xff, 0xff];
// Dots 1, 2, 4 and 6 of the favicon, in a 32-unit square.
const DOTS = [
  [12.5, 10],
  [12.5, 16],
  [19.5, 10],
  [19.5, 22],
];
const R = 2.2;

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function png(size) {
  const raw = Buffer.alloc(size * (size * 3 + 1));
  const u = 32 / size;
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const px = (x + 0.5) * u;
      const py = (y + 0.5) * u;
      const inDot = DOTS.some(([cx, cy]) => (px - cx) ** 2 + (py - cy) ** 2 <= R * R);
      const [r, g, b] = inDot ? WHITE : BLUE;
      const o = y * (size * 3 + 1) + 1 + x * 3;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = new URL('../public/icons/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const size of [192, 512]) writeFileSync(new URL(`icon-${size}.png`, dir), png(size));
