/** @atendo/cdk8s: CRD contract, desired*() builders shared with the operator, platform charts. */
export * from './crds/index.js';
export * from './session/index.js';
export { toYaml, crdFileContent } from './yaml.js';
export * from './platform/index.js';
