/** Which database the server suites run on, and where PostgreSQL is (read by the setup and helper). */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://127.0.0.1:5432/test';
export const dbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
