// Test-only: a worker in its own process, for the kill tests (testing/child-workers.ts). It runs
// every workflow and activity like the real worker, with every channel replaced by one that
// appends each send (our message id, the number and the body, one JSON line) to SENDS_FILE.
// With HANG_AT=n, its n-th send is written and then never answered, as if the process died
// right after the channel took it.
import fs from 'node:fs';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import {
  createWorkerContext,
  LocalChannelAdapter,
  NoProcessGateway,
  singleAdapterRegistry,
  type ChannelAdapter,
} from '@atendo/core';
import { createActivities } from '../activities.js';
import { TASK_QUEUE } from '../shared.js';

const env = process.env;
const sendsFile = env.SENDS_FILE!;
const hangAt = env.HANG_AT ? Number(env.HANG_AT) : null;
let sent = 0;

class FileChannel extends LocalChannelAdapter implements ChannelAdapter {
  override async send(m: Parameters<LocalChannelAdapter['send']>[0]) {
    const line = { messageId: String(m.messageId), number: m.to.number, body: m.body };
    fs.appendFileSync(sendsFile, `${JSON.stringify(line)}\n`);
    if (hangAt !== null && ++sent >= hangAt) await new Promise(() => {});
    return super.send(m);
  }
}

Runtime.install({ logger: new DefaultLogger('ERROR'), shutdownSignals: ['SIGTERM'] });
const { ctx } = await createWorkerContext({
  databaseUrl: env.DATABASE_URL!,
  channels: singleAdapterRegistry(new FileChannel()),
  processes: new NoProcessGateway(),
});
const worker = await Worker.create({
  connection: await NativeConnection.connect({ address: env.TEMPORAL_ADDRESS! }),
  taskQueue: TASK_QUEUE,
  workflowBundle: { codePath: env.WORKFLOW_BUNDLE! },
  activities: createActivities({ ctx }),
});
process.send?.('ready');
await worker.run();
process.exit(0);
