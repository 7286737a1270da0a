import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from './main.js';
import { captureIO, fakeTTYInput } from './testing/capture.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atendo-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Nothing listens on port 9 (discard), so api calls fail fast.
const UNREACHABLE = 'http://127.0.0.1:9';

describe('run', () => {
  it('prints help on stdout and exits 0', async () => {
    const { io, stdout } = captureIO({ env: { XDG_CONFIG_HOME: dir } });
    expect(await run(['--help'], io)).toBe(0);
    expect(stdout()).toContain('Usage: atendo');
    expect(stdout()).toMatch(/companies\s+manage tenant companies/);
  });

  it('exits 2 on an unknown command', async () => {
    const { io, stderr } = captureIO({ env: { XDG_CONFIG_HOME: dir } });
    expect(await run(['plans', 'lst'], io)).toBe(2);
    expect(stderr()).toContain("unknown command 'lst'");
  });

  it('exits 2 on a bad ATENDO_API_URL', async () => {
    const { io, stderr } = captureIO({ env: { XDG_CONFIG_HOME: dir, ATENDO_API_URL: 'nope' } });
    expect(await run(['plans', 'list'], io)).toBe(2);
    expect(stderr()).toContain('ATENDO_API_URL');
  });

  it('tells a user who is not logged in to log in', async () => {
    const { io, stdout, stderr } = captureIO({ env: { XDG_CONFIG_HOME: dir } });
    expect(await run(['companies', 'list', '--json'], io)).toBe(1);
    expect(stdout()).toBe('');
    expect(stderr()).toContain('You are not logged in.');
    expect(stderr()).toContain('atendo login');
  });

  it('never prompts without a TTY: login without --password exits 2', async () => {
    const { io, stdout, stderr } = captureIO({ env: { XDG_CONFIG_HOME: dir } });
    expect(await run(['login', '--email', 'admin@atendo.local', '--api', UNREACHABLE], io)).toBe(2);
    expect(stdout()).toBe('');
    expect(stderr()).toContain('Missing --password');
  });

  it('explains an unreachable api', async () => {
    const { io, stderr } = captureIO({ env: { XDG_CONFIG_HOME: dir } });
    const code = await run(
      ['login', '--email', 'admin@atendo.local', '--password', 'x', '--api', UNREACHABLE],
      io,
    );
    expect(code).toBe(1);
    expect(stderr()).toContain(`Could not reach the Atendo api at ${UNREACHABLE}.`);
  });

  it('prompts for missing values on a TTY, hiding the password', async () => {
    const { io, stderr } = captureIO({ env: { XDG_CONFIG_HOME: dir }, isTTY: true });
    const stdin = fakeTTYInput();
    const done = run(['login', '--api', UNREACHABLE], { ...io, stdin });
    await vi.waitFor(() => expect(stderr()).toContain('Email:'), { timeout: 10_000 });
    await typeSlowly(stdin, 'admin@atendo.local\r');
    await vi.waitFor(() => expect(stderr()).toContain('Password:'), { timeout: 10_000 });
    await typeSlowly(stdin, 'hunter22\r');
    expect(await done).toBe(1);
    const err = stderr();
    expect(err).toContain('Email: admin@atendo.local');
    expect(err).toContain('Password: ••••••••');
    expect(err).not.toContain('hunter22');
    expect(err).toContain('Could not reach the Atendo api');
  });

  it('keeps what was typed ahead for the next prompt', async () => {
    const { io, stderr } = captureIO({ env: { XDG_CONFIG_HOME: dir }, isTTY: true });
    const stdin = fakeTTYInput();
    stdin.write('admin@atendo.local\rhunter22\r');
    const code = await run(['login', '--api', UNREACHABLE], { ...io, stdin });
    expect(code).toBe(1);
    expect(stderr()).toContain('Password: ••••••••');
    expect(stderr()).toContain('Could not reach the Atendo api');
  });
});

async function typeSlowly(stdin: PassThrough, text: string) {
  // Let the prompt attach to stdin before the first key.
  await new Promise((r) => setTimeout(r, 50));
  for (const ch of text) {
    stdin.write(ch);
    await new Promise((r) => setTimeout(r, 5));
  }
}
