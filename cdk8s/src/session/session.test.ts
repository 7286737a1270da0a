import { describe, expect, it } from 'vitest';
import type { Connection } from '../crds/connection.js';
import { toYaml } from '../yaml.js';
import {
  connectionOwnerReference,
  desiredSessionSecret,
  desiredSessionService,
  desiredSessionStatefulSet,
  labelValue,
  needsSessionPod,
  sessionName,
} from './index.js';

const conn = (over: Partial<Connection['spec']> = {}, name = 'acme-whatsapp'): Connection => ({
  apiVersion: 'atendo.io/v1alpha1',
  kind: 'Connection',
  metadata: { name, namespace: 'atendo', uid: '6c1d7f3e-0000-4000-8000-000000000001', generation: 1 },
  spec: { companyId: 2, channel: 'whatsapp', displayName: 'Suporte', connectionId: 7, ...over },
});
const opts = { image: 'docker.io/atendo/session:0.1.0', apiUrl: 'http://atendo-api.atendo.svc.cluster.local:8080', replicas: 1 as const };

describe('session builders', () => {
  it('snapshot of the StatefulSet, Service and Secret', async () => {
    const c = conn();
    const ownerRef = connectionOwnerReference(c);
    const yaml = toYaml([
      desiredSessionStatefulSet(c, { ...opts, ownerRef }),
      desiredSessionService(c, ownerRef),
      desiredSessionSecret(c, { apiUrl: opts.apiUrl, token: 'session-token', ownerRef }),
    ]);
    await expect(yaml).toMatchFileSnapshot('__snapshots__/session.yaml');
  });

  it('is deterministic and does not mutate its input', () => {
    const c = conn();
    const frozen = JSON.stringify(c);
    const a = desiredSessionStatefulSet(c, opts);
    const b = desiredSessionStatefulSet(structuredClone(c), { ...opts });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(c)).toBe(frozen);
    expect(desiredSessionSecret(c, { apiUrl: 'u', token: 't' })).toEqual(desiredSessionSecret(c, { apiUrl: 'u', token: 't' }));
  });

  it('runs one hardened, non-root pod with probes on the session port', () => {
    const sts = desiredSessionStatefulSet(conn(), opts);
    expect(sts.spec?.replicas).toBe(1);
    expect(sts.spec?.serviceName).toBe('session-acme-whatsapp');
    const pod = sts.spec!.template.spec!;
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(pod.terminationGracePeriodSeconds).toBe(30);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001, fsGroup: 10001, seccompProfile: { type: 'RuntimeDefault' } });
    const [container] = pod.containers;
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(container.ports).toEqual([{ name: 'http', containerPort: 8090, protocol: 'TCP' }]);
    expect(container.startupProbe?.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(container.volumeMounts).toEqual([{ name: 'tmp', mountPath: '/tmp' }]);
    const secretEnv = container.env!.filter((e) => e.valueFrom?.secretKeyRef).map((e) => e.name);
    expect(secretEnv).toEqual(['ATENDO_API_URL', 'ATENDO_CONNECTION_ID', 'ATENDO_SESSION_TOKEN']);
    expect(container.env!.every((e) => !e.valueFrom?.secretKeyRef || e.valueFrom.secretKeyRef.name === 'session-acme-whatsapp')).toBe(true);
  });

  it('scales to 0, takes image and resources from the Connection, keeps defaults per key', () => {
    const c = conn({ session: { image: 'registry.example/session:canary', resources: { limits: { memory: '1Gi' }, requests: { cpu: 1 } } } });
    const sts = desiredSessionStatefulSet(c, { ...opts, replicas: 0 });
    expect(sts.spec?.replicas).toBe(0);
    const [container] = sts.spec!.template.spec!.containers;
    expect(container.image).toBe('registry.example/session:canary');
    expect(container.resources).toEqual({ requests: { cpu: '1', memory: '192Mi' }, limits: { cpu: '500m', memory: '1Gi' } });
  });

  it('labels every object and owns it through the Connection', () => {
    const c = conn();
    const ownerRef = connectionOwnerReference(c);
    for (const obj of [desiredSessionStatefulSet(c, { ...opts, ownerRef }), desiredSessionService(c, ownerRef), desiredSessionSecret(c, { apiUrl: 'u', token: 't', ownerRef })]) {
      expect(obj.metadata?.labels).toMatchObject({
        'app.kubernetes.io/name': 'atendo-session',
        'app.kubernetes.io/instance': 'acme-whatsapp',
        'atendo.io/company-id': '2',
        'atendo.io/connection': 'acme-whatsapp',
      });
      expect(obj.metadata?.ownerReferences).toEqual([
        { apiVersion: 'atendo.io/v1alpha1', kind: 'Connection', name: 'acme-whatsapp', uid: c.metadata.uid, controller: true, blockOwnerDeletion: true },
      ]);
      expect(obj.metadata?.namespace).toBe('atendo');
    }
  });

  it('puts the api URL, connection id and token in the Secret; needs a connection id', () => {
    const secret = desiredSessionSecret(conn(), { apiUrl: 'http://api', token: 'tok' });
    expect(secret.type).toBe('Opaque');
    expect(secret.stringData).toEqual({ ATENDO_API_URL: 'http://api', ATENDO_CONNECTION_ID: '7', ATENDO_SESSION_TOKEN: 'tok' });
    const fromStatus = { ...conn({ connectionId: undefined }), status: { connectionId: 9 } };
    expect(desiredSessionSecret(fromStatus, { apiUrl: 'u', token: 't' }).stringData?.ATENDO_CONNECTION_ID).toBe('9');
    expect(() => desiredSessionSecret(conn({ connectionId: undefined }), { apiUrl: 'u', token: 't' })).toThrow(/no connectionId/);
  });

  it('rolls the pod when the api URL changes', () => {
    const a = desiredSessionStatefulSet(conn(), opts).spec!.template.metadata!.annotations!;
    const b = desiredSessionStatefulSet(conn(), { ...opts, apiUrl: 'http://elsewhere:8080' }).spec!.template.metadata!.annotations!;
    expect(a['atendo.io/config-hash']).not.toBe(b['atendo.io/config-hash']);
  });

  it('keeps names and label values valid for any Connection name', () => {
    const long = 'a.very.long.connection-name.with.dots-and-more-than-fifty-two-characters';
    const name = sessionName({ metadata: { name: long } });
    expect(name.length).toBeLessThanOrEqual(52);
    expect(name).toMatch(/^[a-z]([-a-z0-9]*[a-z0-9])?$/);
    expect(sessionName({ metadata: { name: long } })).toBe(name);
    expect(sessionName({ metadata: { name: `${long}x` } })).not.toBe(name);
    expect(sessionName({ metadata: { name: 'Sales.BR' } })).toMatch(/^session-sales-br-[0-9a-f]{8}$/);
    const value = labelValue('x'.repeat(80));
    expect(value.length).toBeLessThanOrEqual(63);
    expect(labelValue('acme-wa')).toBe('acme-wa');
  });

  it('runs the built session program with its control server on the session port, or the image CMD with command []', () => {
    const container = desiredSessionStatefulSet(conn(), opts).spec!.template.spec!.containers[0];
    expect(container.command).toEqual(['node', 'session/dist/main.mjs']);
    const env = Object.fromEntries(container.env!.filter((e) => e.value !== undefined).map((e) => [e.name, e.value]));
    expect(env).toMatchObject({
      ATENDO_PORT: '8090',
      ATENDO_HOST: '0.0.0.0',
      ATENDO_ADVERTISE_URL: 'http://session-acme-whatsapp.$(POD_NAMESPACE).svc:8090',
    });
    // The kubelet expands $(POD_NAMESPACE) only from variables declared before it.
    const names = container.env!.map((e) => e.name);
    expect(names.indexOf('POD_NAMESPACE')).toBeLessThan(names.indexOf('ATENDO_ADVERTISE_URL'));
    const image = desiredSessionStatefulSet(conn(), { ...opts, command: [] }).spec!.template.spec!.containers[0];
    expect(image.command).toBeUndefined();
  });

  it('needs a session pod only for Baileys (whatsapp)', () => {
    expect(needsSessionPod(conn())).toBe(true);
    expect(needsSessionPod(conn({ channel: 'whatsappapi' }))).toBe(false);
  });
});
