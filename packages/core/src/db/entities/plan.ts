import { EntitySchema } from 'typeorm';
import { bool, int, money, primaryId, timestamps, varchar } from './columns.js';

/** A subscription plan (platform-level, no companyId). A limit of 0 means unlimited. */
export interface Plan {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  /** numeric(10,2) read back as a string, e.g. "199.90". */
  amount: string;
  isPublic: boolean;
  useWhatsapp: boolean;
  useFacebook: boolean;
  useInstagram: boolean;
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const PlanEntity = new EntitySchema<Plan>({
  name: 'Plan',
  tableName: 'plans',
  columns: {
    id: primaryId(),
    name: varchar({ unique: true }),
    users: int({ default: 0 }),
    connections: int({ default: 0 }),
    queues: int({ default: 0 }),
    amount: money(),
    isPublic: bool(true),
    useWhatsapp: bool(true),
    useFacebook: bool(true),
    useInstagram: bool(true),
    useCampaigns: bool(true),
    useSchedules: bool(true),
    useInternalChat: bool(true),
    useExternalApi: bool(true),
    useKanban: bool(true),
    useOpenAi: bool(true),
    useIntegrations: bool(true),
    ...timestamps(),
  },
});
