// Draws the system virtual backgrounds that ship with the product (issue 15) into
// apps/web/public/backgrounds/*.png: gradients with soft circles or a grid, 960x540, palette PNGs
// of about 50 KB. The PNGs are committed; run this only to change them (sharp comes with the
// server): node scripts/make-backgrounds.mjs
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharp = createRequire(path.join(root, 'apps/server/package.json'))('sharp');
const out = path.join(root, 'apps/web/public/backgrounds');
const W = 960;
const H = 540;

const gradient = (stops, extra = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
  stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('') +
  `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${extra}</svg>`;
const circles = (color, n) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<circle cx="${(i * 197) % W}" cy="${(i * 131) % H}" r="${40 + ((i * 23) % 90)}" fill="${color}" opacity="0.12"/>`,
  ).join('');
let grid = '';
for (let x = 0; x <= W; x += 60)
  grid += `<line x1="${x}" y1="0" x2="${x}" y2="${H}" stroke="#fff" stroke-opacity="0.15" stroke-width="2"/>`;
for (let y = 0; y <= H; y += 60)
  grid += `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#fff" stroke-opacity="0.15" stroke-width="2"/>`;

// The names are SYSTEM_BACKGROUNDS of packages/shared/src/api/backgrounds.ts.
const images = {
  dawn: gradient(
    [
      [0, '#ffb88c'],
      [0.5, '#ff8a9a'],
      [1, '#8e7dff'],
    ],
    circles('#ffffff', 9),
  ),
  ocean: gradient(
    [
      [0, '#0f4c81'],
      [1, '#2ec5d3'],
    ],
    circles('#ffffff', 12),
  ),
  forest: gradient(
    [
      [0, '#1d4d2b'],
      [1, '#8fbf6a'],
    ],
    circles('#e8ffd0', 8),
  ),
  dusk: gradient(
    [
      [0, '#2b1055'],
      [1, '#d53a9d'],
    ],
    circles('#ffd6f0', 10),
  ),
  grid: gradient(
    [
      [0, '#2a2f3a'],
      [1, '#4a5568'],
    ],
    grid,
  ),
};
for (const [name, svg] of Object.entries(images)) {
  await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toFile(path.join(out, `${name}.png`));
}
