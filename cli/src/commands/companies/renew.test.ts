import { describe, expect, it } from 'vitest';
import { planRenewal } from './renew.js';

const today = '2025-06-15';

describe('planRenewal', () => {
  it('advances the current due date by the recurrence', () => {
    expect(planRenewal({ dueDate: '2025-07-01', recurrence: 'MENSAL' }, { today })).toEqual({
      previousDueDate: '2025-07-01',
      dueDate: '2025-08-01',
      months: 1,
    });
    expect(
      planRenewal({ dueDate: '2025-07-01', recurrence: 'TRIMESTRAL' }, { today }),
    ).toMatchObject({ dueDate: '2025-10-01' });
    expect(planRenewal({ dueDate: '2025-07-01', recurrence: 'ANUAL' }, { today })).toMatchObject({
      dueDate: '2026-07-01',
    });
  });

  it('counts from the due date even when it has passed, like the console button', () => {
    expect(planRenewal({ dueDate: '2025-05-10', recurrence: 'MENSAL' }, { today })).toMatchObject({
      dueDate: '2025-06-10',
    });
  });

  it('counts from today when told, or when there is no due date', () => {
    expect(
      planRenewal({ dueDate: '2025-01-10', recurrence: 'BIMESTRAL' }, { today, fromToday: true }),
    ).toMatchObject({
      previousDueDate: '2025-01-10',
      dueDate: '2025-08-15',
    });
    expect(planRenewal({ dueDate: null, recurrence: 'SEMESTRAL' }, { today })).toMatchObject({
      previousDueDate: null,
      dueDate: '2025-12-15',
    });
  });

  it('--months overrides the recurrence', () => {
    expect(
      planRenewal(
        { dueDate: '2025-07-01T00:00:00.000Z', recurrence: 'ANUAL' },
        { today, months: 2 },
      ),
    ).toMatchObject({
      dueDate: '2025-09-01',
      months: 2,
    });
  });

  it('needs --months when the recurrence is unknown', () => {
    expect(planRenewal({ dueDate: '2025-07-01', recurrence: null }, { today })).toEqual({
      error: 'it has no known recurrence (none)',
    });
  });
});
