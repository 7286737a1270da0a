import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signupSchema } from './auth.js';
import { createChatSchema } from './chat.js';
import { hexColor } from './common.js';
import { FILE_LIST_MAX_OPTIONS, createFileListSchema, fileListName } from './file-list.js';
import { checkoutDataSchema } from './invoices.js';
import { planSchema } from './plan.js';
import { createPromptSchema } from './prompt.js';
import { queueIntegrationSchema } from './queue-integration.js';
import { chatbotOptionFields, queueRuleIssues, schedulesSchema } from './queue.js';
import { createScheduleSchema } from './schedules.js';
import { SESSION_AUTH_BATCH, sessionAuthKey } from './session-channel.js';
import { syncTagItem, tagName } from './tag.js';
import { ticketReportQuery } from './ticket-reports.js';
import { createUserSchema } from './user.js';
import { VACATION_MIN_DAYS_AGO, whatsappRuleIssues } from './whatsapp.js';
import * as messages from './validation-messages.js';
import { VALIDATION_CODES, VALIDATION_TEXTS, validationCode } from './validation-messages.js';

/** Every contract text the module declares (its MSG_ constants). */
const texts = Object.entries(messages)
  .filter(([name]) => name.startsWith('MSG_'))
  .map(([, text]) => text as string);

