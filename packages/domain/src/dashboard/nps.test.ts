import { describe, expect, it } from 'vitest';
import { npsCategory, npsCounts, npsSummary } from './nps.js';

describe('NPS', () => {
  it('puts 9 and 10 with promoters, 7 and 8 with passives, 6 and below with detractors', () => {
    expect([0, 6, 7, 8, 9, 10].map(npsCategory)).toEqual([
      'detractor',
      'detractor',
      'passive',
      'passive',
      'promoter',
      'promoter',
    ]);
  });

  it('scores %promoters minus %detractors', () => {
    // 3 promoters, 1 passive, 2 detractors of 6: 50% - 33.33% = 16.67
    expect(npsSummary(npsCounts([10, 9, 9, 7, 6, 0]))).toEqual({
      npsScore: 16.67,
      npsPromotersPerc: 50,
      npsPassivePerc: 16.67,
      npsDetractorsPerc: 33.33,
    });
    expect(npsSummary(npsCounts([1, 2])).npsScore).toBe(-100);
  });

  it('is all zero without ratings', () => {
    expect(npsSummary({ promoters: 0, passives: 0, detractors: 0 })).toEqual({
      npsScore: 0,
      npsPromotersPerc: 0,
      npsPassivePerc: 0,
      npsDetractorsPerc: 0,
    });
  });
});
