/** Português (base): the shared components' texts (the working-hours grid; the validation messages of the forms built on components/form-fields). */
export const componentsPtBR = {
  scheduleEditor: {
    weekday: 'Dia',
    startA: 'Início A',
    endA: 'Fim A',
    startB: 'Início B',
    endB: 'Fim B',
    days: {
      monday: 'Segunda-feira',
      tuesday: 'Terça-feira',
      wednesday: 'Quarta-feira',
      thursday: 'Quinta-feira',
      friday: 'Sexta-feira',
      saturday: 'Sábado',
      sunday: 'Domingo',
    },
  },

  formValidation: {
    invalidTime: 'Horário inválido (HH:MM)',
  },
};

export type ComponentsMessages = typeof componentsPtBR;
