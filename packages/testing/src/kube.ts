/**
 * A real, throw-away Kubernetes control plane for the operator's integration tests:
 * etcd + kube-apiserver (+ kube-controller-manager, + optionally kube-scheduler) on loopback,
 * with binaries built by scripts/kube/install.mjs into ~/.cache/atendo/bin
 * (`ensureHelmKubectl` gives helm and kubectl from the same cache).
 *
 * - TLS everywhere on the apiserver: a throw-away CA (openssl CLI) signs the serving cert and an
 *   admin client cert (O=system:masters), written into a kubeconfig.
 * - Authorization is RBAC (+ Node), so RBAC objects the operator ships are really enforced for
 *   non-admin identities (impersonate with `--as` or a service-account token).
 * - kube-controller-manager runs by default, so ownerReference garbage collection, namespace
 *   deletion, service-account creation and Deployment/ReplicaSet/StatefulSet/Job controllers work.
 *   There are no nodes and no kubelet: pods are created but never run.
 *
 * Usage:
 *   const kube = await startKube();
 *   const kc = new KubeConfig(); kc.loadFromFile(kube.kubeconfigPath);
 *   ...
 *   await kube.stop();
 *
 * Set ATENDO_KUBE_KEEP=1 to keep the temp dir (logs, certs, etcd data) after stop() for debugging.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
// The one import of the repo's tool scripts: tests get the binaries through this module.
import { ensureHelmKubectl, ensureKubeBinaries } from '../../../scripts/kube/install.mjs';
import { freePort } from './ports.js';

export { ensureHelmKubectl };

export interface StartKubeOptions {
  /** Run kube-controller-manager (garbage collector, namespace, workload controllers). Default true. */
  controllerManager?: boolean;
  /** Run kube-scheduler. Default false (there are no nodes to schedule onto). */
  scheduler?: boolean;
  /** kube-controller-manager --controllers value. Default "*" (every default-enabled controller). */
  controllers?: string;
  /** How long to wait for the control plane to become ready. Default 120 s. */
  readyTimeoutMs?: number;
  /** Extra kube-apiserver flags, e.g. ["--feature-gates=..."]. */
  apiserverArgs?: string[];
  /**
   * Address etcd and the apiserver listen on, and the apiserver advertises. Default 127.0.0.1; a
   * node's address (e2e/cluster) lets pods reach the apiserver through the `kubernetes` Service.
   */
  address?: string;
  /** Fixed apiserver port (default: a free one). */
  apiserverPort?: number;
  /** A command every process runs under, e.g. `nsenter --net=/run/netns/x --` for a network namespace. */
  spawnPrefix?: string[];
  /**
   * Runs once the apiserver is ready and before kube-controller-manager starts, e.g. to
   * establish CRDs: the garbage collector discovers resources at start and only every 30 s
   * afterwards, so owner references to a kind created later cascade up to 30 s late.
   */
  beforeControllerManager?: (cluster: { kubeconfigPath: string; server: string }) => Promise<void>;
}

export interface KubeCluster {
  /** kubeconfig with an admin (system:masters) client certificate; context "atendo-test". */
  kubeconfigPath: string;
  /** https://127.0.0.1:<port> */
  server: string;
  /** Temp dir holding certs, logs (*.log) and etcd data; removed by stop(). */
  dir: string;
  /** PEM of the cluster CA, for clients that verify the serving certificate themselves. */
  caPath: string;
  /** Etcd client URL, e.g. for inspecting raw storage. */
  etcdUrl: string;
  /** The CA (ca.crt, ca.key) and the certificates issued so far; `issueCert` adds more. */
  pkiDir: string;
  /** Kills every process (SIGTERM, then SIGKILL after 10 s) and removes the temp dir. Idempotent. */
  stop(): Promise<void>;
}

/** Service addresses of every cluster these harnesses start. */
export const SERVICE_CIDR = '10.96.0.0/16';
const SERVICE_IP = '10.96.0.1';

function openssl(args: string[], cwd: string): void {
  const r = spawnSync('openssl', args, { cwd, encoding: 'utf8' });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(
      'startKube needs the `openssl` CLI to create test certificates (apt-get install openssl)',
    );
  }
  if (r.status !== 0) throw new Error(`openssl ${args.join(' ')} failed: ${r.stderr}`);
}

