/**
 * Prints the gzip size of every JS file the Home route (/home/meetings) loads, from the build's
 * manifest: the entry, the Home layout and the meetings page, with their static imports.
 * Usage: node scripts/home-route-size.mjs (after `npm run build`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const roots = ['index.html', 'src/pages/HomePage.tsx', 'src/pages/HomeMeetingPage.tsx'];
const files = new Set();

function visit(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
}
roots.forEach(visit);

let total = 0;
for (const file of [...files].filter((f) => f.endsWith('.js')).sort()) {
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(8)} KB  total gzip JS for /home/meetings`);
