import { In } from 'typeorm';
import { AppError, type ChatbotNodeInput } from '@atendo/domain';
import {
  FileListEntity,
  PromptEntity,
  QueueEntity,
  QueueIntegrationEntity,
  UserEntity,
} from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';

/** The references a queue or a chatbot option may hold; each must be the company's. */
export interface QueueLinks {
  queueIds?: (number | null | undefined)[];
  userIds?: (number | null | undefined)[];
  integrationIds?: (number | null | undefined)[];
  fileIds?: (number | null | undefined)[];
  promptIds?: (number | null | undefined)[];
}

/** The references held by every node of a sent option tree. */
export function treeLinks(nodes: ChatbotNodeInput[] | undefined): Required<QueueLinks> {
  const links: Required<QueueLinks> = {
    queueIds: [],
    userIds: [],
    integrationIds: [],
    fileIds: [],
    promptIds: [],
  };
  const walk = (list: ChatbotNodeInput[]) => {
    for (const n of list) {
      links.queueIds.push(n.optQueueId);
      links.userIds.push(n.optUserId);
      links.integrationIds.push(n.optIntegrationId);
      links.fileIds.push(n.optFileId);
      if (n.options) walk(n.options);
    }
  };
  walk(nodes ?? []);
  return links;
}

const unique = (ids: (number | null | undefined)[] | undefined) => [
  ...new Set((ids ?? []).filter((v): v is number => !!v)),
];

const FIELDS = {
  queueIds: [QueueEntity, 'Unknown queue'],
  userIds: [UserEntity, 'Unknown user'],
  integrationIds: [QueueIntegrationEntity, 'Unknown integration'],
  fileIds: [FileListEntity, 'Unknown file list'],
  promptIds: [PromptEntity, 'Unknown prompt'],
} as const;

/**
 * Refuses references to rows the company does not own (another company's ids look exactly
 * like unknown ones: the field is named, never whose row it is). `field` names each kind.
 */
export async function checkQueueLinks(
  db: TenantData,
  links: QueueLinks,
  field: Partial<Record<keyof QueueLinks, string>>,
): Promise<void> {
  for (const key of Object.keys(FIELDS) as (keyof QueueLinks)[]) {
    const wanted = unique(links[key]);
    if (!wanted.length) continue;
    const [entity, message] = FIELDS[key];
    const found = await db.of(entity as typeof QueueEntity).count({ where: { id: In(wanted) } });
    if (found !== wanted.length)
      throw new AppError('ERR_VALIDATION', { fields: [{ field: field[key] ?? key, message }] });
  }
}

/** The field names of a tree's references in error answers. */
export const TREE_FIELDS = {
  queueIds: 'chatbots.optQueueId',
  userIds: 'chatbots.optUserId',
  integrationIds: 'chatbots.optIntegrationId',
  fileIds: 'chatbots.optFileId',
};
