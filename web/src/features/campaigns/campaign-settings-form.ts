import { hhmm, type CampaignSettings } from '@atendo/domain';
import { z } from 'zod';

/** Seconds between two sends the page offers (docs/product/campaigns.md#limits-and-defaults). */
export const MESSAGE_INTERVALS = [0, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
/** Messages after which the longer pause comes: none, or 5 to 60 (docs/product/campaigns.md#limits-and-defaults). */
export const LONGER_AFTER = [0, ...Array.from({ length: 56 }, (_, i) => i + 5)] as const;
/** Seconds of the longer pause: none, or 40 to 200 in steps of 20 (docs/product/campaigns.md#limits-and-defaults). */
export const GREATER_INTERVALS = [0, 40, 60, 80, 100, 120, 140, 160, 180, 200] as const;

/** The choices of a select, with a stored value outside them kept (saved through the api). */
export function withCurrent(options: readonly number[], current: number | undefined): number[] {
  return current === undefined || options.includes(current)
    ? [...options]
    : [...options, current].sort((a, b) => a - b);
}

/** A variable's key as `{key}` in a message: letters, digits, _ and -, unique. */
const variable = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[\p{L}\p{N}_-]{1,50}$/u, 'campaignSettings.keyInvalid'),
  value: z.string().max(5000, 'Too Long!'),
});

export const campaignSettingsFormSchema = z.object({
  messageInterval: z.coerce.number().int().min(0),
  longerIntervalAfter: z.coerce.number().int().min(0),
  greaterInterval: z.coerce.number().int().min(0),
  startHour: hhmm,
  endHour: hhmm,
  sabado: z.boolean(),
  domingo: z.boolean(),
  variables: z.array(variable).superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      const key = row.key.trim();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i, 'key'], message: 'campaignSettings.keyInvalid' });
      seen.add(key);
    });
  }),
});
export type CampaignSettingsFormValues = z.input<typeof campaignSettingsFormSchema>;
export type CampaignSettingsFormOutput = z.output<typeof campaignSettingsFormSchema>;

/** The form of the saved settings (numbers as the selects' text). */
export function settingsFormOf(s: CampaignSettings): CampaignSettingsFormValues {
  return {
    messageInterval: String(s.messageInterval),
    longerIntervalAfter: String(s.longerIntervalAfter),
    greaterInterval: String(s.greaterInterval),
    startHour: s.startHour,
    endHour: s.endHour,
    sabado: s.sabado,
    domingo: s.domingo,
    variables: s.variables.map((v) => ({ key: v.key, value: v.value })),
  };
}
