/**
 * Company settings' keys, defaults and value rules, kept free of zod so the console's first
 * chunk (branding, texts) can use them without the schemas' library; `schemas/setting.ts`
 * re-exports them.
 */

/** Company settings of docs/product/settings.md with their defaults. */
export const SETTING_DEFAULTS: Record<string, string> = {
  userCreation: 'disabled',
  userRating: 'disabled',
  scheduleType: 'disabled',
  chatBotType: 'text',
  acceptCallWhatsapp: 'enabled',
  userRandom: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
  sendSignMessage: 'enabled',
  sendFarewellWaitingTicket: 'disabled',
  sendGreetingAccepted: 'disabled',
  sendQueuePosition: 'disabled',
  acceptAudioMessageContact: 'enabled',
  enableLGPD: 'disabled',
  requiredTag: 'disabled',
  lgpdDeleteMessage: 'disabled',
  lgpdHideNumber: 'disabled',
  lgpdConsent: 'disabled',
  lgpdMessage: '',
  lgpdLink: '',
  sendMsgTransfTicket: 'disabled',
  DirectTicketsToWallets: 'false',
  closeTicketOnTransfer: 'false',
  showNotificationPending: 'false',
  transferMessage: '',
  greetingAcceptedMessage: '',
  AcceptCallWhatsappMessage: '',
  sendQueuePositionMessage: '',
};

/** Platform-wide whitelabel keys (company 1, super only). */
export const WHITELABEL_KEYS = [
  'primaryColorLight',
  'primaryColorDark',
  'appLogoLight',
  'appLogoDark',
  'appLogoFavicon',
  'appName',
  'loginEnterImage',
  'loginRegisterImage',
] as const;

/** Settings the public (unauthenticated) client may read: sign-up's switch and the branding. */
export const PUBLIC_SETTING_KEYS = ['userCreation', ...WHITELABEL_KEYS] as const;

export const ENABLED_DISABLED_KEYS = [
  'userCreation',
  'userRating',
  'acceptCallWhatsapp',
  'userRandom',
  'sendGreetingMessageOneQueues',
  'sendSignMessage',
  'sendFarewellWaitingTicket',
  'sendGreetingAccepted',
  'sendQueuePosition',
  'acceptAudioMessageContact',
  'enableLGPD',
  'requiredTag',
  'lgpdDeleteMessage',
  'lgpdHideNumber',
  'lgpdConsent',
  'sendMsgTransfTicket',
] as const;

/**
 * Messages a feature needs (docs/product/overview.md#console-routes-and-shell "Custom message fields required when the related feature
 * is on"): while `feature` has the value `when`, `message` may not be empty. The api refuses to
 * empty the message while the feature is on (ERR_SETTING_MESSAGE_REQUIRED); the console asks for
 * the message as soon as the feature is switched on.
 */
export const SETTING_MESSAGE_RULES = [
  { feature: 'sendMsgTransfTicket', when: 'enabled', message: 'transferMessage' },
  { feature: 'sendGreetingAccepted', when: 'enabled', message: 'greetingAcceptedMessage' },
  { feature: 'sendQueuePosition', when: 'enabled', message: 'sendQueuePositionMessage' },
  { feature: 'acceptCallWhatsapp', when: 'disabled', message: 'AcceptCallWhatsappMessage' },
] as const;

/** The rule whose message is `key`, if any. */
export const messageRuleOf = (key: string) => SETTING_MESSAGE_RULES.find((r) => r.message === key);

/** Validates one setting's value by its key; returns an error message or null. */
export function settingValueError(key: string, value: string): string | null {
  if ((ENABLED_DISABLED_KEYS as readonly string[]).includes(key)) {
    return value === 'enabled' || value === 'disabled' ? null : 'Must be enabled or disabled';
  }
  if (key === 'scheduleType') {
    return ['disabled', 'queue', 'company', 'connection'].includes(value)
      ? null
      : 'Invalid scheduleType';
  }
  if (key === 'chatBotType') return value === 'text' ? null : 'Invalid chatBotType';
  if (
    ['DirectTicketsToWallets', 'closeTicketOnTransfer', 'showNotificationPending'].includes(key)
  ) {
    return value === 'true' || value === 'false' ? null : 'Must be true or false';
  }
  if (key === 'primaryColorLight' || key === 'primaryColorDark') {
    return /^#[0-9a-fA-F]{3,8}$/.test(value) ? null : 'Invalid color';
  }
  return null;
}
