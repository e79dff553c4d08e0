// What `npm run backup` and `npm run restore` share: the settings (as the server reads them), the
// archive's layout, and the embedded database's dump and load. The archive is a tar.gz of
// DATA_DIR's files as they lie there, plus `.meet-backup/` (manifest.json and the database dump).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const META = '.meet-backup';
export const MANIFEST = `${META}/manifest.json`;
export const PGLITE_DUMP = `${META}/database.tar.gz`;
export const POSTGRES_DUMP = `${META}/database.pgdump`;
export const S3_NOTE = `${META}/FILES-IN-S3.txt`;
/** The server's socket for live dumps (apps/server/src/db/backup-socket.ts). */
const BACKUP_SOCKET = 'backup.sock';

/**
 * What in DATA_DIR is not copied: the PGlite folder (dumped instead), Janus's configuration
 * (written at each start), the socket, and the scratch of recording jobs under way.
 */
export const SKIPPED_TOP = new Set(['db', 'janus', BACKUP_SOCKET]);
export const SKIPPED_PATHS = ['recordings/work'];

export class BackupError extends Error {}

/** The environment the server would get: the settings file read in, real variables winning. */
export function loadSettings() {
  const envFile = process.env.ENV_FILE || '.env';
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  else if (process.env.ENV_FILE)
    throw new BackupError(`ENV_FILE names ${envFile}, which does not exist`);
  return process.env;
}

/** DATA_DIR as the server resolves it (against the folder it starts in). */
export function dataDirOf(env) {
  return path.resolve(env.DATA_DIR || './data');
}

/** A FILE argument is where the person typed it (npm runs scripts from the project root). */
export function argumentPath(file) {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** Runs a tool to its end; throws with its message unless it exits with one of `okStatuses`. */
export function tool(command, args, { okStatuses = [0], ...options } = {}) {
  const run = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (run.error) throw new BackupError(`${command} could not run: ${run.error.message}`);
  if (!okStatuses.includes(run.status))
    throw new BackupError(`${command} failed: ${(run.stderr || run.stdout || '').trim()}`);
  return run.stdout;
}

/** The running server's dump through its socket; undefined when no server answers there. */
function dumpFromServer(dataDir) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(path.join(dataDir, BACKUP_SOCKET));
    const chunks = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) =>
      ['ENOENT', 'ECONNREFUSED'].includes(error.code) ? resolve(undefined) : reject(error),
    );
    socket.on('close', (hadError) => {
      if (hadError) return;
      const dump = Buffer.concat(chunks);
      if (dump.length === 0)
        reject(new BackupError('the running server could not dump the database (see its log)'));
      else resolve(dump);
    });
  });
}

/**
 * The embedded database as PGlite's own dump (a gzipped tar of its folder): from the running
 * server, or, when none runs, from the folder opened here.
 */
export async function dumpPglite(dataDir) {
  const live = await dumpFromServer(dataDir);
  if (live) return { dump: live, live: true };
  const dir = path.join(dataDir, 'db');
  if (!existsSync(path.join(dir, 'PG_VERSION')))
    throw new BackupError(`no database in ${dir} (is DATA_DIR right?)`);
  // PGlite keeps this file while the folder is open: a server without the socket has it.
  if (existsSync(path.join(dir, 'postmaster.pid')))
    throw new BackupError(
      `the database in ${dir} is open and the server answers no backups: stop it, or if none runs (one was killed), start and stop it once`,
    );
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dir);
  await db.waitReady;
  await db.exec('checkpoint');
  const blob = await db.dumpDataDir('gzip');
  await db.close();
  return { dump: Buffer.from(await blob.arrayBuffer()), live: false };
}

/** Writes the database of a PGlite dump into `dir` (which must not exist yet). */
export async function loadPglite(dir, dump) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dir, { loadDataDir: new Blob([dump]) });
  await db.waitReady;
  await db.query('select 1');
  await db.close();
}

/** How many tables a PostgreSQL database has outside the system schemas. */
export function postgresTableCount(url) {
  const count = tool('psql', [
    '--no-psqlrc',
    '-Atc',
    "select count(*) from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    url,
  ]);
  return Number(count.trim());
}
