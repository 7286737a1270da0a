#!/usr/bin/env node
// `npm run test:cluster` (CI runs it after `npm test`): the SRE's path on a single-node
// Kubernetes cluster this machine runs (e2e/cluster; docs/operations.md#local-cluster). Installs
// what it needs first: Debian's containerd, runc, CNI plugins and podman; kubelet, kube-proxy,
// kube-scheduler and CoreDNS built from Go modules; the temporal CLI for the Temporal image.
// Kept out of `npm test`: the images and the cluster take minutes `npm test` has no room for.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureNodeModules, ensureTemporal, ROOT, step } from './setup.mjs';
import { ensureHelmKubectl, ensureNodeRuntime } from './kube/install.mjs';

const began = performance.now();
ensureNodeModules();
const env = { ...process.env, TEMPORAL_CLI_PATH: ensureTemporal() };
const runtime = ensureNodeRuntime();
if ('skip' in runtime) step(`the cluster test will skip: ${runtime.skip}`);
ensureHelmKubectl();
step(`setup: ${((performance.now() - began) / 1000).toFixed(0)} s; running the cluster test…`);
const vitest = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const r = spawnSync(
  process.execPath,
  [vitest, 'run', '--config', 'e2e/cluster/vitest.config.ts', ...process.argv.slice(2)],
  { cwd: ROOT, env, stdio: 'inherit' },
);
step(`test:cluster: ${((performance.now() - began) / 1000).toFixed(0)} s`);
process.exit(r.status ?? 1);