function serial(): string {
  return `0x${crypto.randomBytes(8).toString('hex').replace(/^./, '1')}`;
}

/** Extensions of a client certificate. */
export const CLIENT_CERT = [
  'basicConstraints=critical,CA:FALSE',
  'keyUsage=critical,digitalSignature,keyEncipherment',
  'extendedKeyUsage=clientAuth',
];

/** Issues `<name>.crt` / `<name>.key` signed by the CA in `dir` (ca.crt / ca.key). */
export function issueCert(dir: string, name: string, subject: string, extensions: string[]): void {
  openssl(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', `${name}.key`], dir);
  openssl(['req', '-new', '-key', `${name}.key`, '-subj', subject, '-out', `${name}.csr`], dir);
  fs.writeFileSync(path.join(dir, `${name}.ext`), `${extensions.join('\n')}\n`);
  openssl(
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-set_serial',
      serial(),
      '-days',
      '3650',
      '-sha256',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.crt`,
    ],
    dir,
  );
}

function createPki(dir: string, address: string): void {
  fs.mkdirSync(dir, { recursive: true });
  openssl(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'ca.key'], dir);
  openssl(
    [
      'req',
      '-x509',
      '-new',
      '-key',
      'ca.key',
      '-subj',
      '/CN=atendo-test-ca',
      '-days',
      '3650',
      '-sha256',
      '-set_serial',
      serial(),
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign,digitalSignature',
      '-out',
      'ca.crt',
    ],
    dir,
  );
  issueCert(dir, 'apiserver', '/CN=kube-apiserver', [
    'basicConstraints=critical,CA:FALSE',
    'keyUsage=critical,digitalSignature,keyEncipherment',
    'extendedKeyUsage=serverAuth',
    `subjectAltName=IP:127.0.0.1,IP:${address},IP:${SERVICE_IP},DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local`,
  ]);
  issueCert(dir, 'admin', '/O=system:masters/CN=atendo-test-admin', CLIENT_CERT);
  // The apiserver's identity towards kubelets (logs, exec, port-forward).
  issueCert(
    dir,
    'kubelet-client',
    '/O=system:masters/CN=kube-apiserver-kubelet-client',
    CLIENT_CERT,
  );
  // Service-account token signing key (ES256).
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  fs.writeFileSync(path.join(dir, 'sa.key'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
  fs.writeFileSync(path.join(dir, 'sa.pub'), publicKey.export({ type: 'spki', format: 'pem' }));
}

/** A kubeconfig for `server` with the client certificate `<user>.crt` of the CA in `pki`. */
export function writeKubeconfig(file: string, server: string, pki: string, user = 'admin'): void {
  const b64 = (name: string) => fs.readFileSync(path.join(pki, name)).toString('base64');
  fs.writeFileSync(
    file,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '- name: atendo-test',
      '  cluster:',
      `    server: ${server}`,
      `    certificate-authority-data: ${b64('ca.crt')}`,
      'users:',
      '- name: atendo-test-admin',
      '  user:',
      `    client-certificate-data: ${b64(`${user}.crt`)}`,
      `    client-key-data: ${b64(`${user}.key`)}`,
      'contexts:',
      '- name: atendo-test',
      '  context:',
      '    cluster: atendo-test',
      '    user: atendo-test-admin',
      '    namespace: default',
      'current-context: atendo-test',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
}

export interface Proc {
  name: string;
  child: ChildProcess;
  logFile: string;
  exited: Promise<void>;
  exitInfo?: string;
}

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

const live = new Set<Proc>();
let exitHookInstalled = false;

/** Starts a long-running process logging to `<dir>/<name>.log`; killed on this process's exit. */
export function launch(
  name: string,
  bin: string,
  args: string[],
  dir: string,
  prefix: string[] = [],
): Proc {
  const logFile = path.join(dir, `${name}.log`);
  const fd = fs.openSync(logFile, 'a');
  const [cmd, ...rest] = [...prefix, bin, ...args] as [string, ...string[]];
  const child = spawn(cmd, rest, { cwd: dir, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  const proc: Proc = { name, child, logFile, exited: Promise.resolve() };
  proc.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      proc.exitInfo = signal ? `signal ${signal}` : `exit code ${code}`;
      live.delete(proc);
      resolve();
    });
    child.once('error', (err) => {
      proc.exitInfo = `failed to start: ${err.message}`;
      live.delete(proc);
      resolve();
    });
  });
  live.add(proc);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // Last resort if a test run ends without stop(): never leave control planes behind.
    process.once('exit', () => {
      for (const p of live) p.child.kill('SIGKILL');
    });
  }
  return proc;
}

/** SIGTERM, then SIGKILL after 10 s. */
export async function terminate(proc: Proc): Promise<void> {
  if (proc.exitInfo !== undefined) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 10_000);
  await proc.exited;
  clearTimeout(timer);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns true; fails early (with the log tail) if a process dies. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  procs: Proc[],
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  for (;;) {
    for (const p of procs) {
      if (p.exitInfo !== undefined) {
        throw new Error(
          `${p.name} exited (${p.exitInfo}) while waiting for ${what}; last log lines:\n${tail(p.logFile)}`,
        );
      }
    }
    try {
      if (await check()) return;
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() > deadline) {
      const logs = procs
        .map((p) => `--- ${p.name} (${p.logFile}) ---\n${tail(p.logFile, 20)}`)
        .join('\n');
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${lastError})` : ''}\n${logs}`,
      );
    }
    await sleep(250);
  }
}

export function httpGet(
  url: string,
  tls?: https.RequestOptions,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const onResponse = (res: http.IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    };
    const req = url.startsWith('https:')
      ? https.get(url, { ...tls, timeout: 5_000 }, onResponse)
      : http.get(url, { timeout: 5_000 }, onResponse);
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
  });
}

/**
 * Starts etcd + kube-apiserver (+ controller-manager, + scheduler) and writes a kubeconfig.
 * The ports are free when picked but another process (any outbound connection takes a port
 * of the same range) can take one before etcd or the apiserver binds it: such a start is
 * tried again on fresh ports, twice at most.
 */
export async function startKube(options: StartKubeOptions = {}): Promise<KubeCluster> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startKubeOnce(options);
    } catch (err) {
      if (attempt >= 3 || !/address already in use/.test(String(err))) throw err;
    }
  }
}

async function startKubeOnce(options: StartKubeOptions): Promise<KubeCluster> {
  const {
    controllerManager = true,
    scheduler = false,
    controllers = '*',
    readyTimeoutMs = 120_000,
    address = '127.0.0.1',
    spawnPrefix = [],
  } = options;
  const start = (name: string, bin: string, args: string[]) =>
    launch(name, bin, args, dir, spawnPrefix);
  const bins = ensureKubeBinaries({ scheduler });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-kube-'));
  const pki = path.join(dir, 'pki');
  const procs: Proc[] = [];
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const p of [...procs].reverse()) await terminate(p);
    if (!process.env.ATENDO_KUBE_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    createPki(pki, address);
    const [etcdPort, etcdPeerPort, apiPort] = [
      await freePort(),
      await freePort(),
      options.apiserverPort ?? (await freePort()),
    ];
    const etcdUrl = `http://${address}:${etcdPort}`;
    const server = `https://${address}:${apiPort}`;
    const kubeconfigPath = path.join(dir, 'kubeconfig');
    writeKubeconfig(kubeconfigPath, server, pki);

    const etcd = start('etcd', bins.etcd, [
      '--name=atendo-test',
      `--data-dir=${path.join(dir, 'etcd')}`,
      `--listen-client-urls=${etcdUrl}`,
      `--advertise-client-urls=${etcdUrl}`,
      `--listen-peer-urls=http://${address}:${etcdPeerPort}`,
      `--initial-advertise-peer-urls=http://${address}:${etcdPeerPort}`,
      `--initial-cluster=atendo-test=http://${address}:${etcdPeerPort}`,
      '--initial-cluster-state=new',
      '--unsafe-no-fsync', // throw-away data: skip fsync, much faster on shared disks
      '--log-level=warn',
    ]);
    procs.push(etcd);
    await waitFor(
      'etcd /health',
      async () => {
        const r = await httpGet(`${etcdUrl}/health`);
        return r.status === 200 && /"health":\s*"true"/.test(r.body);
      },
      [etcd],
      readyTimeoutMs,
    );

    const apiserver = start('kube-apiserver', bins.kubeApiserver, [
      `--etcd-servers=${etcdUrl}`,
      `--bind-address=${address}`,
      `--advertise-address=${address}`,
      `--secure-port=${apiPort}`,
      `--cert-dir=${path.join(dir, 'apiserver-certs')}`,
      `--tls-cert-file=${path.join(pki, 'apiserver.crt')}`,
      `--tls-private-key-file=${path.join(pki, 'apiserver.key')}`,
      `--client-ca-file=${path.join(pki, 'ca.crt')}`,
      '--authorization-mode=Node,RBAC',
      '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
      `--service-account-key-file=${path.join(pki, 'sa.pub')}`,
      `--service-account-signing-key-file=${path.join(pki, 'sa.key')}`,
      `--service-cluster-ip-range=${SERVICE_CIDR}`,
      '--allow-privileged=true',
      // The "kubernetes" Service's Endpoints may not point at loopback; without a node nothing
      // in-cluster needs them. On a node's address they are how pods reach the apiserver.
      ...(address.startsWith('127.') ? ['--endpoint-reconciler-type=none'] : []),
      `--kubelet-client-certificate=${path.join(pki, 'kubelet-client.crt')}`,
      `--kubelet-client-key=${path.join(pki, 'kubelet-client.key')}`,
      '--profiling=false',
      ...(options.apiserverArgs ?? []),
    ]);
    procs.push(apiserver);

    const tls: https.RequestOptions = {
      ca: fs.readFileSync(path.join(pki, 'ca.crt')),
      cert: fs.readFileSync(path.join(pki, 'admin.crt')),
      key: fs.readFileSync(path.join(pki, 'admin.key')),
      agent: false,
    };
    await waitFor(
      'kube-apiserver /readyz',
      async () => (await httpGet(`${server}/readyz`, tls)).status === 200,
      [etcd, apiserver],
      readyTimeoutMs,
    );

    await options.beforeControllerManager?.({ kubeconfigPath, server });

    if (controllerManager) {
      const kcm = start('kube-controller-manager', bins.kubeControllerManager, [
        `--kubeconfig=${kubeconfigPath}`,
        '--secure-port=0',
        '--leader-elect=false',
        `--controllers=${controllers}`,
        `--service-account-private-key-file=${path.join(pki, 'sa.key')}`,
        `--root-ca-file=${path.join(pki, 'ca.crt')}`,
        `--cluster-signing-cert-file=${path.join(pki, 'ca.crt')}`,
        `--cluster-signing-key-file=${path.join(pki, 'ca.key')}`,
        `--service-cluster-ip-range=${SERVICE_CIDR}`,
        // Faster reactions for tests (defaults are tuned for big clusters).
        '--concurrent-gc-syncs=5',
        '--namespace-sync-period=10s',
      ]);
      procs.push(kcm);
      // The service-account controller creates "default" in every namespace once the
      // controllers run: a cheap readiness signal (and pods need it for admission).
      await waitFor(
        'kube-controller-manager (default ServiceAccount)',
        async () => {
          const r = await httpGet(
            `${server}/api/v1/namespaces/default/serviceaccounts/default`,
            tls,
          );
          return r.status === 200;
        },
        [etcd, apiserver, kcm],
        readyTimeoutMs,
      );
    }

    if (scheduler) {
      const sched = start('kube-scheduler', bins.kubeScheduler, [
        `--kubeconfig=${kubeconfigPath}`,
        '--secure-port=0', // no health endpoint needed; also skips request-header authn setup
        '--leader-elect=false',
      ]);
      procs.push(sched);
    }

    return {
      kubeconfigPath,
      server,
      dir,
      caPath: path.join(pki, 'ca.crt'),
      etcdUrl,
      pkiDir: pki,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
