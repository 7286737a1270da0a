import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  credentialsPath,
  DEFAULT_API_URL,
  loadCredentials,
  resolveApiUrl,
  saveCredentials,
} from './config.js';
import { createContext } from './context.js';
import { capture } from './testing/capture.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atendo-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ctxWith = (env: Record<string, string>) =>
  createContext({ stdout: capture().stream, stderr: capture().stream, env, isTTY: false });

describe('credentials', () => {
  it('lives under XDG_CONFIG_HOME and is readable by the owner only', async () => {
    const ctx = ctxWith({ XDG_CONFIG_HOME: dir });
    expect(credentialsPath(ctx)).toBe(join(dir, 'atendo', 'credentials.json'));
    await saveCredentials(ctx, { apiUrl: 'http://api.test', token: 't', cookies: { jrt: 'r' } });
    expect((await stat(credentialsPath(ctx))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'atendo'))).mode & 0o777).toBe(0o700);
    expect(await loadCredentials(ctx)).toEqual({
      apiUrl: 'http://api.test',
      token: 't',
      cookies: { jrt: 'r' },
    });
  });

  it('falls back to ~/.config', () => {
    expect(ctxWith({ HOME: '/home/ana' }).configDir).toBe('/home/ana/.config/atendo');
  });

  it('is null when absent', async () => {
    expect(await loadCredentials(ctxWith({ XDG_CONFIG_HOME: dir }))).toBeNull();
  });
});

describe('resolveApiUrl', () => {
  const saved = { apiUrl: 'http://saved.test', token: 't', cookies: {} };
  it('prefers --api, then ATENDO_API_URL, then the saved login, then the default', () => {
    const env = ctxWith({ ATENDO_API_URL: 'http://env.test/' });
    const bare = ctxWith({});
    expect(resolveApiUrl(env, 'http://flag.test', saved)).toBe('http://flag.test');
    expect(resolveApiUrl(env, undefined, saved)).toBe('http://env.test');
    expect(resolveApiUrl(bare, undefined, saved)).toBe('http://saved.test');
    expect(resolveApiUrl(bare, undefined, null)).toBe(DEFAULT_API_URL);
  });
});
