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
    'Too Short!': 'Muito curto!',
    'Too Long!': 'Muito longo!',
    Required: 'Obrigatório',
    'Required when an inactivity message is timed': 'Obrigatório quando há aviso de inatividade',
    'Must not be before the start': 'Não pode ser antes do início',
    'Must be within the last 2 years': 'Deve estar nos últimos 2 anos',
    'Must be between the start date and now': 'Deve estar entre a data de início e agora',
    'Invalid time (HH:MM)': 'Horário inválido (HH:MM)',
    'Invalid amount': 'Valor inválido (ex.: 49,90)',
  },
};

export type ComponentsMessages = typeof componentsPtBR;
