import type { Command } from 'commander';
import type { AnnouncementView } from '@atendo/domain';
import type { CliContext } from '../../context.js';
import { CliError } from '../../errors.js';
import { openSession, superCall, type Session } from '../../session.js';
import { renderJson, renderSpinner, renderSuccess } from '../../ui/index.js';
import {
  confirmDestructive,
  optionsOf,
  positiveNumber,
  withJson,
  withYes,
  type CommonOptions,
} from '../shared.js';

export interface DeleteAnnouncementOptions extends CommonOptions {
  id: number;
  yes?: boolean;
}

/** Loads one announcement, or fails saying there is none with that id. */
async function findAnnouncement(session: Session, id: number): Promise<AnnouncementView> {
  try {
    return await superCall(session, (client) =>
      client.call('announcementsShow', { params: { id } }),
    );
  } catch (err) {
    if (err instanceof CliError && err.code === 'ERR_NOT_FOUND') {
      throw new CliError(`No announcement with id ${id}.`, {
        code: err.code,
        nextSteps: ['Run `atendo announcements list` to see the announcements.'],
      });
    }
    throw err;
  }
}

/** Deletes an announcement and its image (asks first unless --yes), for every company. */
export async function deleteAnnouncement(
  ctx: CliContext,
  options: DeleteAnnouncementOptions,
): Promise<void> {
  const session = await openSession(ctx, options.api);
  const announcement = await renderSpinner(ctx, `Finding announcement ${options.id}`, () =>
    findAnnouncement(session, options.id),
  );
  const label = `"${announcement.title}" (id ${announcement.id})`;
  await confirmDestructive(ctx, {
    question: `Delete announcement ${label}? No company will see it again.`,
    yes: options.yes,
    action: `delete announcement ${label}`,
    retry: `atendo announcements delete ${announcement.id}`,
  });
  await renderSpinner(ctx, `Deleting announcement ${announcement.id}`, () =>
    superCall(session, (client) =>
      client.call('announcementsDelete', { params: { id: announcement.id } }),
    ),
  );
  if (options.json) {
    renderJson(ctx, { deleted: { id: announcement.id, title: announcement.title } });
    return;
  }
  renderSuccess(ctx, { headline: `Deleted announcement ${label}.` });
}

/** `atendo announcements delete <id> [--yes] [--json]` */
export function registerAnnouncementsDelete(announcements: Command, ctx: CliContext): void {
  withYes(
    withJson(
      announcements
        .command('delete')
        .description('delete an announcement and its image')
        .argument('<id>', 'announcement id (see `atendo announcements list`)', positiveNumber),
    ),
  ).action(async (id: number, _opts: unknown, command: Command) => {
    await deleteAnnouncement(ctx, { ...optionsOf<{ yes?: boolean }>(command), id });
  });
}
