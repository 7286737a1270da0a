import { describe, expect, it } from 'vitest';
import {
  applyCustomVariables,
  campaignWindowOpenUntil,
  applyRecipientVariables,
  campaignGapMs,
  isCampaignOptOut,
  isInsideCampaignWindow,
  localDayStart,
  msUntilCampaignWindow,
  msUntilNextLocalDay,
} from './delivery-rules.js';

const SP = 'America/Sao_Paulo'; // UTC-3, no daylight saving
const window = { startHour: '09:00', endHour: '18:00', sabado: false, domingo: false };

describe('campaign delivery rules', () => {
  it('waits for the next allowed day and hour in the company time zone', () => {
    // Friday 2026-11-20 17:59 local: inside.
    expect(msUntilCampaignWindow(new Date('2026-11-20T20:59:00Z'), SP, window)).toBe(0);
    // Friday 18:00 local: closed until Monday 09:00 local (63 hours).
    expect(msUntilCampaignWindow(new Date('2026-11-20T21:00:00Z'), SP, window)).toBe(63 * 3600e3);
    // Saturday allowed: Saturday 09:00.
    const sat = { ...window, sabado: true };
    expect(msUntilCampaignWindow(new Date('2026-11-20T21:00:30Z'), SP, sat)).toBe(
      15 * 3600e3 - 30e3,
    );
    // Monday 07:30 local: 90 minutes.
    expect(msUntilCampaignWindow(new Date('2026-11-23T10:30:00Z'), SP, window)).toBe(90 * 60e3);
    expect(isInsideCampaignWindow(new Date('2026-11-21T15:00:00Z'), SP, window)).toBe(false);
    // A window across midnight.
    const night = { ...window, startHour: '22:00', endHour: '02:00' };
    expect(isInsideCampaignWindow(new Date('2026-11-24T04:00:00Z'), SP, night)).toBe(true);
    expect(msUntilCampaignWindow(new Date('2026-11-24T06:00:00Z'), SP, night)).toBe(19 * 3600e3);
  });

  it('tells until when a batch may send without asking again', () => {
    const at = (iso: string) => campaignWindowOpenUntil(new Date(iso), SP, window);
    expect(at('2026-11-20T20:00:30Z')).toBe(Date.parse('2026-11-20T21:00:00Z')); // Fri 17:00:30 → 18:00
    expect(at('2026-11-21T15:00:00Z')).toBe(Date.parse('2026-11-21T15:00:00Z')); // Saturday: closed
    const night = { ...window, startHour: '22:00', endHour: '02:00' };
    // 23:10 local: until midnight, then asked again (a new day may not be allowed).
    expect(campaignWindowOpenUntil(new Date('2026-11-24T02:10:00Z'), SP, night)).toBe(
      Date.parse('2026-11-24T03:00:00Z'),
    );
  });

  it('crosses a daylight-saving change on the right day', () => {
    // New York falls back on Sunday 2026-11-01; Saturday 20:00 EDT → Monday 09:00 EST.
    const ms = msUntilCampaignWindow(new Date('2026-11-01T00:00:00Z'), 'America/New_York', window);
    expect(new Date(Date.parse('2026-11-01T00:00:00Z') + ms).toISOString()).toBe(
      '2026-11-02T14:00:00.000Z',
    );
  });

  it('paces sends and finds the local day', () => {
    const p = { messageInterval: 20, longerIntervalAfter: 3, greaterInterval: 60 };
    expect([1, 2, 3, 4, 6].map((n) => campaignGapMs(n, p))).toEqual([20e3, 20e3, 60e3, 20e3, 60e3]);
    expect(
      campaignGapMs(5, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 }),
    ).toBe(0);
    expect(localDayStart(new Date('2026-11-23T02:10:00Z'), SP).toISOString()).toBe(
      '2026-11-22T03:00:00.000Z',
    );
    expect(msUntilNextLocalDay(new Date('2026-11-23T02:10:00Z'), SP)).toBe(50 * 60e3);
  });

  it('fills variables and reads opt-out words', () => {
    const text = applyCustomVariables('Oi {nome}, {cupom} em {numero} {email}', [
      { key: 'cupom', value: 'X10' },
    ]);
    expect(applyRecipientVariables(text, { name: 'Ana', number: '5511', email: null })).toBe(
      'Oi Ana, X10 em 5511 ',
    );
    expect(['sair', ' STOP ', 'Parar', 'cancelar'].every(isCampaignOptOut)).toBe(true);
    expect(isCampaignOptOut('sair agora')).toBe(false);
  });
});
