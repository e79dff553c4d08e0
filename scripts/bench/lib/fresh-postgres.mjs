// A fresh PostgreSQL database for one benchmark run, made and dropped through the server's own
// `postgres` package on an existing database (BENCH_POSTGRES_URL, default
// postgres://127.0.0.1:5432/test).
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** `{ url, drop() }`; `root` is the repository, `prefix` names the database with the pid. */
export async function freshPostgres(root, prefix) {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://127.0.0.1:5432/test';
  const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));
  const { default: postgres } = await import(pathToFileURL(serverRequire.resolve('postgres')).href);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  const name = `${prefix}_${process.pid}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
