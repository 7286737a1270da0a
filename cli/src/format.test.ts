import { describe, expect, it } from 'vitest';
import {
  addMonths,
  companyToday,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPlanFlags,
} from './format.js';

describe('companyToday', () => {
  it("is the company's calendar day in its time zone, not UTC's", () => {
    // 02:00 UTC on the 29th is still the 28th in São Paulo (UTC-3) and already the 29th in Tokyo.
    const at = new Date('2026-11-29T02:00:00Z');
    expect(companyToday({ timezone: 'America/Sao_Paulo' }, at)).toBe('2026-11-28');
    expect(companyToday({ timezone: 'Asia/Tokyo' }, at)).toBe('2026-11-29');
    // No zone, or an unknown one: the platform's default (São Paulo).
    expect(companyToday({}, at)).toBe('2026-11-28');
  });
});

describe('formatMoney', () => {
  it('formats reais pt-BR style with two decimals', () => {
    expect(formatMoney('1234.5')).toBe('R$ 1.234,50');
    expect(formatMoney('30,00')).toBe('R$ 30,00');
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney(null)).toBe('—');
  });
});

describe('formatDate', () => {
  it('keeps the date of a timestamp', () => {
    expect(formatDate('2999-12-31T00:00:00.000Z')).toBe('2999-12-31');
    expect(formatDate(null)).toBe('—');
  });
});

describe('formatPlanFlags', () => {
  it('lists enabled flags without the use prefix', () => {
    const none = {
      useWhatsapp: false,
      useFacebook: false,
      useInstagram: false,
      useCampaigns: false,
      useSchedules: false,
      useInternalChat: false,
      useExternalApi: false,
      useKanban: false,
      useOpenAi: false,
      useIntegrations: false,
    };
    expect(formatPlanFlags(none)).toBe('—');
    expect(formatPlanFlags({ ...none, useWhatsapp: true, useOpenAi: true })).toBe(
      'whatsapp, openAi',
    );
  });
});

describe('addMonths', () => {
  it('adds calendar months, across years', () => {
    expect(addMonths('2025-01-15', 1)).toBe('2025-02-15');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-06-10', 12)).toBe('2026-06-10');
  });

  it('clamps to the last day of a shorter month', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-08-31', 1)).toBe('2025-09-30');
  });
});

describe('formatDateTime', () => {
  it('shows a timestamp in UTC to the minute', () => {
    expect(formatDateTime('2025-05-01T12:34:56.000Z')).toBe('2025-05-01 12:34');
    expect(formatDateTime(null)).toBe('—');
  });
});
