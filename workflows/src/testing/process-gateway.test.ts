import { Connection, Client } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, TemporalProcessGateway } from '@atendo/core';
import { freePort } from '@atendo/testing/ports';
import { startTemporalDevServer, type TemporalDevServer } from './temporal-dev-server.js';

// The api's and the worker's one way to Temporal. Workflow type names here need no worker:
// Temporal records a start for any type, which is all these rules are about.
let server: TemporalDevServer;
let gateway: TemporalProcessGateway;
let client: Client;
const logger = createLogger('silent');

beforeAll(async () => {
  server = await startTemporalDevServer();
  gateway = new TemporalProcessGateway({ address: server.address, namespace: 'default', logger });
  client = new Client({ connection: await Connection.connect({ address: server.address }) });
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await client?.connection.close();
  await server?.stop();
});

const runId = async (id: string) => (await client.workflow.getHandle(id).describe()).runId;

describe('TemporalProcessGateway', () => {
  it('starts a workflow once per id; restart replaces the running one', async () => {
    expect(await gateway.start('anyWorkflow', 'gateway-1', [{ n: 1 }])).toBe(true);
    const first = await runId('gateway-1');
    expect(await gateway.start('anyWorkflow', 'gateway-1', [{ n: 2 }])).toBe(false);
    expect(await runId('gateway-1')).toBe(first);
    expect(await gateway.start('anyWorkflow', 'gateway-1', [{ n: 3 }], { restart: true })).toBe(
      true,
    );
    const second = await runId('gateway-1');
    expect(second).not.toBe(first);
    const old = await client.workflow.getHandle('gateway-1', first).describe();
    expect(old.status.name).toBe('TERMINATED');
  });

  it('signals and cancels only what runs; signalWithStart starts what does not', async () => {
    expect(await gateway.signal('gateway-missing', 'nudge')).toBe(false);
    expect(await gateway.cancel('gateway-missing')).toBe(false);
    expect(await gateway.query('gateway-missing', 'progress')).toBeUndefined();
    expect(await gateway.signalWithStart('anyWorkflow', 'gateway-2', 'nudge', [1], [])).toBe(true);
    expect(await gateway.signal('gateway-2', 'nudge', [2])).toBe(true);
    const history = await client.workflow.getHandle('gateway-2').fetchHistory();
    const signals = history.events!.filter((e) => e.workflowExecutionSignaledEventAttributes);
    expect(signals).toHaveLength(2);
    expect(await gateway.cancel('gateway-2')).toBe(true);
  });

  it('answers false instead of throwing when Temporal cannot be reached', async () => {
    const port = await freePort();
    const down = new TemporalProcessGateway({
      address: `127.0.0.1:${port}`,
      namespace: 'default',
      logger,
    });
    expect(await down.start('anyWorkflow', 'gateway-3', [])).toBe(false);
    expect(await down.signal('gateway-3', 'nudge')).toBe(false);
    expect(await down.query('gateway-3', 'progress')).toBeUndefined();
    await down.close();
  });
});
