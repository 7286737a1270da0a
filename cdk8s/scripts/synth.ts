/** `npm run synth -w @atendo/cdk8s`: writes every chart's YAML to cdk8s/dist/ (one file per chart). */
import { fileURLToPath } from 'node:url';
import { buildPlatformApp } from '../src/platform/charts.js';
import { defaultPlatformConfig } from '../src/platform/config.js';

const outdir = fileURLToPath(new URL('../dist/', import.meta.url));
buildPlatformApp(defaultPlatformConfig(), { outdir }).synth();
console.log(`synthesized into ${outdir}`);
