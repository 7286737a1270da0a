import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatPlanFlags } from './format.js';

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
    expect(formatPlanFlags({ ...none, useWhatsapp: true, useOpenAi: true })).toBe('whatsapp, openAi');
  });
});
