import { describe, expect, it } from 'vitest';
import { normalizeEmail } from './address.js';

describe('normalizeEmail', () => {
  it.each([
    ['ada@example.com', 'ada@example.com'],
    ['  Ada.Lovelace+qa@Mail.Example.CO.uk ', 'Ada.Lovelace+qa@mail.example.co.uk'],
    ["o'brien@example.ie", "o'brien@example.ie"],
  ])('accepts %j', (raw, want) => expect(normalizeEmail(raw)).toBe(want));

  it.each([
    'ada', 'ada@', '@example.com', 'ada@example', 'ada@@example.com', 'a b@example.com', 'ada@exa mple.com',
    'ada@example.com, bob@example.com', 'Ada <ada@example.com>', 'ada..x@example.com', '.ada@example.com',
    'ada@-example.com', 'ada@1.2.3.4', `${'a'.repeat(65)}@example.com`, 42, null,
  ])('refuses %j', (raw) => expect(normalizeEmail(raw)).toBeNull());
});
