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
    'Too Short!': 'Çok kısa!',
    'Too Long!': 'Çok uzun!',
    Required: 'Zorunlu',
    'Required when an inactivity message is timed':
      'Bir hareketsizlik uyarısı ayarlandığında zorunludur',
    'Must not be before the start': 'Başlangıçtan önce olamaz',
    'Must be within the last 2 years': 'Son 2 yıl içinde olmalıdır',
    'Must be between the start date and now': 'Başlangıç tarihi ile şimdi arasında olmalıdır',
    'Invalid time (HH:MM)': 'Geçersiz saat (SS:DD)',
    'Invalid amount': 'Geçersiz tutar (ör. 49.90)',
  },
};
