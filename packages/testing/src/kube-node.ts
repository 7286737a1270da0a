/**
 * A single-node Kubernetes cluster on this machine, started and stopped by a test: the control
 * plane of ./kube.ts (etcd, kube-apiserver, kube-controller-manager, kube-scheduler) plus a
 * node — containerd and runc from Debian, kubelet and kube-proxy built from the k8s.io/kubernetes
 * module, CoreDNS built from its module, and the CNI bridge plugins — all inside a network
 * namespace the harness creates (docs/operations.md#local-cluster).
 *
 * - Network: a namespace `atendo-<pid>` joined to the host by a veth pair; the node's address is
 *   the namespace's end (10.201.<n>.2), where the apiserver, the kubelet and CoreDNS listen, and
 *   the test reaches them from the host end. Pods get 10.244.0.0/24 on a bridge inside the
 *   namespace, without masquerading: no pod traffic leaves the namespace. The host routes the
 *   Service and pod ranges to the node, so a test reaches a Service as a load balancer would.
 * - Processes enter only the network namespace (`nsenter --net`), so the kubelet's volume mounts
 *   and containerd's see one another.
 * - containerd's image store and state, the kubelet's and the pods' are in the run's folder and
 *   go with it: every run imports its images afresh (a kept store only grew, image by image).
 * - cgroups v1 with the cgroupfs driver (`failCgroupV1: false`). Root lacks CAP_SYS_RESOURCE
 *   here: the runtime's base spec asks for no rlimit above the current ones, and containerd
 *   keeps oom_score_adj at or above its own (`restrict_oom_score_adj`).
 *
 * Usage: `const node = await startNode(); ... await node.stop();` (needs root; `nodeSkipReason()`
 * says why a machine cannot).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureHelmKubectl, ensureNodeRuntime } from '../../../scripts/kube/install.mjs';
import {
  CLIENT_CERT,
  issueCert,
  launch,
  SERVICE_CIDR,
  startKube,
  terminate,
  waitFor,
  writeKubeconfig,
  type KubeCluster,
  type Proc,
} from './kube.js';

export const NODE_NAME = 'atendo-node';
export const POD_CIDR = '10.244.0.0/24';
export const CLUSTER_DNS_DOMAIN = 'cluster.local';
export const SANDBOX_IMAGE = 'docker.io/atendo/pause:dev';

export interface KubeNode extends KubeCluster {
  /** The node's address (inside the namespace; reachable from the host). */
  nodeIp: string;
  /** The network namespace's name (`ip netns exec <name>` reaches pods and Service IPs). */
  netns: string;
  /** helm and kubectl binaries. */
  helm: string;
  kubectl: string;
  /** Runs kubectl against the cluster; throws with its output when it fails. */
  kubectlRun(args: string[], input?: string): string;
  /** Runs helm against the cluster. */
  helmRun(args: string[]): string;
  /** Imports a docker-archive of images into containerd's `k8s.io` namespace. */
  importImages(archive: string): void;
}

/** Why this machine cannot run the node, or null when it can (builds what is missing). */
export function nodeSkipReason(): string | null {
  const runtime = ensureNodeRuntime();
  if ('skip' in runtime) return runtime.skip;
  return null;
}

function sh(cmd: string, args: string[], input?: string): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
  if (r.error || r.status !== 0)
    throw new Error(
      `${cmd} ${args.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`}): ${r.stderr}${r.stdout}`.trim(),
    );
  return r.stdout;
}

function listNetns(): string[] {
  try {
    return fs.readdirSync('/run/netns');
  } catch {
    return [];
  }
}

function trySh(cmd: string, args: string[]): void {
  spawnSync(cmd, args, { stdio: 'ignore' });
}

/** containerd 1.6's configuration for this node (CRI plugin, runc with cgroupfs, CNI). */
function containerdConfig(dir: string, baseSpec: string): string {
  return `version = 2
