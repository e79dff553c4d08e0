// The web app's JS by route, from the build's own manifest (apps/web/dist/.vite/manifest.json):
// what the Home route (/home/meetings, the installed app's start page) loads to show — the entry
// index.html starts, the Home layout and the meetings page, and everything they import statically
// (Vite fetches those with each chunk) — and what the meeting room (/meeting/:id, through the
// live room screen) loads beyond it. Listed apart, not counted: socket.io-client, which the
// message socket fetches once Home is up (signed-in users), the Chinese catalogues (only in
// Chinese) and what Home fetches on a click (dialogs, QR codes). Sizes are gzip level 9, the
// bytes of the .gz files the build writes and the server sends; 1 KB = 1000 bytes, as in Vite's
// build report. Builds nothing itself.
// Usage: node scripts/bench/web-bundle.mjs [dist folder] (after npm run build -w apps/web).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: build first (npm run build -w apps/web)`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const GOALS = { home: 150_000, room: 120_000 };
const HOME_ROOTS = ['index.html', 'src/pages/HomePage.tsx', 'src/pages/HomeMeetingPage.tsx'];
const ROOM_ROOTS = ['src/pages/MeetingPage.tsx', 'src/features/room/RoomScreen.tsx'];
const ZH_ROOTS = ['src/i18n/zh.ts'].filter((key) => manifest[key]);
const AFTER_START = Object.keys(manifest).filter((key) => /socket\.io-client/.test(key));

/** The chunk keys `roots` load: themselves and their static imports, transitively. */
function closure(roots) {
  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
    keys.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  roots.forEach(visit);
  return keys;
}

const sizes = new Map();
function gzipSize(file) {
  if (!sizes.has(file))
    sizes.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const jsOf = (keys) => [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
const cssOf = (keys) => [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
const total = (files) => files.reduce((sum, f) => sum + gzipSize(f), 0);
const minus = (keys, ...others) => new Set([...keys].filter((k) => !others.some((o) => o.has(k))));

function list(title, files) {
  const sorted = [...files].sort((a, b) => gzipSize(b) - gzipSize(a));
  console.log(`\n${title}: ${kb(total(sorted))} in ${sorted.length} files`);
  for (const f of sorted) console.log(`${kb(gzipSize(f)).padStart(10)}  ${f}`);
}

// The manifest's entry must be the script index.html starts.
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = manifest['index.html'].file;
if (!html.includes(`src="/${entry}"`)) throw new Error(`index.html does not start ${entry}`);

const entryKeys = closure(['index.html']);
const homeKeys = closure(HOME_ROOTS);
const roomKeys = closure(ROOM_ROOTS);
const zhKeys = minus(closure(ZH_ROOTS), homeKeys);
const afterStartKeys = minus(closure(AFTER_START), homeKeys);
// What Home's own code imports dynamically; the entry's dynamic imports are the route table.
const onClickKeys = new Set();
for (const key of homeKeys) {
  const dynamic = manifest[key].dynamicImports ?? [];
  for (const dyn of key === 'index.html'
    ? dynamic.filter((d) => !d.startsWith('src/pages/'))
    : dynamic)
    for (const k of closure([dyn])) onClickKeys.add(k);
}
const onClick = minus(onClickKeys, homeKeys, zhKeys, afterStartKeys);

const homeJs = jsOf(homeKeys);
const roomAfterEntry = jsOf(minus(roomKeys, entryKeys));
const roomAfterHome = jsOf(minus(roomKeys, homeKeys));

console.log(`web bundle of ${path.relative(process.cwd(), dist) || '.'} (gzip level 9)`);
list('Home (/home/meetings): JS to show it', homeJs);
console.log(`${''.padStart(10)}  + CSS ${kb(total(cssOf(homeKeys)))}`);
list('Room (/meeting/:id): JS beyond the entry (opened from a link)', roomAfterEntry);
list('Room: JS beyond Home (opened from Home)', roomAfterHome);
if (afterStartKeys.size) list('Fetched once Home is up (message socket)', jsOf(afterStartKeys));
if (zhKeys.size) list('Chinese catalogues (only in Chinese)', jsOf(zhKeys));
list('Fetched on a click from Home (dialogs, QR codes)', jsOf(onClick));

const verdict = (bytes, goal) =>
  `${kb(bytes)} (goal ≤ ${kb(goal)}: ${bytes <= goal ? 'met' : `over by ${kb(bytes - goal)}`})`;
const home = total(homeJs);
console.log('\nsummary');
console.log(`  Home JS:                    ${verdict(home, GOALS.home)}`);
if (afterStartKeys.size)
  console.log(
    `  Home JS with the socket:    ${kb(home + total(jsOf(afterStartKeys)))} (signed in, fetched after the first screen)`,
  );
console.log(`  Room JS beyond the entry:   ${verdict(total(roomAfterEntry), GOALS.room)}`);
console.log(`  Room JS beyond Home:        ${kb(total(roomAfterHome))}`);
console.log(
  `  Room JS in all (cold link): ${kb(total(jsOf(new Set([...entryKeys, ...roomKeys]))))}`,
);
