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
    invalidTime: 'Horario inválido (HH:MM)',
  },
};
