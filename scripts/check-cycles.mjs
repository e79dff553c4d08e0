// Import cycles between the project's own source files (as `madge --circular` finds them), for
// CI: prints each cycle and exits 1 when there is one. Type-only imports count too (`--runtime`
// leaves them out): a cycle of types is still two modules that cannot be read one without the
// other. With --max-lines=N it also fails on a code file longer than N lines (issue 33: none
// over 400): every one git tracks (tests, browser tests and scripts too), or without git those of
// the roots. Usage: node scripts/check-cycles.mjs [--runtime] [--max-lines=N] [roots…]
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runtimeOnly = process.argv.includes('--runtime');
const maxLines = Number(process.argv.find((a) => a.startsWith('--max-lines='))?.split('=')[1] ?? 0);
const roots = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const folders = roots.length
  ? roots
  : ['apps/server/src', 'apps/web/src', 'packages/shared/src', 'native/src'].filter((f) =>
      existsSync(path.join(root, f)),
    );

const sourceFile = (name) => /\.(ts|tsx|mts)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name);

function listFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else if (sourceFile(entry.name)) out.push(full);
  }
  return out;
}

/** The file a relative specifier names, or undefined (a package, or not ours). */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.(m?js|jsx)$/, ''));
  for (const candidate of [
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.mts`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

// Static imports and re-exports (`import … from`, `export … from`, `import '…'`); dynamic
// import() loads later and cannot close a cycle at load time.
const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[\w*\s{},$]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const out = new Set();
  for (const match of text.matchAll(IMPORT)) {
    const typeOnly = !!match[2] || /^\s*(import|export)\s+type\s/.test(match[0]);
    if (runtimeOnly && typeOnly) continue;
    const target = resolve(file, match[3]);
    if (target) out.add(target);
  }
  return out;
}

const files = folders.flatMap((f) => listFiles(path.join(root, f)));
const graph = new Map(files.map((f) => [f, importsOf(f)]));

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let index = 0;
const stack = [];
const meta = new Map();
const components = [];
function connect(v) {
  meta.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!meta.has(w)) {
      connect(w);
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
    } else if (meta.get(w).onStack) {
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
  }
  if (meta.get(v).low === meta.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      meta.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.has(v)) components.push(component);
  }
}
for (const file of graph.keys()) if (!meta.has(file)) connect(file);

const rel = (f) => path.relative(root, f);
for (const component of components) {
  console.log(`cycle of ${component.length} files:\n  ${component.map(rel).sort().join('\n  ')}`);
}
console.log(
  `${files.length} files, ${components.length} import cycle${components.length === 1 ? '' : 's'}${runtimeOnly ? ' (runtime imports only)' : ''}`,
);
/** Every code file git tracks (of the roots, when they are given), or else those of the graph. */
function codeFiles() {
  try {
    const listed = execFileSync(
      'git',
      ['ls-files', '-z', '--', ...(roots.length ? roots : ['.'])],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    return listed
      .split('\0')
      .filter((f) => /\.(ts|tsx|mts|js|mjs|cjs)$/.test(f))
      .map((f) => path.join(root, f))
      .filter((f) => existsSync(f));
  } catch {
    return files;
  }
}

// A file ending in a newline has as many lines as newlines (as `wc -l` counts).
const long = maxLines
  ? codeFiles()
      .map((f) => ({ f, lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > maxLines)
  : [];
for (const { f, lines } of long) console.log(`${rel(f)}: ${lines} lines (over ${maxLines})`);
if (maxLines) console.log(`${long.length} code files over ${maxLines} lines`);
process.exit(components.length || long.length ? 1 : 0);
