import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import type { CliContext } from './context.js';

/** Where the api listens when nothing says otherwise. */
export const DEFAULT_API_URL = 'http://localhost:8080';

/** What `atendo login` saves: the api it logged in to, the access token and the refresh cookie. */
const credentialsSchema = z.object({
  apiUrl: z.string().url(),
  token: z.string().min(1),
  /** Cookies the api set (the refresh token), replayed to renew the access token. */
  cookies: z.record(z.string(), z.string()).default({}),
  user: z
    .object({
      id: z.number(),
      name: z.string(),
      email: z.string(),
      companyId: z.number(),
      super: z.boolean(),
    })
    .optional(),
});

export type Credentials = z.output<typeof credentialsSchema>;

/** `${XDG_CONFIG_HOME:-~/.config}/atendo/credentials.json` */
export function credentialsPath(ctx: Pick<CliContext, 'configDir'>): string {
  return `${ctx.configDir}/credentials.json`;
}

/** The saved credentials, or null when there are none (or they cannot be read as ours). */
export async function loadCredentials(
  ctx: Pick<CliContext, 'configDir'>,
): Promise<Credentials | null> {
  let text: string;
  try {
    text = await readFile(credentialsPath(ctx), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = credentialsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Saves credentials readable by the owner only (0600, directory 0700), replacing the file atomically. */
export async function saveCredentials(
  ctx: Pick<CliContext, 'configDir'>,
  credentials: Credentials,
): Promise<void> {
  await mkdir(ctx.configDir, { recursive: true, mode: 0o700 });
  const file = credentialsPath(ctx);
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  // mode only applies when the file is created; chmod covers a leftover temp file.
  await chmod(tmp, 0o600);
  await rename(tmp, file);
}

/** Forgets the saved credentials. */
export async function clearCredentials(ctx: Pick<CliContext, 'configDir'>): Promise<void> {
  await rm(credentialsPath(ctx), { force: true });
}

/** The api URL: --api, then ATENDO_API_URL, then the saved login, then the default. */
export function resolveApiUrl(
  ctx: Pick<CliContext, 'env'>,
  flag: string | undefined,
  saved: Credentials | null,
): string {
  const url = flag ?? ctx.env.ATENDO_API_URL ?? saved?.apiUrl ?? DEFAULT_API_URL;
  return url.replace(/\/+$/, '');
}
