import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../main.js';
import { captureIO } from '../../testing/capture.js';
import { dnsLabelProblem, toDnsLabel } from './dns-name.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atendo-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `atendo manifests …` with no login and an api that does not exist: it must not be needed. */
async function atendo(...argv: string[]) {
  const { io, stdout, stderr } = captureIO({
    env: { XDG_CONFIG_HOME: dir, ATENDO_API_URL: 'http://127.0.0.1:9' },
  });
  const code = await run(['manifests', 'company', ...argv], io);
  return { code, stdout: stdout(), stderr: stderr() };
}

describe('atendo manifests company', () => {
  it('prints a Company resource as YAML that parses back to the object', async () => {
    const res = await atendo(
      'acme-corp',
      '--display-name',
      'Acme Corp',
      '--plan',
      'Pro',
      '--admin-email',
      'Admin@Acme.example',
      '--due-date',
      '2026-01-31',
      '--users',
      '10',
      '--queues',
      '0',
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(parse(res.stdout)).toEqual({
      apiVersion: 'atendo.io/v1alpha1',
      kind: 'Company',
      metadata: { name: 'acme-corp' },
      spec: {
        displayName: 'Acme Corp',
        plan: 'Pro',
        active: true,
        dueDate: '2026-01-31',
        timezone: 'America/Sao_Paulo',
        adminEmail: 'admin@acme.example',
        limits: { users: 10, queues: 0 },
      },
    });
    // Quoted, so YAML 1.1 readers do not turn it into a timestamp.
    expect(res.stdout).toContain('dueDate: "2026-01-31"');
  });

  it('keeps to the given options: defaults, --inactive, no limits', async () => {
    const res = await atendo(
      'padaria',
      '--admin-email',
      'dono@padaria.example',
      '--inactive',
      '--timezone',
      'America/Manaus',
    );
    expect(res.code).toBe(0);
    expect(parse(res.stdout)).toEqual({
      apiVersion: 'atendo.io/v1alpha1',
      kind: 'Company',
      metadata: { name: 'padaria' },
      spec: {
        displayName: 'padaria',
        active: false,
        timezone: 'America/Manaus',
        adminEmail: 'dono@padaria.example',
      },
    });
  });

  it('--json prints the same object as JSON', async () => {
    const yaml = await atendo('acme', '--admin-email', 'a@acme.example', '--plan', 'Basic');
    const json = await atendo(
      'acme',
      '--admin-email',
      'a@acme.example',
      '--plan',
      'Basic',
      '--json',
    );
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(parse(yaml.stdout));
  });

  it('refuses a name that is not a DNS-1123 label, explaining and suggesting one (exit 2)', async () => {
    const res = await atendo('Padaria São João', '--admin-email', 'a@b.example');
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    const err = res.stderr.replace(/[│\s]+/g, ' ');
    expect(err).toContain('cannot be a Company name: it has upper-case letters.');
    expect(err).toContain('DNS-1123');
    expect(err).toContain(
      'atendo manifests company padaria-sao-joao --display-name "Padaria São João"',
    );
  });

  it('refuses a bad email, date or time zone, and a missing --admin-email (exit 2)', async () => {
    expect((await atendo('acme', '--admin-email', 'not-an-email')).stderr).toContain(
      'is not a valid email',
    );
    expect(
      (await atendo('acme', '--admin-email', 'a@b.example', '--due-date', '2026-02-30')).code,
    ).toBe(2);
    expect(
      (await atendo('acme', '--admin-email', 'a@b.example', '--timezone', 'Mars/Olympus')).code,
    ).toBe(2);
    const missing = await atendo('acme');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--admin-email <email>' not specified");
  });
});

describe('DNS-1123 labels', () => {
  it('explains what is wrong with a name', () => {
    expect(dnsLabelProblem('acme-corp')).toBeUndefined();
    expect(dnsLabelProblem('a')).toBeUndefined();
    expect(dnsLabelProblem('')).toBe('it is empty');
    expect(dnsLabelProblem('acme_corp')).toMatch(/other than lower-case letters/);
    expect(dnsLabelProblem('acme.corp')).toMatch(/other than lower-case letters/);
    expect(dnsLabelProblem('-acme')).toBe('it must start and end with a letter or a digit');
    expect(dnsLabelProblem('x'.repeat(64))).toBe('it is 64 characters long (at most 63)');
  });

  it('makes a label out of any name', () => {
    expect(toDnsLabel('Padaria São João')).toBe('padaria-sao-joao');
    expect(toDnsLabel('  ACME, Inc. ')).toBe('acme-inc');
    expect(dnsLabelProblem(toDnsLabel('x'.repeat(70)))).toBeUndefined();
  });
});
