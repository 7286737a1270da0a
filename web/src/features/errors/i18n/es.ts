import type { ErrorsMessages } from './pt-BR';

/** Spanish: the forbidden and expired-subscription pages. */
export const errorsEs = {
  errors: {
    forbidden: '¡Ups! ¡Acceso Denegado!',
    forbiddenHint: 'No tiene permiso para acceder a esta página.',
    planNoPermission:
      '¡Esta empresa no tiene permiso para acceder a esta página! Le estamos redirigiendo.',
    financeiroTitle: 'Suscripción vencida',
    financeiroHintAdmin:
      'Pague la factura pendiente en la lista de abajo para reactivar el acceso.',
    financeiroHintUser: 'Pida a un administrador de su empresa que pague la factura pendiente.',
    financeiroNoDate:
      '¡Ups! Su suscripción venció. ¡Póngase en contacto con el soporte para más información!',
  },
} satisfies ErrorsMessages;
