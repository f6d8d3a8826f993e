import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CompanyFormSchema } from './companies';
import { hasControlCharacter, multiLine, singleLine } from './form-fields';
import { TEXT_ERRORS } from './messages';

describe('control characters', () => {
  it('are C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F), nothing else', () => {
    for (let code = 0; code <= 0xff; code += 1) {
      const expected = code <= 0x1f || (code >= 0x7f && code <= 0x9f);
      expect(hasControlCharacter(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(expected);
    }
    expect(hasControlCharacter('Zoë’s Café — 日本 ✓')).toBe(false);
  });

  it('are refused by a one-line field; a multi-line one keeps tabs and line breaks only', () => {
    const name = v.pipe(v.string(), singleLine('Name'));
    const notes = v.pipe(v.string(), multiLine('Notes'));
    expect(v.safeParse(name, 'a\tb').issues?.[0]?.message).toBe(TEXT_ERRORS.controlCharacters('Name'));
    expect(v.safeParse(name, 'plain name').success).toBe(true);
    expect(v.safeParse(notes, 'a\tb\r\nc').success).toBe(true);
    expect(v.safeParse(notes, 'a\u0007b').issues?.[0]?.message).toBe(
      TEXT_ERRORS.controlCharactersMultiLine('Notes'),
    );
  });

  it('give the company form its field message', () => {
    const result = v.safeParse(CompanyFormSchema, { name: 'Acme\u009bCorp' });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(TEXT_ERRORS.controlCharacters('Company name'));
  });
});
