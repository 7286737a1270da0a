import type { ErrorsMessages } from './pt-BR';

/** English: the forbidden and expired-subscription pages. */
export const errorsEn = {
  errors: {
    forbidden: 'Oops! Access Denied!',
    forbiddenHint: 'You do not have permission to access this page.',
    planNoPermission: 'This company is not allowed to access this page! Redirecting you.',
    financeiroTitle: 'Subscription expired',
    financeiroHintAdmin: 'Pay the open invoice in the list below to restore access.',
    financeiroHintUser: 'Ask an administrator of your company to pay the open invoice.',
    financeiroNoDate:
      'Oops! Your subscription has expired. Please contact support for more information!',
  },
} satisfies ErrorsMessages;