root = "${path.join(dir, 'containerd')}"
state = "${path.join(dir, 'containerd-state')}"
[grpc]
  address = "${path.join(dir, 'containerd.sock')}"
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "${SANDBOX_IMAGE}"
  enable_selinux = false
  # The kubelet asks for oom_score_adj -998 on sandboxes; lowering it needs CAP_SYS_RESOURCE,
  # which root lacks here: keep it at containerd's own (0) and above.
  restrict_oom_score_adj = true
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      base_runtime_spec = "${baseSpec}"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = false
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "${path.join(dir, 'cni')}"
`;
}

/**
 * containerd's default OCI spec with every rlimit capped at this process's own: asking for more
 * needs CAP_SYS_RESOURCE, which root lacks on this machine.
 */
function baseRuntimeSpec(ctr: string[], file: string): void {
  const spec = JSON.parse(sh(ctr[0]!, [...ctr.slice(1), 'oci', 'spec'])) as {
    process: { rlimits?: { type: string; hard: number; soft: number }[] };
  };
  const limit = Number(sh('sh', ['-c', 'ulimit -Hn']).trim()) || 1024;
  spec.process.rlimits = (spec.process.rlimits ?? []).map((r) =>
    r.type === 'RLIMIT_NOFILE'
      ? { ...r, hard: Math.min(r.hard, limit), soft: Math.min(r.soft, limit) }
      : r,
  );
  fs.writeFileSync(file, JSON.stringify(spec, null, 2));
}

function cniConfig(): string {
  return JSON.stringify(
    {
      cniVersion: '0.4.0',
      name: 'atendo',
      plugins: [
        {
          type: 'bridge',
          bridge: 'atendo0',
          isGateway: true,
          ipMasq: false,
          hairpinMode: true,
          ipam: {
            type: 'host-local',
            ranges: [[{ subnet: POD_CIDR }]],
            routes: [{ dst: '0.0.0.0/0' }],
          },
        },
        { type: 'portmap', capabilities: { portMappings: true } },
        { type: 'loopback' },
      ],
    },
    null,
    2,
  );
}

function kubeletConfig(dir: string, nodeIp: string, pki: string): string {
  return `apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: ${nodeIp}
readOnlyPort: 0
authentication:
  anonymous: { enabled: false }
  webhook: { enabled: true }
  x509: { clientCAFile: ${path.join(pki, 'ca.crt')} }
authorization: { mode: Webhook }
tlsCertFile: ${path.join(pki, 'kubelet.crt')}
tlsPrivateKeyFile: ${path.join(pki, 'kubelet.key')}
cgroupDriver: cgroupfs
failCgroupV1: false
failSwapOn: false
containerRuntimeEndpoint: unix://${path.join(dir, 'containerd.sock')}
clusterDNS: [${nodeIp}]
clusterDomain: ${CLUSTER_DNS_DOMAIN}
resolvConf: ${path.join(dir, 'resolv.conf')}
podLogsDir: ${path.join(dir, 'pod-logs')}
evictionHard: { memory.available: 100Mi, nodefs.available: 1%, imagefs.available: 1%, nodefs.inodesFree: 1% }
imageGCHighThresholdPercent: 100
serializeImagePulls: false
syncFrequency: 10s
fileCheckFrequency: 10s
nodeStatusUpdateFrequency: 5s
`;
}

function kubeProxyConfig(kubeconfig: string): string {
  return `apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: iptables
