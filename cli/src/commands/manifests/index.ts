import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerManifestsCompany } from './company.js';

/** `atendo manifests <kind>`: Kubernetes resources for GitOps, printed, never applied. */
export function registerManifests(program: Command, ctx: CliContext): void {
  const manifests = program
    .command('manifests')
    .description('print Kubernetes resources for GitOps (no login needed)');
  registerManifestsCompany(manifests, ctx);
}
