/**
 * Runs once before the server suites on PostgreSQL: migrates one template database, so each test
 * file's database is a copy of it (CREATE DATABASE … TEMPLATE) instead of being migrated anew.
 * On PGlite a dumped, migrated data directory was tried and gained nothing: building the app
 * took 3.6–4.3 s either way (three builds in one test file, each way).
 */
import type { TestProject } from 'vitest/node';
import postgres from 'postgres';
import { openDatabase } from '../src/db/database.js';
import { POSTGRES_ADMIN_URL, dbKind } from './template-settings.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database's name, when the suite runs on PostgreSQL. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (dbKind === 'pglite') {
    project.provide('postgresTemplate', '');
    return async () => undefined;
  }
  const name = `t_template_${process.pid}`;
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.close();
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
}
