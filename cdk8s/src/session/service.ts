import type { V1OwnerReference, V1Service } from '@kubernetes/client-node';
import type { Connection } from '../crds/connection.js';
import { sessionMetadata, sessionSelectorLabels } from './names.js';

/** Port of the session's HTTP server (health, and the api's send/edit/delete calls). */
export const SESSION_PORT = 8090;
/** Name of that port. */
export const SESSION_PORT_NAME = 'http';

/** The headless Service that governs the session StatefulSet (stable DNS for the pod). */
export function desiredSessionService(conn: Connection, ownerRef?: V1OwnerReference): V1Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: sessionMetadata(conn, ownerRef),
    spec: {
      type: 'ClusterIP',
      clusterIP: 'None',
      selector: sessionSelectorLabels(conn),
      ports: [
        { name: SESSION_PORT_NAME, port: SESSION_PORT, targetPort: SESSION_PORT_NAME, protocol: 'TCP' },
      ],
    },
  };
}
