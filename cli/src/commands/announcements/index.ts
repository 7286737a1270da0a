import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerAnnouncementsCreate } from './create.js';
import { registerAnnouncementsDelete } from './delete.js';
import { registerAnnouncementsList } from './list.js';

/** `atendo announcements <verb>`: what every company's users see in their top bar (super admin). */
export function registerAnnouncements(program: Command, ctx: CliContext): void {
  const announcements = program
    .command('announcements')
    .description("manage the announcements every company's users see (super admin)");
  registerAnnouncementsCreate(announcements, ctx);
  registerAnnouncementsList(announcements, ctx);
  registerAnnouncementsDelete(announcements, ctx);
}
