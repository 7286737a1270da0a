import path from 'node:path';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { KubernetesRuntime } from './kubernetes-runtime.js';
import { LocalProcessRuntime } from './local-process-runtime.js';
import { NoSessionRuntime, type SessionRuntime } from './session-runtime.js';

/** The session runtime SESSION_RUNTIME asks for. */
export function createSessionRuntime(o: {
  config: Config;
  logger: Logger;
  apiUrl: () => string;
  issueToken: (connectionId: number) => Promise<string>;
}): SessionRuntime {
  switch (o.config.SESSION_RUNTIME) {
    case 'kubernetes':
      return KubernetesRuntime.fromConfig({
        kubeconfig: o.config.KUBECONFIG,
        namespace: o.config.KUBERNETES_NAMESPACE,
        logger: o.logger,
      });
    case 'local':
      return new LocalProcessRuntime({
        entry: path.resolve(o.config.SESSION_ENTRY),
        get apiUrl() {
          return o.apiUrl();
        },
        issueToken: o.issueToken,
        logger: o.logger,
      });
    default:
      return new NoSessionRuntime();
  }
}
