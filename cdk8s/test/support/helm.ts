import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { ensureHelmKubectl } from '@atendo/testing/kube';

/** charts/atendo. */
export const CHART_DIR = fileURLToPath(new URL('../../../charts/atendo', import.meta.url));
/** Values files the tests render the chart with. */
export const valuesFile = (name: string): string => fileURLToPath(new URL(`../values/${name}`, import.meta.url));

/** A rendered Kubernetes object. */
export interface RenderedObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
}

/** Runs the cached helm binary; never throws, returns status and output. */
export function helm(args: string[]): { status: number; stdout: string; stderr: string } {
  const { helm: bin } = ensureHelmKubectl();
  const r = spawnSync(bin, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** `helm template atendo charts/atendo -n atendo` with extra args; throws with helm's error. */
export function helmTemplate(extra: string[] = []): { yaml: string; objects: RenderedObject[] } {
  const r = helm(['template', 'atendo', CHART_DIR, '--namespace', 'atendo', ...extra]);
  if (r.status !== 0) throw new Error(`helm template failed:\n${r.stderr}`);
  const objects = yaml.loadAll(r.stdout).filter((o): o is RenderedObject => o !== null && typeof o === 'object');
  return { yaml: r.stdout, objects };
}

/** `Kind/name` of an object. */
export const keyOf = (o: { kind?: string; metadata?: { name?: string } }): string => `${o.kind}/${o.metadata?.name}`;
