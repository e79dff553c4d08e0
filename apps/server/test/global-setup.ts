/**
 * Runs once before the server suites: migrates one template database, so each test file starts
 * from a copy instead of creating and migrating its own. A fresh in-memory PGlite spends ~3 s in
 * initdb; loading a dumped data directory takes ~1 s. On PostgreSQL a file's database is created
 * from a migrated template database.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import postgres from 'postgres';
import { openDatabase } from '../src/db/database.js';
import { POSTGRES_ADMIN_URL, dbKind } from './template-settings.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated PGlite data directory (a file path), when the suite runs on PGlite. */
    pgliteTemplate: string;
    /** The migrated template database's name, when the suite runs on PostgreSQL. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (dbKind === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'meet-pglite-template-'));
    const file = path.join(dir, 'migrated.tar');
    const database = await openDatabase({ kind: 'pglite' });
    const dump = await database.pglite!.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', file);
    project.provide('postgresTemplate', '');
    return () => rm(dir, { recursive: true, force: true });
  }
  const name = `t_template_${process.pid}`;
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.close();
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
}
