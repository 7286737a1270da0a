import { SETTING_DEFAULTS, SETTING_MESSAGE_RULES } from '@atendo/domain';

/** How one setting is edited on the options tab. */
export type SettingControl =
  | { key: string; kind: 'select'; values: readonly string[] }
  | { key: string; kind: 'text'; multiline: boolean };

const onOff = (key: string): SettingControl => ({
  key,
  kind: 'select',
  values: ['enabled', 'disabled'],
});
const yesNo = (key: string): SettingControl => ({ key, kind: 'select', values: ['true', 'false'] });
const message = (key: string): SettingControl => ({ key, kind: 'text', multiline: true });

export type SettingGroup = 'general' | 'tickets' | 'messages' | 'lgpd';

/**
 * Every company setting of docs/product/settings.md Setting, grouped as an admin looks for them. The messages
 * a feature sends sit right after that feature (and show only while it is on). userCreation is
 * platform-wide and shown apart, to super admins only.
 */
export const SETTING_GROUPS: { group: SettingGroup; controls: SettingControl[] }[] = [
  {
    group: 'general',
    controls: [
      {
        key: 'scheduleType',
        kind: 'select',
        values: ['disabled', 'queue', 'company', 'connection'],
      },
      { key: 'chatBotType', kind: 'select', values: ['text'] },
      onOff('userRating'),
      onOff('sendGreetingMessageOneQueues'),
      onOff('acceptAudioMessageContact'),
      yesNo('showNotificationPending'),
      onOff('sendSignMessage'),
    ],
  },
  {
    group: 'tickets',
    controls: [
      onOff('userRandom'),
      onOff('requiredTag'),
      onOff('sendFarewellWaitingTicket'),
      yesNo('closeTicketOnTransfer'),
      yesNo('DirectTicketsToWallets'),
    ],
  },
  {
    group: 'messages',
    controls: [
      onOff('sendGreetingAccepted'),
      message('greetingAcceptedMessage'),
      onOff('sendMsgTransfTicket'),
      message('transferMessage'),
      onOff('sendQueuePosition'),
      message('sendQueuePositionMessage'),
      onOff('acceptCallWhatsapp'),
      message('AcceptCallWhatsappMessage'),
    ],
  },
  {
    group: 'lgpd',
    controls: [
      onOff('enableLGPD'),
      message('lgpdMessage'),
      { key: 'lgpdLink', kind: 'text', multiline: false },
      onOff('lgpdDeleteMessage'),
      onOff('lgpdHideNumber'),
      onOff('lgpdConsent'),
    ],
  },
];

/** The LGPD details only matter once LGPD handling is on. */
const LGPD_DETAILS = [
  'lgpdMessage',
  'lgpdLink',
  'lgpdDeleteMessage',
  'lgpdHideNumber',
  'lgpdConsent',
];

/** A setting's value, its default when the company has no row. */
export function settingValue(values: Record<string, string | null>, key: string): string {
  return values[key] ?? SETTING_DEFAULTS[key] ?? '';
}

/**
 * Whether a control shows: a feature's message only while the feature is on (docs/product/settings.md#validation), the
 * LGPD details only with LGPD enabled.
 */
export function isShown(values: Record<string, string | null>, key: string): boolean {
  const rule = SETTING_MESSAGE_RULES.find((r) => r.message === key);
  if (rule) return settingValue(values, rule.feature) === rule.when;
  if (LGPD_DETAILS.includes(key)) return settingValue(values, 'enableLGPD') === 'enabled';
  return true;
}

/** Whether a message is required now: its feature is on (docs/product/settings.md#validation). */
export function isRequired(values: Record<string, string | null>, key: string): boolean {
  const rule = SETTING_MESSAGE_RULES.find((r) => r.message === key);
  return !!rule && settingValue(values, rule.feature) === rule.when;
}
