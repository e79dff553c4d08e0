import { argon2Sync, type Argon2Parameters } from 'node:crypto';
import { expect, test } from 'vitest';
import { ARGON2_COST, Passwords, legacyScryptHash } from './passwords.js';

/** Node's Argon2id, counting its runs. */
function counted() {
  const runs: Argon2Parameters[] = [];
  const passwords = new Passwords(async (parameters) => {
    runs.push(parameters);
    return argon2Sync('argon2id', parameters);
  });
  return { passwords, runs };
}

test('a new hash is Argon2id at the OWASP cost, in the PHC form, and verifies', async () => {
  const { passwords } = counted();
  const stored = await passwords.hash('secret123');
  const { memory, passes, parallelism } = ARGON2_COST;
  expect(stored).toMatch(
    new RegExp(
      `^\\$argon2id\\$v=19\\$m=${memory},t=${passes},p=${parallelism}\\$[\\w+/]{22}\\$[\\w+/]{43}$`,
    ),
  );
  expect([memory, passes, parallelism]).toEqual([19456, 2, 1]);
  expect(await passwords.verify('secret123', stored)).toBe(true);
  expect(await passwords.verify('secret124', stored)).toBe(false);
  expect(passwords.needsRehash(stored)).toBe(false);
  // The same password hashes differently each time (a new salt).
  expect(await passwords.hash('secret123')).not.toBe(stored);
});

test('an old scrypt hash still verifies and asks to be replaced', async () => {
  const { passwords } = counted();
  const old = await legacyScryptHash('oldpass1');
  expect(old).toMatch(/^scrypt\$16384\$8\$1\$/);
  expect(await passwords.verify('oldpass1', old)).toBe(true);
  expect(await passwords.verify('oldpass2', old)).toBe(false);
  expect(passwords.needsRehash(old)).toBe(true);
});

test('an Argon2id hash of another cost verifies and asks to be replaced', async () => {
  const { passwords } = counted();
  const nonce = Buffer.alloc(16, 7);
  const tag = argon2Sync('argon2id', {
    message: 'secret123',
    nonce,
    memory: 8192,
    passes: 3,
    parallelism: 1,
    tagLength: 32,
  });
  const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
  const stored = `$argon2id$v=19$m=8192,t=3,p=1$${b64(nonce)}$${b64(tag)}`;
  expect(await passwords.verify('secret123', stored)).toBe(true);
  expect(passwords.needsRehash(stored)).toBe(true);
});

test('with no stored hash it still runs one Argon2id, then says no', async () => {
  const { passwords, runs } = counted();
  await passwords.hash('warm-up'); // the constructor's own hash has run by now
  const before = runs.length;
  expect(await passwords.verify('secret123', null)).toBe(false);
  expect(await passwords.verify('secret123', undefined)).toBe(false);
  expect(runs.length - before).toBe(2);
  expect(runs.at(-1)).toMatchObject({ memory: ARGON2_COST.memory, passes: ARGON2_COST.passes });
});

test.each([
  ['something else', 'plain-text'],
  ['a bcrypt hash', '$2b$10$abcdefghijklmnopqrstuu'],
  [
    'an Argon2id string asking for 1 GiB',
    '$argon2id$v=19$m=1048576,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAA',
  ],
])('%s never verifies', async (_name, stored) => {
  const { passwords } = counted();
  expect(await passwords.verify('secret123', stored)).toBe(false);
});
