import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const base = {
  API_URL: 'http://atendo-api.atendo.svc:8080',
  INTERNAL_TOKEN: 'x'.repeat(32),
  SESSION_IMAGE: 'ghcr.io/atendo/session:1.0.0',
};

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({ ...base, POD_NAME: 'operator-0', POD_NAMESPACE: 'atendo' });
    expect(config).toMatchObject({
      kubeconfig: undefined,
      apiUrl: base.API_URL,
      session: { image: base.SESSION_IMAGE, apiUrl: base.API_URL },
      namespace: undefined,
      identity: 'operator-0',
      metricsPort: 8080,
      workers: 2,
      resyncMs: 300_000,
      lease: { name: 'atendo-operator', namespace: 'atendo', durationSeconds: 15, renewDeadlineMs: 10_000, retryPeriodMs: 2_000 },
    });
  });

  it('parses overrides', () => {
    const config = loadConfig({
      ...base,
      NAMESPACE: 'tenants',
      WORKERS: '4',
      METRICS_PORT: '9090',
      SESSION_API_URL: 'http://api.internal:8080',
      SESSION_COMMAND: '[]',
      LEASE_NAMESPACE: 'ops',
    });
    expect(config.namespace).toBe('tenants');
    expect(config.workers).toBe(4);
    expect(config.metricsPort).toBe(9090);
    expect(config.session).toEqual({ image: base.SESSION_IMAGE, apiUrl: 'http://api.internal:8080', command: [] });
    expect(config.lease.namespace).toBe('ops');
  });

  it('fails fast naming every invalid variable', () => {
    expect(() => loadConfig({ API_URL: 'not a url', INTERNAL_TOKEN: 'short' })).toThrowError(
      /API_URL[\s\S]*INTERNAL_TOKEN[\s\S]*SESSION_IMAGE/,
    );
    expect(() => loadConfig({ ...base, LEASE_DURATION_SECONDS: '5', LEASE_RENEW_DEADLINE_SECONDS: '10' })).toThrowError(
      /LEASE_RENEW_DEADLINE_SECONDS/,
    );
    expect(() => loadConfig({ ...base, SESSION_COMMAND: '{"a":1}' })).toThrowError(/SESSION_COMMAND/);
  });
});
