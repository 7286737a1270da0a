import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signupSchema } from './auth.js';
import { createChatSchema } from './chat.js';
import { checkoutDataSchema } from './invoices.js';
import { createUserSchema } from './user.js';
import * as messages from './validation-messages.js';
import { VALIDATION_CODES, VALIDATION_TEXTS, validationCode } from './validation-messages.js';

/** Every contract text the module declares (its MSG_ constants). */
const texts = Object.entries(messages)
  .filter(([name]) => name.startsWith('MSG_'))
  .map(([, text]) => text as string);

function issueMessages(result: { error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((i) => i.message) ?? [];
}

describe('validation messages', () => {
  it('gives every contract text exactly one neutral code', () => {
    expect(texts.length).toBeGreaterThan(10);
    for (const text of texts) {
      const codes = VALIDATION_CODES.filter((c) =>
        (VALIDATION_TEXTS[c] as readonly string[]).includes(text),
      );
      expect(codes, text).toHaveLength(1);
      expect(validationCode(text), text).toBe(codes[0]);
    }
    // codes are plain identifiers, usable as translation keys in any language
    for (const code of VALIDATION_CODES) expect(code).toMatch(/^[a-z][A-Za-z]*$/);
    // and every text a code lists is one of the declared constants
    expect(Object.values(VALIDATION_TEXTS).flat().sort()).toEqual([...texts].sort());
  });

  it('knows no code for a text it does not declare', () => {
    expect(validationCode('Before dateFrom')).toBeUndefined();
    expect(validationCode('too long!')).toBeUndefined();
    expect(validationCode('constructor')).toBeUndefined();
  });

  it('keeps the contract texts word for word', () => {
    expect(
      createUserSchema.safeParse({ name: 'A', email: 'x', password: '1' }).error?.issues,
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['name'], message: 'Too Short!' }),
        expect.objectContaining({ path: ['email'], message: 'Invalid email' }),
        expect.objectContaining({ path: ['password'], message: 'Too Short!' }),
      ]),
    );
    expect(
      issueMessages(createChatSchema.safeParse({ title: 'x'.repeat(101), users: [] })),
    ).toEqual(['Too Long!', 'Obrigatório']);
    const signup = signupSchema.safeParse({});
    expect(new Set(issueMessages(signup))).toEqual(
      new Set(['Obrigatório', 'CPF/CNPJ é obrigatório']),
    );
  });

  it('answers the forms with texts that all have a code', () => {
    const results = [
      createUserSchema.safeParse({ password: '' }),
      createUserSchema.safeParse({
        name: 'x'.repeat(51),
        email: 'x',
        password: 'x'.repeat(51),
        startWork: '25:00',
      }),
      createChatSchema.safeParse({ title: '', users: [] }),
      createChatSchema.safeParse({ title: 'x'.repeat(101), users: [{ id: 1 }] }),
      signupSchema.safeParse({}),
      signupSchema.safeParse({
        name: 'A',
        companyName: 'x'.repeat(51),
        email: 'x',
        password: '1',
        phone: '',
        planId: 1,
        document: '123',
      }),
      checkoutDataSchema.safeParse({}),
    ];
    const seen = results.flatMap(issueMessages);
    expect(seen.length).toBeGreaterThan(15);
    for (const message of seen) expect(validationCode(message), message).toBeDefined();
    expect(new Set(seen.map(validationCode))).toEqual(new Set(VALIDATION_CODES));
  });

  it('writes each contract text once: the schemas use the constants', () => {
    const dir = new URL('.', import.meta.url);
    const copies = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'validation-messages.ts')
      .flatMap((f) => {
        // comments may quote a text; code must not
        const code = readFileSync(new URL(f, dir), 'utf8')
          .split('\n')
          .filter((line) => !/^\s*(\/\/|\/?\*)/.test(line))
          .join('\n');
        return texts
          .filter((t) => code.includes(`'${t}'`) || code.includes(`"${t}"`))
          .map((t) => `${f}: ${t}`);
      });
    expect(copies).toEqual([]);
  });
});
