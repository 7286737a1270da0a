import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { openSession, superCall } from '../../session.js';
import { renderJson, renderSpinner, renderTable } from '../../ui/index.js';
import { allPages, optionsOf, withJson, type CommonOptions } from '../shared.js';
import { announcementsTable } from './announcements-table.js';

/** Lists every announcement, active or not, newest first (super admin). */
export async function listAnnouncements(ctx: CliContext, options: CommonOptions): Promise<void> {
  const session = await openSession(ctx, options.api);
  const announcements = await renderSpinner(ctx, 'Loading announcements', () =>
    allPages(async (pageNumber) => {
      const page = await superCall(session, (client) =>
        client.call('announcementsIndex', { query: { pageNumber } }),
      );
      return { items: page.records, hasMore: page.hasMore };
    }),
  );
  if (options.json) {
    renderJson(ctx, announcements);
    return;
  }
  renderTable(ctx, announcementsTable(announcements));
}

/** `atendo announcements list [--json]` */
export function registerAnnouncementsList(announcements: Command, ctx: CliContext): void {
  withJson(
    announcements
      .command('list')
      .description('list every announcement with its priority and status, newest first'),
  ).action(async (_opts: unknown, command: Command) => {
    await listAnnouncements(ctx, optionsOf(command));
  });
}
