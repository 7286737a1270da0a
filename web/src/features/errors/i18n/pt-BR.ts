import type { Messages } from '../../../lib/i18n/types';

/**
 * Portuguese (Brazil) texts of the forbidden and expired-subscription pages:
 * the source every other language must match key for key.
 */
export const errorsPtBR = {
  errors: {
    forbidden: 'Oops! Acesso Negado!',
    forbiddenHint: 'Você não tem permissão para acessar esta página.',
    planNoPermission:
      'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    financeiroTitle: 'Assinatura vencida',
    financeiroHintAdmin: 'Pague a fatura em aberto na lista abaixo para reativar o acesso.',
    financeiroHintUser: 'Peça a um administrador da empresa para pagar a fatura em aberto.',
    financeiroNoDate:
      'Opss! Sua assinatura venceu. Entre em contato com o suporte para mais informações!',
  },
};

/** The shape every language fills for errors. */
export type ErrorsMessages = Messages<typeof errorsPtBR>;
