// Relative imports only: the browser test (e2e/browser) reads these texts outside Vite's alias.
import { componentsI18n } from '../../components/i18n/index';
import { allConnectionsI18n } from '../../features/all-connections/i18n/index';
import { authI18n } from '../../features/auth/i18n/index';
import { campaignsI18n } from '../../features/campaigns/i18n/index';
import { connectionsI18n } from '../../features/connections/i18n/index';
import { contactListsI18n } from '../../features/contact-lists/i18n/index';
import { contactsI18n } from '../../features/contacts/i18n/index';
import { dashboardI18n } from '../../features/dashboard/i18n/index';
import { errorsI18n } from '../../features/errors/i18n/index';
import { filesI18n } from '../../features/files/i18n/index';
import { helpsI18n } from '../../features/helps/i18n/index';
import { messagesApiI18n } from '../../features/messages-api/i18n/index';
import { momentsI18n } from '../../features/moments/i18n/index';
import { queuesI18n } from '../../features/queues/i18n/index';
import { quickMessagesI18n } from '../../features/quick-messages/i18n/index';
import { reportsI18n } from '../../features/reports/i18n/index';
import { schedulesI18n } from '../../features/schedules/i18n/index';
import { settingsI18n } from '../../features/settings/i18n/index';
import { shellI18n } from '../../features/shell/i18n/index';
import { tagsI18n } from '../../features/tags/i18n/index';
import { ticketsI18n } from '../../features/tickets/i18n/index';
import { usersI18n } from '../../features/users/i18n/index';
import { profileI18n } from '../../features/profile/i18n/index';
import { transcriptionI18n } from '../../features/transcription/i18n/index';
import { whitelabelI18n } from '../../features/whitelabel/i18n/index';
import { companiesI18n } from '../../features/companies/i18n/index';
import { plansI18n } from '../../features/plans/i18n/index';
import { announcementsI18n } from '../../features/announcements/i18n/index';
import { notificationsI18n } from '../../features/notifications/i18n/index';
import { invoicesI18n } from '../../features/invoices/i18n/index';
import { promptsI18n } from '../../features/prompts/i18n/index';
import { chatsI18n } from '../../features/chats/i18n/index';
import { queueIntegrationsI18n } from '../../features/queue-integrations/i18n/index';
import { kanbanI18n } from '../../features/kanban/i18n/index';
import { commonI18n } from './common/index';
import { LANGUAGES, PARTIAL_LANGUAGES, type Language } from './language-list';

export { LANGUAGES, PARTIAL_LANGUAGES, type Language };

/**
 * Every feature's namespace: each owns its top-level key groups (`login`, `shell`, `drawer`…),
 * so keys read the same everywhere (`t('login.title')`). A new feature adds one line here. The
 * console itself loads one language at a time (`languages/*.ts` gather the same files by glob;
 * a test checks both give the same texts).
 */
export const NAMESPACES = [
  commonI18n,
  componentsI18n,
  authI18n,
  shellI18n,
  errorsI18n,
  dashboardI18n,
  momentsI18n,
  ticketsI18n,
  tagsI18n,
  quickMessagesI18n,
  contactsI18n,
  connectionsI18n,
  queuesI18n,
  allConnectionsI18n,
  messagesApiI18n,
  schedulesI18n,
  campaignsI18n,
  contactListsI18n,
  filesI18n,
  reportsI18n,
  usersI18n,
  profileI18n,
  transcriptionI18n,
  helpsI18n,
  whitelabelI18n,
  companiesI18n,
  plansI18n,
  announcementsI18n,
  notificationsI18n,
  invoicesI18n,
  promptsI18n,
  chatsI18n,
  queueIntegrationsI18n,
  kanbanI18n,
  settingsI18n,
] as const;

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (
  arg: infer I,
) => void
  ? I
  : never;

/** Every Portuguese text, one object: the type of the console's keys. */
export type Messages = UnionToIntersection<(typeof NAMESPACES)[number]['pt-BR']>;

type Namespace = (typeof NAMESPACES)[number];

/**
 * A namespace's texts in `lng`: its own, or for a partly translated language (PARTIAL_LANGUAGES)
 * without a file for this namespace, those of the language it falls back to.
 */
export function namespaceTexts(ns: Namespace, lng: Language): object | undefined {
  const own = (ns as Partial<Record<Language, object>>)[lng];
  if (own || !(lng in PARTIAL_LANGUAGES)) return own;
  return ns[PARTIAL_LANGUAGES[lng as keyof typeof PARTIAL_LANGUAGES]];
}

/** One language's namespaces merged into i18next's single `translation` resource. */
function combine(lng: Language): Messages {
  return Object.assign({}, ...NAMESPACES.map((ns) => namespaceTexts(ns, lng))) as Messages;
}

export const ptBR = combine('pt-BR');
export const en = combine('en');
export const es = combine('es');
export const tr = combine('tr');

export const resources = {
  'pt-BR': { translation: ptBR },
  en: { translation: en },
  es: { translation: es },
  tr: { translation: tr },
} as const;
