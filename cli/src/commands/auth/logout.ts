import type { Command } from 'commander';
import { clearCredentials, loadCredentials } from '../../config.js';
import type { CliContext } from '../../context.js';
import { cookieHeader } from '../../session.js';
import { createApiClient } from '@atendo/api-client';
import { renderInfo, renderJson } from '../../ui/index.js';
import { optionsOf, withJson, type CommonOptions } from '../shared.js';

/** Revokes the saved session on the api (best effort) and deletes the credentials file. */
export async function logout(ctx: CliContext, options: CommonOptions): Promise<void> {
  const saved = await loadCredentials(ctx);
  if (saved) {
    const client = createApiClient({
      baseUrl: saved.apiUrl,
      getToken: () => saved.token,
      headers: () => cookieHeader(saved.cookies),
    });
    // The local file is what matters; an unreachable api or an expired token must not block logging out.
    await client.call('logout').catch(() => undefined);
  }
  await clearCredentials(ctx);
  if (options.json) renderJson(ctx, { loggedOut: saved !== null });
  else
    renderInfo(ctx, {
      headline: saved ? `Logged out of ${saved.apiUrl}.` : 'You were not logged in.',
    });
}

/** `atendo logout [--json]` */
export function registerLogout(program: Command, ctx: CliContext): void {
  withJson(program.command('logout').description('log out and delete the saved session')).action(
    async (_opts: unknown, command: Command) => {
      await logout(ctx, optionsOf(command));
    },
  );
}
