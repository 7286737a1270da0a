import type { FindOptionsRelations } from 'typeorm';
import { userView, type UserView } from '@atendo/domain';
import type { User } from '../../db/entities/index.js';

/** The relations a user view needs. */
export const USER_VIEW_RELATIONS: FindOptionsRelations<User> = {
  userQueues: { queue: true },
  whatsapp: true,
  company: { settings: true },
};

/** A user row as the api returns it: queues flattened, company with its settings, no secrets. */
export function toUserView(user: User): UserView {
  const company = user.company
    ? {
        id: user.company.id,
        name: user.company.name,
        dueDate: user.company.dueDate,
        status: user.company.status,
        timezone: user.company.timezone,
        // By key, as every view of a user lists them (the relation load has no order).
        companieSettings: (user.company.settings ?? [])
          .map((s) => ({ key: s.key, value: s.value }))
          .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
      }
    : undefined;
  return userView.parse({
    ...user,
    queues: (user.userQueues ?? [])
      .filter((uq) => uq.queue)
      .map((uq) => ({ id: uq.queue!.id, name: uq.queue!.name, color: uq.queue!.color })),
    whatsapp: user.whatsapp ? { id: user.whatsapp.id, name: user.whatsapp.name } : null,
    company,
  });
}
