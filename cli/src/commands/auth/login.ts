import type { Command } from 'commander';
import { createApiClient } from '@atendo/api-client';
import { loginSchema, type LoginResponse } from '@atendo/domain';
import { credentialsPath, loadCredentials, resolveApiUrl, saveCredentials } from '../../config.js';
import type { CliContext } from '../../context.js';
import { describeApiFailure, usageError } from '../../errors.js';
import { collectCookies } from '../../session.js';
import {
  renderJson,
  renderPrompt,
  renderSpinner,
  renderSuccess,
  renderWarning,
} from '../../ui/index.js';
import { optionsOf, withJson, type CommonOptions } from '../shared.js';

export interface LoginOptions extends CommonOptions {
  email?: string;
  password?: string;
}

const emailRule = loginSchema.shape.email;

/** Logs in with email and password (asked for on a TTY when missing) and saves the session. */
export async function login(ctx: CliContext, options: LoginOptions): Promise<void> {
  const saved = await loadCredentials(ctx);
  const apiUrl = resolveApiUrl(ctx, options.api, saved);
  let { email, password } = options;

  const missing = [email ? null : '--email', password ? null : '--password'].filter(
    (m): m is string => m !== null,
  );
  if (missing.length > 0 && !ctx.interactive) {
    throw usageError(`Missing ${missing.join(' and ')}, and there is no terminal to ask on.`, [
      'Run `atendo login --email <email> --password <password>`.',
    ]);
  }
  email ??= await renderPrompt(ctx, {
    message: 'Email:',
    validate: (v) => (emailRule.safeParse(v).success ? undefined : 'Enter a valid email.'),
  });
  password ??= await renderPrompt(ctx, {
    message: 'Password:',
    password: true,
    validate: (v) => (v ? undefined : 'Enter the password.'),
  });

  const input = loginSchema.safeParse({ email, password });
  if (!input.success) {
    throw usageError(input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }

  const cookies: Record<string, string> = {};
  const client = createApiClient({
    baseUrl: apiUrl,
    onResponse: (res) => void collectCookies(cookies, res),
  });
  let result: LoginResponse;
  try {
    result = await renderSpinner(ctx, `Logging in to ${apiUrl}`, () =>
      client.call('login', { body: input.data }),
    );
  } catch (err) {
    throw describeApiFailure(err, { apiUrl });
  }

  const { user } = result;
  await saveCredentials(ctx, {
    apiUrl,
    token: result.token,
    cookies,
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      companyId: user.companyId,
      super: user.super,
    },
  });

  const company = user.company?.name ?? `company ${user.companyId}`;
  if (options.json) {
    renderJson(ctx, {
      apiUrl,
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        profile: user.profile,
        super: user.super,
        companyId: user.companyId,
        company,
      },
    });
  } else {
    renderSuccess(ctx, {
      headline: `Logged in as ${user.name} <${user.email}>.`,
      body: [
        `Company: ${company}`,
        `Api: ${apiUrl}`,
        `Credentials saved to ${credentialsPath(ctx)}`,
      ],
    });
  }
  if (!user.super) {
    renderWarning(ctx, {
      headline: `${user.email} is not a super admin.`,
      body: ['Platform commands (companies, plans, connections, manifests) need a super admin.'],
      nextSteps: ['Run `atendo login` with a super admin account to use them.'],
    });
  }
}

/** `atendo login [--email E] [--password P] [--json]` */
export function registerLogin(program: Command, ctx: CliContext): void {
  withJson(
    program
      .command('login')
      .description('log in to the Atendo api and save the session')
      .option('--email <email>', 'account email (asked for when missing on a terminal)')
      .option(
        '--password <password>',
        'account password (asked for, hidden, when missing on a terminal)',
      ),
  ).action(async (_opts: unknown, command: Command) => {
    await login(ctx, optionsOf<LoginOptions>(command));
  });
}
