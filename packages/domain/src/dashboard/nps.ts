/**
 * Net Promoter Score of the dashboard (docs/product/companies-plans-billing.md#billing-sweep): a rating of 9 or 10 is a promoter,
 * 7 or 8 passive, 6 or less a detractor; the score is %promoters − %detractors (−100 to 100).
 * The api counts the three groups in SQL with these bounds and finishes here, so the rule
 * lives in one place.
 */
export const NPS_PROMOTER_MIN = 9;
export const NPS_DETRACTOR_MAX = 6;

export type NpsCategory = 'promoter' | 'passive' | 'detractor';

/** The group one rating (0–10) falls in. */
export function npsCategory(rate: number): NpsCategory {
  if (rate >= NPS_PROMOTER_MIN) return 'promoter';
  if (rate <= NPS_DETRACTOR_MAX) return 'detractor';
  return 'passive';
}

export interface NpsCounts {
  promoters: number;
  passives: number;
  detractors: number;
}

export interface NpsSummary {
  npsScore: number;
  npsPromotersPerc: number;
  npsPassivePerc: number;
  npsDetractorsPerc: number;
}

/** Rounded to two decimals, the precision the dashboard shows. */
const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Percentages of each group and the score; all zero when nobody rated. */
export function npsSummary(c: NpsCounts): NpsSummary {
  const total = c.promoters + c.passives + c.detractors;
  if (total === 0)
    return { npsScore: 0, npsPromotersPerc: 0, npsPassivePerc: 0, npsDetractorsPerc: 0 };
  const promoters = (100 * c.promoters) / total;
  const detractors = (100 * c.detractors) / total;
  return {
    npsScore: round2(promoters - detractors),
    npsPromotersPerc: round2(promoters),
    npsPassivePerc: round2((100 * c.passives) / total),
    npsDetractorsPerc: round2(detractors),
  };
}

/** Counts a list of ratings into the three groups (for callers holding the ratings). */
export function npsCounts(rates: readonly number[]): NpsCounts {
  const counts: NpsCounts = { promoters: 0, passives: 0, detractors: 0 };
  for (const rate of rates) {
    const category = npsCategory(rate);
    if (category === 'promoter') counts.promoters++;
    else if (category === 'detractor') counts.detractors++;
    else counts.passives++;
  }
  return counts;
}
