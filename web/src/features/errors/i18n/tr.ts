import type { ErrorsMessages } from './pt-BR';

/** Turkish: the forbidden and expired-subscription pages. */
export const errorsTr = {
  errors: {
    forbidden: 'Eyvah! Erişim Reddedildi!',
    forbiddenHint: 'Bu sayfaya erişim izniniz yok.',
    planNoPermission: 'Bu şirketin bu sayfaya erişim izni yok! Yönlendiriliyorsunuz.',
    financeiroTitle: 'Aboneliğin süresi doldu',
    financeiroHintAdmin: 'Erişimi geri kazanmak için aşağıdaki listedeki açık faturayı ödeyin.',
    financeiroHintUser: 'Şirketinizin bir yöneticisinden açık faturayı ödemesini isteyin.',
    financeiroNoDate:
      'Eyvah! Aboneliğinizin süresi doldu. Daha fazla bilgi için lütfen destek ile iletişime geçin!',
  },
} satisfies ErrorsMessages;
