/**
 * Opens the database: embedded PGlite in a folder by default, PostgreSQL when a URL is given.
 * Both speak the same dialect, so the app sees one `Db` type; migrations are applied on open.
 */
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from './schema/index.js';
import { trackCommits, type AfterCommit } from './after-commit.js';
import type { Db, Schema } from './db-type.js';

export type { Db, Schema };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (PGlite only): the job queue runs on it through its adapter. */
  pglite?: PGlite;
  /** The connection string (PostgreSQL only): the job queue opens its own pool with it. */
  url?: string;
  /** Runs work once the transaction the caller is in has ended (at once outside one). */
  afterCommit: AfterCommit;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  { kind: 'pglite'; dataDir?: string } | { kind: 'postgres'; url: string };

/**
 * Postgres's default 128 MB of shared buffers all end up touched in PGlite's WASM memory, which
 * never shrinks: the embedded server held ~150 MB there. 16 MB (~30 MB held) is plenty for this
 * app's tables; pages beyond it come from the OS page cache.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * V8 recompiles hot WASM functions with its optimizing compiler. For one of Postgres's (~100 KB
 * of WASM) that takes ~640 MB for a moment (the server peaked at 1 GB) and leaves ~50 MB with
 * the allocator, besides ~0.8 s of CPU during start-up. Only function 0 may be recompiled, and
 * it is an import, so PGlite runs on baseline code: the same speed for this app's short queries,
 * about twice the CPU for scans of thousands of rows (scripts/bench/idle-memory.mjs measures the
 * memory). Set before PGlite's module is compiled; it concerns WASM only.
 */
function keepWasmBaseline(): void {
  v8.setFlagsFromString('--wasm-tier-up-filter=0');
}

/** The advisory lock key held while migrating (any fixed number; "meet" in ASCII). */
const MIGRATION_LOCK = 0x6d656574;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const client = postgres(options.url, { max: 10, onnotice: () => {} });
    const db = drizzle(client, { schema });
    // Nodes starting together migrate one at a time (the others then find nothing to do).
    const lock = postgres(options.url, { max: 1, onnotice: () => {} });
    try {
      await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
      await migrate(db, { migrationsFolder });
    } finally {
      await lock.end({ timeout: 5 });
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      afterCommit: trackCommits(db as unknown as Db),
      url: options.url,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  keepWasmBaseline();
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite(options.dataDir, {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    afterCommit: trackCommits(db as unknown as Db),
    pglite: client,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
