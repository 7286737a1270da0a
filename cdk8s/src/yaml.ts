import yaml from 'js-yaml';

/** YAML of one or more Kubernetes objects, as a multi-document stream (stable key order). */
export function toYaml(objects: readonly object[]): string {
  return objects
    .map((o) => yaml.dump(o, { noRefs: true, lineWidth: -1, quotingType: '"' }))
    .join('---\n');
}

/** The YAML file of a generated CRD (with a header saying where it comes from). */
export function crdFileContent(crd: object): string {
  return (
    '# Generated from cdk8s/src/crds by `npm run crds -w @atendo/cdk8s`. Do not edit by hand:\n' +
    '# a test fails when this file drifts from the cdk8s source.\n' +
    toYaml([crd])
  );
}