/** The messages of the issues on one field. */
function messagesAt(
  result: { error?: { issues: { message: string; path: PropertyKey[] }[] } },
  ...fields: string[]
): string[] {
  return (result.error?.issues ?? [])
    .filter((i) => fields.includes(String(i.path[0])))
    .map((i) => i.message);
}

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
    // a text built per call (dashboard's `Before ${from}`) has no fixed wording to code
    expect(validationCode('Before date_from')).toBeUndefined();
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
    expect(new Set(seen.map(validationCode))).toEqual(
      new Set([
        ...['required', 'tooShort', 'tooLong', 'invalidEmail', 'invalidTime'],
        ...['documentRequired', 'invalidDocument', 'fullNameRequired'],
      ]),
    );
  });

  it("answers the features' own rules with coded texts, word for word", () => {
    const schedule = { body: 'x', sendAt: '2030-01-01T10:00', contactId: 1 };
    const cases: [string[], string[]][] = [
      [issueMessages(hexColor.safeParse('blue')), ['Invalid color']],
      [issueMessages(tagName.safeParse('ab')), ['Mensagem muito curta']],
      [issueMessages(syncTagItem.safeParse({ name: 'ab' })), ['Tag muito curta!']],
      [issueMessages(fileListName.safeParse('ab')), ['nome muito curto']],
      [
        issueMessages(
          createFileListSchema.safeParse({
            name: 'Lista',
            message: 'm',
            options: Array.from({ length: FILE_LIST_MAX_OPTIONS + 1 }, () => ({ name: 'f' })),
          }),
        ),
        [`At most ${FILE_LIST_MAX_OPTIONS} files`],
      ],
      [issueMessages(chatbotOptionFields.safeParse({ name: 'abc' })), ['too short']],
      [
        issueMessages(
          schedulesSchema.safeParse([
            { weekdayEn: 'monday', startTimeA: '10:00', endTimeA: '09:00' },
            { weekdayEn: 'monday' },
          ]),
        ),
        ['Before the start', 'Duplicated weekday'],
      ],
      [
        queueRuleIssues({ ativarRoteador: true }).map((i) => i.message),
        ['Required when rotation is on'],
      ],
      [
        issueMessages(
          planSchema.safeParse({ name: 'P', users: 1, connections: 1, queues: 1, amount: 'x' }),
        ),
        ['Invalid amount'],
      ],
      [
        messagesAt(
          createPromptSchema.safeParse({ queueId: 0, voice: 'nobody' }),
          'queueId',
          'voice',
        ),
        ['Informe o setor', 'Unknown voice'],
      ],
      [
        issueMessages(
          queueIntegrationSchema.safeParse({
            type: 'n8n',
            name: 'n8n',
            urlN8N: 'ftp://x',
          }),
        ),
        ['Invalid URL'],
      ],
      [
        messagesAt(
          createScheduleSchema.safeParse({ ...schedule, enviarQuantasVezes: 2, valorIntervalo: 0 }),
          'valorIntervalo',
        ),
        ['Required when sending more than once'],
      ],
      [
        messagesAt(
          createScheduleSchema.safeParse({ ...schedule, intervalo: 9, tipoDias: 1 }),
          'intervalo',
          'tipoDias',
        ),
        ['Must be 1, 2, 3 or 4', 'Must be 4, 5 or 6'],
      ],
      [issueMessages(sessionAuthKey.safeParse('__proto__')), ['Invalid key']],
      [
        issueMessages(
          ticketReportQuery.safeParse({ dateFrom: '2026-02-02', dateTo: '2026-02-01' }),
        ),
        ['Before dateFrom'],
      ],
      [
        whatsappRuleIssues(
          {
            timeSendQueue: 5,
            ratingMessage: 'Nota?',
            timeInactiveMessage: 5,
            collectiveVacationMessage: 'Férias',
            collectiveVacationStart: '2020-01-10',
            collectiveVacationEnd: '2020-01-01',
            importOldMessages: '2020-01-01T00:00:00Z',
            importRecentMessages: '2019-01-01T00:00:00Z',
            queueIdImportMessages: 1,
          },
          new Date('2026-01-01T00:00:00Z'),
        ).map((i) => i.message),
        [
          'whatsappModal.errorSendQueue',
          'whatsappModal.errorExpiresNPS',
          'Required when an inactivity message is timed',
          `Must not be more than ${VACATION_MIN_DAYS_AGO} days ago`,
          `Must not be more than ${VACATION_MIN_DAYS_AGO} days ago`,
          'Must not be before the start',
          'Must be within the last 2 years',
          'Must be between the start date and now',
        ],
      ],
    ];
    for (const [seen, expected] of cases) {
      expect(seen).toEqual(expected);
      for (const message of seen) expect(validationCode(message), message).toBeDefined();
    }
    // texts that name a limit spell the limit the schema enforces
    expect(messages.MSG_TOO_MANY_FILES).toBe(`At most ${FILE_LIST_MAX_OPTIONS} files`);
    expect(messages.MSG_TOO_MANY_KEYS).toBe(`At most ${SESSION_AUTH_BATCH} keys`);
    expect(messages.MSG_VACATION_TOO_FAR_BACK).toBe(
      `Must not be more than ${VACATION_MIN_DAYS_AGO} days ago`,
    );
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

  it('leaves no schema a literal validation text: each is a constant with a code', () => {
    const dir = new URL('.', import.meta.url);
    const lit = `(['"\`][^'"\`]*['"\`])`;
    // a quoted text where zod takes a message: `message:`/`error:`, the last argument of a check
    // (`.min(3, 'x')`, `.refine(fn, 'x')`) or the only one of `.int('x')`
    const literal = new RegExp(
      [
        `\\b(?:message|error):\\s*${lit}\\s*[,}]`,
        `,\\s*${lit}\\s*,?\\s*\\)`,
        `\\.(?:int|positive|nonnegative|email|url|nonempty)\\(\\s*${lit}\\s*\\)`,
      ].join('|'),
      'g',
    );
    // built per call from its arguments: no fixed wording to code
    const perCall = [/^`Before \$\{from\}`$/, /^`M(í|á)[a-z]+ de \$\{(min|max)\} \$\{label\}`$/];
    const found = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'validation-messages.ts')
      .flatMap((f) => {
        const code = readFileSync(new URL(f, dir), 'utf8')
          .split('\n')
          .filter((line) => !/^\s*(\/\/|\/?\*)/.test(line))
          .join('\n');
        return (
          [...code.matchAll(literal)]
            .map((m) => (m[1] ?? m[2] ?? m[3])!)
            // a message reads as words ('too short', 'Obrigatório'); a bare '' or 'date_to' is an argument
            .filter((text) => /\s|!|^.[A-Z]/.test(text) && !perCall.some((p) => p.test(text)))
            .map((text) => `${f}: ${text}`)
        );
      });
    expect(found).toEqual([]);
  });
});
