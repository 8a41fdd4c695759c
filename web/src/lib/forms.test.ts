import { describe, expect, it } from 'vitest';
import { looksLikeEmail, meetsPasswordPolicy } from './forms';

describe('password policy (spec §5)', () => {
  it.each(['Abcdef1!', 'Braille#2026', 'كلمةA1!x', 'LONGpassword9$'])('accepts %s', (pw) => expect(meetsPasswordPolicy(pw)).toBe(true));
  it.each([
    ['Abc1!xy', 'too short'],
    ['abcdef1!', 'no uppercase'],
    ['Abcdefg!', 'no digit'],
    ['Abcdefg1', 'no special character'],
    ['', 'empty'],
  ])('refuses %s (%s)', (pw) => expect(meetsPasswordPolicy(pw)).toBe(false));
});

describe('e-mail shape', () => {
  it('accepts a normal address and refuses obvious mistakes', () => {
    expect(looksLikeEmail(' mona@example.org ')).toBe(true);
    expect(looksLikeEmail('mona@example')).toBe(false);
    expect(looksLikeEmail('mona example.org')).toBe(false);
  });
});
