import type { ComponentsMessages } from './pt-BR';

/** Español: los textos de los componentes compartidos. */
export const componentsEs: ComponentsMessages = {
  scheduleEditor: {
    weekday: 'Día',
    startA: 'Inicio A',
    endA: 'Fin A',
    startB: 'Inicio B',
    endB: 'Fin B',
    days: {
      monday: 'Lunes',
      tuesday: 'Martes',
      wednesday: 'Miércoles',
      thursday: 'Jueves',
      friday: 'Viernes',
      saturday: 'Sábado',
      sunday: 'Domingo',
    },
  },

  formValidation: {
    'Too Short!': '¡Muy corto!',
    'Too Long!': '¡Muy largo!',
    Required: 'Obligatorio',
    'Required when an inactivity message is timed': 'Obligatorio cuando hay aviso de inactividad',
    'Must not be before the start': 'No puede ser antes del inicio',
    'Must be within the last 2 years': 'Debe estar en los últimos 2 años',
    'Must be between the start date and now': 'Debe estar entre la fecha de inicio y ahora',
    'Invalid time (HH:MM)': 'Horario inválido (HH:MM)',
    'Invalid amount': 'Importe inválido (ej.: 49,90)',
  },
};
