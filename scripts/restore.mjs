// `npm run restore -- FILE`: puts a backup of `npm run backup` into an EMPTY DATA_DIR (and, for
// a PostgreSQL backup, into the empty database DATABASE_URL names); it refuses anything else,
// so nothing is ever overwritten. README "Backups".
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib/setup.mjs';
import { ensureSupportedNode } from './lib/runtime.mjs';
import {
  BackupError,
  MANIFEST,
  META,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  argumentPath,
  dataDirOf,
  loadPglite,
  loadSettings,
  postgresTableCount,
  tool,
} from './lib/backup-archive.mjs';

await ensureSupportedNode(root, { install: false });
const started = performance.now();
let extracted;
try {
  const [fileArg] = process.argv.slice(2);
  if (!fileArg) throw new BackupError('usage: npm run restore -- FILE.tar.gz');
  const file = argumentPath(fileArg);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const env = loadSettings();
  const dataDir = dataDirOf(env);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty: a backup is restored into an empty (or new) folder only`,
    );
  let manifest;
  try {
    manifest = JSON.parse(tool('tar', ['-xzOf', file, MANIFEST]));
  } catch {
    throw new BackupError(`${file} is not a backup of npm run backup (no ${MANIFEST})`);
  }
  if (manifest.database === 'postgres') {
    if (!env.DATABASE_URL)
      throw new BackupError(
        'this backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into',
      );
    const tables = postgresTableCount(env.DATABASE_URL);
    if (tables > 0)
      throw new BackupError(
        `the database DATABASE_URL names is not empty (${tables} tables): restore into a new one`,
      );
  } else if (env.DATABASE_URL) {
    throw new BackupError(
      'this backup holds the embedded database (PGlite, in DATA_DIR): unset DATABASE_URL to restore it',
    );
  }

  mkdirSync(dataDir, { recursive: true });
  extracted = dataDir;
  tool('tar', ['-xzf', file, '-C', dataDir]);
  if (manifest.database === 'postgres') {
    tool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${env.DATABASE_URL}`,
      path.join(dataDir, POSTGRES_DUMP),
    ]);
  } else {
    await loadPglite(path.join(dataDir, 'db'), readFileSync(path.join(dataDir, PGLITE_DUMP)));
  }
  rmSync(path.join(dataDir, META), { recursive: true, force: true });
  extracted = undefined;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Restored ${file} (taken ${manifest.createdAt}) into ${dataDir}${manifest.database === 'postgres' ? ' and DATABASE_URL' : ''} in ${seconds} s`,
  );
  if (manifest.files === 's3')
    console.log('Its files are in S3, not in the backup: point S3_* at that bucket (or its copy).');
} catch (error) {
  console.error(`Error: ${error instanceof BackupError ? error.message : error.stack}`);
  process.exitCode = 1;
  // The folder was empty: what a failed restore left in it goes, so it can be tried again.
  if (extracted)
    for (const name of readdirSync(extracted))
      rmSync(path.join(extracted, name), { recursive: true, force: true });
}
