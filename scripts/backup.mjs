// `npm run backup -- FILE`: one tar.gz of everything that must survive, taken while the server
// runs: the database (PGlite's own dump from the running server, or pg_dump with DATABASE_URL)
// and DATA_DIR's files (uploads, recordings, the link-signing key). README "Backups".
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './lib/setup.mjs';
import { ensureSupportedNode } from './lib/runtime.mjs';
import {
  BackupError,
  MANIFEST,
  META,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  S3_NOTE,
  SKIPPED_PATHS,
  SKIPPED_TOP,
  argumentPath,
  dataDirOf,
  dumpPglite,
  loadSettings,
  tool,
} from './lib/backup-archive.mjs';

await ensureSupportedNode(root, { install: false });
const started = performance.now();
const stage = mkdtempSync(path.join(tmpdir(), 'meet-backup-'));
let partial;
try {
  const [fileArg] = process.argv.slice(2);
  if (!fileArg) throw new BackupError('usage: npm run backup -- FILE.tar.gz');
  const out = argumentPath(fileArg);
  const env = loadSettings();
  const dataDir = dataDirOf(env);
  if (!statSync(dataDir, { throwIfNoEntry: false })?.isDirectory())
    throw new BackupError(`DATA_DIR ${dataDir} is not a folder`);
  mkdirSync(path.join(stage, META));

  const manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    dataDir,
    database: env.DATABASE_URL ? 'postgres' : 'pglite',
    files: env.S3_ENDPOINT ? 's3' : 'local',
  };
  if (env.DATABASE_URL) {
    // A consistent snapshot, while the server goes on (pg_dump's one transaction).
    tool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(stage, POSTGRES_DUMP)}`,
      `--dbname=${env.DATABASE_URL}`,
    ]);
  } else {
    const { dump, live } = await dumpPglite(dataDir);
    writeFileSync(path.join(stage, PGLITE_DUMP), dump);
    manifest.takenFromRunningServer = live;
  }
  if (env.S3_ENDPOINT) {
    writeFileSync(
      path.join(stage, S3_NOTE),
      `Files (avatars, screenshots, recordings) are in the S3 bucket ${env.S3_BUCKET} at ${env.S3_ENDPOINT},\nnot in this archive: back that bucket up with the storage's own means (versioning, replication).\n`,
    );
  }
  writeFileSync(path.join(stage, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

  // DATA_DIR's own files as they lie; the archive being written is left out if it is in there.
  const entries = readdirSync(dataDir).filter(
    (name) => !SKIPPED_TOP.has(name) && !name.startsWith('.write-test-') && name !== META,
  );
  partial = `${out}.partial`;
  const inside = path.relative(dataDir, partial);
  const excludes = [
    ...SKIPPED_PATHS,
    ...(inside.startsWith('..') ? [] : [inside, path.relative(dataDir, out)]),
  ];
  // GNU tar exits with 1 when a file changed while it was read (a recording being written):
  // the archive is still whole.
  tool(
    'tar',
    [
      '-czf',
      partial,
      '--anchored',
      ...excludes.map((p) => `--exclude=${p}`),
      '--warning=no-file-changed',
      '--warning=no-file-removed',
      '--warning=no-file-ignored',
      '-C',
      stage,
      META,
      '-C',
      dataDir,
      ...entries,
    ],
    { okStatuses: [0, 1] },
  );
  renameSync(partial, out);
  const bytes = statSync(out).size;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Backed up ${manifest.database === 'postgres' ? 'PostgreSQL' : 'PGlite'} and ${dataDir} to ${out} (${(bytes / 1e6).toFixed(1)} MB in ${seconds} s)`,
  );
} catch (error) {
  console.error(`Error: ${error instanceof BackupError ? error.message : error.stack}`);
  process.exitCode = 1;
  if (partial) rmSync(partial, { force: true });
} finally {
  rmSync(stage, { recursive: true, force: true });
}
