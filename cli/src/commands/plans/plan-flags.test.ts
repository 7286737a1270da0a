import { PLAN_FLAGS } from '@atendo/domain';
import { describe, expect, it } from 'vitest';
import { flagsFromOptions, parseFlagList } from './plan-flags.js';

describe('parseFlagList', () => {
  it('accepts names with or without the use prefix, in any case', () => {
    expect(parseFlagList('useKanban, campaigns,INTERNAL-CHAT,openai', '--flags')).toEqual([
      'useKanban',
      'useCampaigns',
      'useInternalChat',
      'useOpenAi',
    ]);
  });

  it('refuses unknown features, listing the known ones (exit code 2)', () => {
    expect(() => parseFlagList('kanban,telegram', '--flags')).toThrow(
      /--flags: unknown feature telegram/,
    );
    try {
      parseFlagList('telegram', '--enable');
    } catch (err) {
      expect(err).toMatchObject({
        exitCode: 2,
        nextSteps: [expect.stringContaining('internalChat')],
      });
    }
  });
});

describe('flagsFromOptions', () => {
  it('--flags sets exactly those features', () => {
    const flags = flagsFromOptions({ flags: 'whatsapp,kanban' })!;
    expect(Object.keys(flags)).toEqual([...PLAN_FLAGS]);
    expect(PLAN_FLAGS.filter((f) => flags[f])).toEqual(['useWhatsapp', 'useKanban']);
  });

  it('--all-flags and --no-flags set every feature', () => {
    expect(Object.values(flagsFromOptions({ allFlags: true })!).every(Boolean)).toBe(true);
    expect(Object.values(flagsFromOptions({ flags: false })!).some(Boolean)).toBe(false);
  });

  it('--enable and --disable change only the named features', () => {
    expect(flagsFromOptions({ enable: 'kanban', disable: 'openAi,campaigns' })).toEqual({
      useKanban: true,
      useOpenAi: false,
      useCampaigns: false,
    });
  });

  it('says nothing when no option is given', () => {
    expect(flagsFromOptions({})).toBeUndefined();
  });

  it('refuses contradictions', () => {
    expect(() => flagsFromOptions({ flags: 'kanban', allFlags: true })).toThrow(
      /cannot be used together/,
    );
    expect(() => flagsFromOptions({ allFlags: true, enable: 'kanban' })).toThrow(
      /cannot be combined/,
    );
    expect(() => flagsFromOptions({ enable: 'kanban', disable: 'useKanban' })).toThrow(
      /both enabled and disabled: kanban/,
    );
  });
});
