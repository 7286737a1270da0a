import type { Command } from 'commander';
import {
  announcementText,
  announcementTitle,
  createAnnouncementSchema,
  DEFAULT_ANNOUNCEMENT_PRIORITY,
  type AnnouncementView,
} from '@atendo/domain';
import type { CliContext } from '../../context.js';
import { CliError, usageError } from '../../errors.js';
import { openSession, superCall } from '../../session.js';
import { renderJson, renderPrompt, renderSuccess, renderTasks } from '../../ui/index.js';
import { optionsOf, withJson, type CommonOptions } from '../shared.js';
import { imageFormData, readAnnouncementImage } from './announcement-image.js';
import { priorityLabel, priorityOption } from './priority.js';

export interface CreateAnnouncementOptions extends CommonOptions {
  /** Asked for on a terminal when missing. */
  title?: string;
  /** Asked for on a terminal when missing. */
  text?: string;
  /** 1 high, 2 medium, 3 low (the api's default). */
  priority?: number;
  /** Create it hidden from the companies' top bars. */
  inactive?: boolean;
  /** A png or jpeg file to attach. */
  image?: string;
}

/** What the title and text must be, from the domain's rules. */
const RULES = {
  title: `--title: must not be empty, at most ${announcementTitle.maxLength} characters`,
  text: `--text: must not be empty, at most ${announcementText.maxLength} characters`,
} as const;

/** Creates an announcement every company's users see in their top bar (super admin). */
export async function createAnnouncement(
  ctx: CliContext,
  options: CreateAnnouncementOptions,
): Promise<void> {
  let { title, text } = options;
  const missing = [
    title === undefined ? '--title' : null,
    text === undefined ? '--text' : null,
  ].filter((m): m is string => m !== null);
  if (missing.length > 0 && !ctx.interactive) {
    throw usageError(`Missing ${missing.join(' and ')}, and there is no terminal to ask on.`, [
      'Run `atendo announcements create --title "<title>" --text "<text>"`.',
    ]);
  }
  title ??= await renderPrompt(ctx, {
    message: 'Title:',
    validate: (v) => (announcementTitle.safeParse(v).success ? undefined : RULES.title),
  });
  text ??= await renderPrompt(ctx, {
    message: 'Text:',
    validate: (v) => (announcementText.safeParse(v).success ? undefined : RULES.text),
  });

  // Checked here so mistakes are usage errors, before any call.
  const checked = createAnnouncementSchema.safeParse({
    title,
    text,
    priority: options.priority,
    status: !options.inactive,
  });
  if (!checked.success) {
    const fields = new Set(checked.error.issues.map((i) => String(i.path[0])));
    throw usageError(
      [...fields].map((f) => RULES[f as keyof typeof RULES] ?? `--${f}: invalid`).join('; '),
    );
  }
  const image = options.image ? await readAnnouncementImage(options.image) : undefined;

  const session = await openSession(ctx, options.api);
  let record: AnnouncementView | undefined;
  await renderTasks(ctx, [
    {
      title: `Creating announcement ${checked.data.title}`,
      task: async () => {
        record = await superCall(session, (client) =>
          client.call('announcementsCreate', { body: checked.data }),
        );
      },
    },
    ...(image
      ? [
          {
            title: `Attaching image ${image.name}`,
            task: async () => {
              const created = record!;
              try {
                record = await superCall(session, (client) =>
                  client.call('announcementsMediaUpload', {
                    params: { id: created.id },
                    formData: imageFormData(image),
                  }),
                );
              } catch (err) {
                // The announcement exists by now: say so, rather than let a retry duplicate it.
                const reason = err instanceof Error ? err.message : String(err);
                throw new CliError(
                  `Created announcement "${created.title}" (id ${created.id}), but its image was refused: ${reason}`,
                  {
                    code: err instanceof CliError ? err.code : undefined,
                    nextSteps: [
                      `Delete it with \`atendo announcements delete ${created.id} --yes\` and create it again.`,
                    ],
                  },
                );
              }
            },
          },
        ]
      : []),
  ]);
  const created = record!;
  if (options.json) {
    renderJson(ctx, created);
    return;
  }
  renderSuccess(ctx, {
    headline: `Created announcement "${created.title}" (id ${created.id}).`,
    body: [
      `Priority: ${priorityLabel(created.priority)}`,
      `Status: ${created.status ? "active: shown in every company's top bar" : 'inactive: shown to nobody'}`,
      ...(created.mediaName ? [`Image: ${created.mediaName}`] : []),
    ],
  });
}

/** `atendo announcements create --title T --text X [--priority P] [--inactive] [--image F] [--json]` */
export function registerAnnouncementsCreate(announcements: Command, ctx: CliContext): void {
  withJson(
    announcements
      .command('create')
      .description("create an announcement for every company's users")
      .option('--title <title>', 'title (asked for on a terminal)')
      .option('--text <text>', 'text (asked for on a terminal)')
      .option(
        '--priority <priority>',
        `high, medium or low (or 1, 2, 3) (default: ${priorityLabel(DEFAULT_ANNOUNCEMENT_PRIORITY)})`,
        priorityOption,
      )
      .option('--inactive', 'create it hidden from the companies')
      .option('--image <file>', 'attach a png or jpeg image (at most 5 MB)'),
  ).action(async (_opts: unknown, command: Command) => {
    await createAnnouncement(ctx, optionsOf<CreateAnnouncementOptions>(command));
  });
}
