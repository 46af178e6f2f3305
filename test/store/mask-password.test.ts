import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskPassword } from '../../src/store/index.js';

/** Passwords as people pick them: letters, digits and the punctuation a URL or libpq would carry. */
const password = fc
  .string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789!$%*+,-.:;=@_~^(){}[]|'),
    minLength: 6,
    maxLength: 24,
  })
  .filter((text) => /[A-Za-z]/.test(text) && /\d/.test(text));

const user = fc.constantFrom('crag', 'postgres', 'bot_user');
const host = fc.constantFrom('127.0.0.1', 'db.example.org', 'localhost');

/** Every way a person might write a database's password, each with the password in it. */
const FORMS: readonly { name: string; write: (user: string, password: string, host: string) => string }[] = [
  { name: 'a postgres:// URL', write: (u, p, h) => `postgres://${u}:${p}@${h}:5432/crag` },
  { name: 'a postgresql:// URL', write: (u, p, h) => `postgresql://${u}:${p}@${h}/crag?sslmode=require` },
  { name: 'a URL with no scheme', write: (u, p, h) => `${u}:${p}@${h}:55432/crag` },
  { name: 'a URL with no host', write: (u, p) => `postgres://${u}:${p.replace(/[@/?#]/g, '')}` },
  {
    name: 'a ?password= parameter',
    write: (u, p, h) => `postgres://${h}/crag?user=${u}&password=${encodeURIComponent(p)}`,
  },
  {
    name: 'an sslpassword parameter',
    write: (u, p, h) => `postgres://${u}@${h}/crag?sslpassword=${encodeURIComponent(p)}&a=1`,
  },
  {
    name: "libpq's key/value form",
    write: (u, p, h) => `host=${h} port=5432 user=${u} password=${p.replace(/\s/g, '')} dbname=crag`,
  },
  { name: 'key/value with spaces round =', write: (u, p, h) => `host=${h} user=${u} password = ${p} dbname=crag` },
  {
    name: 'key/value, quoted',
    write: (u, p, h) => `host=${h} user=${u} password='${p.replace(/['\\]/g, '\\$&')} and more' dbname=crag`,
  },
];

describe('maskPassword', () => {
  it.each(FORMS)('never shows the password of $name', ({ write }) => {
    fc.assert(
      fc.property(user, password, host, (name, secret, where) => {
        const written = write(name, secret, where);
        const masked = maskPassword(written);
        expect(masked).not.toContain(secret);
        expect(masked).toContain('***');
        // What is not secret stays, so the line still says where it was meant to connect.
        if (written.includes(where)) expect(masked).toContain(where);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves a URL without a password as it was', () => {
    for (const url of ['postgres://127.0.0.1:5432/crag', 'postgres://crag@db/crag', 'host=db port=5432 dbname=crag']) {
      expect(maskPassword(url)).toBe(url);
    }
  });
});
