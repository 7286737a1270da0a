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
    'Too Short!': 'Too short!',
    'Too Long!': 'Too long!',
    Required: 'Required',
    'Required when an inactivity message is timed': 'Required when an inactivity warning is set',
    'Must not be before the start': 'Must not be before the start',
    'Must be within the last 2 years': 'Must be within the last 2 years',
    'Must be between the start date and now': 'Must be between the start date and now',
    'Invalid time (HH:MM)': 'Invalid time (HH:MM)',
    'Invalid amount': 'Invalid amount (e.g. 49.90)',
  },
};
