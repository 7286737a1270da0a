import path from 'node:path';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { LocalProcessRuntime } from './local-process-runtime.js';
import { NoSessionRuntime, type SessionRuntime } from './session-runtime.js';

/**
 * The session runtime SESSION_RUNTIME asks for. The Kubernetes client is loaded only when it
 * is the runtime: its generated API models alone cost the process about 130 MiB.
 */
export async function createSessionRuntime(o: {
  config: Config;
  logger: Logger;
  apiUrl: () => string;
  issueToken: (connectionId: number) => Promise<string>;
}): Promise<SessionRuntime> {
  switch (o.config.SESSION_RUNTIME) {
    case 'kubernetes': {
      const { KubernetesRuntime } = await import('./kubernetes-runtime.js');
      return KubernetesRuntime.fromConfig({
        kubeconfig: o.config.KUBECONFIG,
        namespace: o.config.KUBERNETES_NAMESPACE,
        logger: o.logger,
      });
    }
    case 'local':
      return new LocalProcessRuntime({
        entry: path.resolve(o.config.SESSION_ENTRY),
        get apiUrl() {
          return o.apiUrl();
        },
        issueToken: o.issueToken,
        logger: o.logger,
        spoolRoot: path.resolve(o.config.DATA_DIR, 'spool'),
      });
    default:
      return new NoSessionRuntime();
  }
}
