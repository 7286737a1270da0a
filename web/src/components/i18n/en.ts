import type { ComponentsMessages } from './pt-BR';

/** English: the shared components' texts. */
export const componentsEn: ComponentsMessages = {
  scheduleEditor: {
    weekday: 'Day',
    startA: 'Start A',
    endA: 'End A',
    startB: 'Start B',
    endB: 'End B',
    days: {
      monday: 'Monday',
      tuesday: 'Tuesday',
      wednesday: 'Wednesday',
      thursday: 'Thursday',
      friday: 'Friday',
      saturday: 'Saturday',
      sunday: 'Sunday',
    },
  },

  formValidation: {
    invalidTime: 'Invalid time (HH:MM)',
  },
};
