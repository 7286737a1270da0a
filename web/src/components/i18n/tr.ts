import type { ComponentsMessages } from './pt-BR';

/** Turkish: the shared components' texts. */
export const componentsTr: ComponentsMessages = {
  scheduleEditor: {
    weekday: 'Gün',
    startA: 'Başlangıç A',
    endA: 'Bitiş A',
    startB: 'Başlangıç B',
    endB: 'Bitiş B',
    days: {
      monday: 'Pazartesi',
      tuesday: 'Salı',
      wednesday: 'Çarşamba',
      thursday: 'Perşembe',
      friday: 'Cuma',
      saturday: 'Cumartesi',
      sunday: 'Pazar',
    },
  },

  formValidation: {
    invalidTime: 'Geçersiz saat (SS:DD)',
  },
};