clientConnection: { kubeconfig: ${kubeconfig} }
hostnameOverride: ${NODE_NAME}
clusterCIDR: ${POD_CIDR}
# Pods reach a Service whose endpoint is on the same bridge: masquerading makes the answer return
# through the node, where the translation is undone.
iptables: { masqueradeAll: true, syncPeriod: 5s, minSyncPeriod: 0s }
conntrack: { maxPerCore: 0, min: 0 }
`;
}

function corefile(nodeIp: string, kubeconfig: string): string {
  return `.:53 {
  bind ${nodeIp}
  errors
  kubernetes ${CLUSTER_DNS_DOMAIN} in-addr.arpa ip6.arpa {
    kubeconfig ${kubeconfig}
    pods insecure
    fallthrough in-addr.arpa ip6.arpa
  }
  cache 5
}
`;
}

/** Starts the cluster; `stop()` removes every process, pod, mount and the namespace. */
export async function startNode(options: { readyTimeoutMs?: number } = {}): Promise<KubeNode> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 180_000;
  const runtime = ensureNodeRuntime();
  if ('skip' in runtime) throw new Error(runtime.skip);
  const tools = ensureHelmKubectl();
  const n = (process.pid % 200) + 20;
  const netns = `atendo-${process.pid}`;
  const hostIf = `atn${process.pid}h`.slice(0, 15);
  const nodeIf = `atn${process.pid}n`.slice(0, 15);
  const hostIp = `10.201.${n}.1`;
  const nodeIp = `10.201.${n}.2`;
  const prefix = ['nsenter', `--net=/run/netns/${netns}`, '--'];
  const inNs = (cmd: string, args: string[]) => sh('ip', ['netns', 'exec', netns, cmd, ...args]);

  const netnsBefore = new Set(listNetns());
  sh('ip', ['netns', 'add', netns]);
  const procs: Proc[] = [];
  let kube: KubeCluster | undefined;
  let dir = '';
  const ctr = () => [
    'ctr',
    '--address',
    path.join(dir, 'containerd.sock'),
    '--namespace',
    'k8s.io',
  ];

  const stop = async () => {
    // The kubelet first (it would restart what is removed), then every pod container.
    for (const p of [...procs].reverse().filter((p) => p.name === 'kubelet')) await terminate(p);
    if (dir && fs.existsSync(path.join(dir, 'containerd.sock'))) {
      const [c, ...a] = ctr() as [string, ...string[]];
      const tasks = spawnSync(c, [...a, 'tasks', 'ls', '-q'], { encoding: 'utf8' }).stdout ?? '';
      for (const id of tasks.split('\n').filter(Boolean))
        trySh(c, [...a, 'tasks', 'kill', '-s', 'SIGKILL', id]);
      for (let i = 0; i < 20; i++) {
        const left = (spawnSync(c, [...a, 'tasks', 'ls', '-q'], { encoding: 'utf8' }).stdout ?? '')
          .split('\n')
          .filter(Boolean);
        for (const id of left) trySh(c, [...a, 'tasks', 'delete', '-f', id]);
        if (left.length === 0) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const containers =
        spawnSync(c, [...a, 'containers', 'ls', '-q'], { encoding: 'utf8' }).stdout ?? '';
      for (const id of containers.split('\n').filter(Boolean))
        trySh(c, [...a, 'containers', 'delete', id]);
    }
    for (const p of [...procs].reverse()) await terminate(p);
    // The kubelet's volume mounts and containerd's, then the pods' network namespaces.
    if (dir)
      for (const line of fs.readFileSync('/proc/mounts', 'utf8').split('\n').reverse()) {
        const mountPoint = line.split(' ')[1];
        if (mountPoint?.startsWith(dir)) trySh('umount', ['-l', mountPoint]);
      }
    for (const name of listNetns()) if (!netnsBefore.has(name)) trySh('ip', ['netns', 'del', name]);
    await kube?.stop();
    trySh('ip', ['link', 'del', hostIf]);
  };

  try {
    sh('ip', ['link', 'add', hostIf, 'type', 'veth', 'peer', 'name', nodeIf]);
    sh('ip', ['link', 'set', nodeIf, 'netns', netns]);
    sh('ip', ['addr', 'add', `${hostIp}/30`, 'dev', hostIf]);
    sh('ip', ['link', 'set', hostIf, 'up']);
    // The host reaches Service and pod addresses through the node, as a load balancer would.
    sh('ip', ['route', 'add', SERVICE_CIDR, 'via', nodeIp, 'dev', hostIf]);
    sh('ip', ['route', 'add', POD_CIDR, 'via', nodeIp, 'dev', hostIf]);
    inNs('ip', ['addr', 'add', `${nodeIp}/30`, 'dev', nodeIf]);
    inNs('ip', ['link', 'set', nodeIf, 'up']);
    inNs('ip', ['link', 'set', 'lo', 'up']);
    // Service IPs answer from inside; the host reaches them through the node.
    inNs('sysctl', ['-qw', 'net.ipv4.ip_forward=1', 'net.ipv4.conf.all.route_localnet=1']);

    kube = await startKube({
      address: nodeIp,
      apiserverPort: 6443,
      scheduler: true,
      spawnPrefix: prefix,
      readyTimeoutMs,
      // The node's name resolves nowhere; logs, exec and port-forward go to its address.
      apiserverArgs: ['--kubelet-preferred-address-types=InternalIP'],
    });
    dir = kube.dir;
    const pki = kube.pkiDir;
    const start = (name: string, bin: string, args: string[]) => {
      const p = launch(name, bin, args, dir, prefix);
      procs.push(p);
      return p;
    };

    // Identities: the kubelet (serving and client), kube-proxy, CoreDNS.
    issueCert(pki, 'kubelet', `/CN=${NODE_NAME}`, [
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature,keyEncipherment',
      'extendedKeyUsage=serverAuth',
      `subjectAltName=IP:${nodeIp},DNS:${NODE_NAME}`,
    ]);
    issueCert(pki, 'node', `/O=system:nodes/CN=system:node:${NODE_NAME}`, CLIENT_CERT);
    issueCert(pki, 'kube-proxy', '/CN=system:kube-proxy', CLIENT_CERT);
    for (const user of ['node', 'kube-proxy'])
      writeKubeconfig(path.join(dir, `${user}.kubeconfig`), kube.server, pki, user);

    // containerd
    fs.mkdirSync(path.join(dir, 'cni'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'cni', '10-atendo.conflist'), cniConfig());
    baseRuntimeSpec(['ctr'], path.join(dir, 'base-spec.json'));
    fs.writeFileSync(
      path.join(dir, 'containerd.toml'),
      containerdConfig(dir, path.join(dir, 'base-spec.json')),
    );
    const containerd = start('containerd', 'containerd', [
      '--config',
      path.join(dir, 'containerd.toml'),
    ]);
    await waitFor(
      'containerd',
      async () => fs.existsSync(path.join(dir, 'containerd.sock')),
      [containerd],
      readyTimeoutMs,
    );

    // CoreDNS on the node's address (the kubelet's clusterDNS): Services by name.
    fs.writeFileSync(path.join(dir, 'resolv.conf'), `nameserver ${nodeIp}\n`);
    fs.writeFileSync(path.join(dir, 'Corefile'), corefile(nodeIp, kube.kubeconfigPath));
    start('coredns', runtime.coredns, ['-conf', path.join(dir, 'Corefile')]);

    fs.writeFileSync(
      path.join(dir, 'kube-proxy.yaml'),
      kubeProxyConfig(path.join(dir, 'kube-proxy.kubeconfig')),
    );
    start('kube-proxy', runtime.kubeProxy, ['--config', path.join(dir, 'kube-proxy.yaml')]);

    fs.writeFileSync(path.join(dir, 'kubelet.yaml'), kubeletConfig(dir, nodeIp, pki));
    const kubelet = start('kubelet', runtime.kubelet, [
      '--config',
      path.join(dir, 'kubelet.yaml'),
      '--kubeconfig',
      path.join(dir, 'node.kubeconfig'),
      '--hostname-override',
      NODE_NAME,
      '--node-ip',
      nodeIp,
      '--root-dir',
      path.join(dir, 'kubelet'),
      '--cert-dir',
      path.join(dir, 'kubelet-certs'),
      '--v=1',
    ]);

    const kubectlRun = (args: string[], input?: string) =>
      sh(tools.kubectl, ['--kubeconfig', kube!.kubeconfigPath, ...args], input);
    await waitFor(
      `node ${NODE_NAME} Ready`,
      async () =>
        kubectlRun([
          'get',
          'node',
          NODE_NAME,
          '-o',
          'jsonpath={.status.conditions[?(@.type=="Ready")].status}',
        ]).trim() === 'True',
      [containerd, kubelet],
      readyTimeoutMs,
    );

    return {
      ...kube,
      stop,
      nodeIp,
      netns,
      helm: tools.helm,
      kubectl: tools.kubectl,
      kubectlRun,
      helmRun: (args) => sh(tools.helm, ['--kubeconfig', kube!.kubeconfigPath, ...args]),
      importImages: (archive) => {
        const [c, ...a] = ctr() as [string, ...string[]];
        sh(c, [...a, 'images', 'import', archive]);
      },
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
