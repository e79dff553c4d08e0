/**
 * Password hashes (issue 27): new ones are Argon2id; an account whose hash is the older scrypt
 * still signs in, and that sign-in replaces its hash with Argon2id.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { legacyScryptHash } from '../src/lib/passwords.js';
import { build, randomIp, registerUser, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

let serial = 0;
const uniqueEmail = (name: string) => `${name}-${process.pid}-${++serial}@example.com`;

const storedHash = async (email: string) => {
  const [row] = await t.database.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  return row!.passwordHash!;
};

const login = (email: string, password: string) =>
  t.post('/api/user/emailLogin', { email, password }, undefined, { remoteAddress: randomIp() });

/** An account as it was before issue 27: its password hashed with scrypt (N=2^14). */
async function oldAccount(password: string) {
  const email = uniqueEmail('old');
  await registerUser(t, email, 'placeholder1');
  await t.database.db
    .update(users)
    .set({ passwordHash: await legacyScryptHash(password) })
    .where(eq(users.email, email));
  return email;
}

test('a new account’s password is stored as Argon2id', async () => {
  const email = uniqueEmail('new');
  await registerUser(t, email, 'secret123');
  expect(await storedHash(email)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
});

test('an account with an old scrypt hash signs in, and its stored hash becomes Argon2id', async () => {
  const email = await oldAccount('oldpass1');
  expect(await storedHash(email)).toMatch(/^scrypt\$16384\$/);
  const res = await login(email, 'oldpass1');
  expect(res.json().code, res.body).toBe(0);
  expect(await storedHash(email)).toMatch(/^\$argon2id\$/);
  // The new hash is the same password's.
  expect((await login(email, 'oldpass1')).json().code).toBe(0);
  expect((await login(email, 'oldpass2')).json().key).toBe('signInFailed');
});

test('a wrong password leaves an old hash as it is', async () => {
  const email = await oldAccount('oldpass1');
  const before = await storedHash(email);
  expect((await login(email, 'oldpass9')).json().key).toBe('signInFailed');
  expect(await storedHash(email)).toBe(before);
});

test('an Argon2id hash is not rewritten at each sign-in', async () => {
  const email = uniqueEmail('steady');
  await registerUser(t, email, 'secret123');
  const before = await storedHash(email);
  expect((await login(email, 'secret123')).json().code).toBe(0);
  expect(await storedHash(email)).toBe(before);
});
