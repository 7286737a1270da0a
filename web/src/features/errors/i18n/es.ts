import type { ErrorsMessages } from './pt-BR';

/** Spanish: the forbidden and expired-subscription pages. */
export const errorsEs = {
  errors: {
    forbidden: '¡Ups! ¡Acceso Denegado!',
    forbiddenHint: 'No tiene permiso para acceder a esta página.',
    planNoPermission:
      '¡Esta empresa no tiene permiso para acceder a esta página! Le estamos redirigiendo.',
    financeiroTitle: 'Suscripción vencida',
    financeiroHint: 'El pago de facturas desde la consola llega en una próxima versión.',
    financeiroNoDate:
      '¡Ups! Su suscripción venció. ¡Póngase en contacto con el soporte para más información!',
  },
} satisfies ErrorsMessages;
