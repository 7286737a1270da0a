import { ApiObject, App, Chart, type AppProps } from 'cdk8s';
import type { Construct } from 'constructs';
import { allCrds } from '../crds/index.js';
import type { Component } from './common.js';
import { defaultPlatformConfig, type PlatformConfig } from './config.js';
import { desiredComponentObjects, type KubeObject } from './manifests.js';

/** Adds plain objects to a chart as ApiObjects, named by kind and name (stable construct ids). */
function addObjects(scope: Construct, objects: readonly KubeObject[]): void {
  for (const obj of objects) {
    const { apiVersion, kind, metadata, ...rest } = obj as KubeObject & Record<string, unknown>;
    if (!apiVersion || !kind || !metadata?.name) throw new Error('object needs apiVersion, kind and metadata.name');
    new ApiObject(scope, `${kind}-${metadata.name}`, { apiVersion, kind, metadata, ...rest });
  }
}

/** The Company and Connection CRDs (apply before anything else). */
export class CrdsChart extends Chart {
  constructor(scope: Construct, id: string) {
    super(scope, id, { disableResourceNameHashes: true });
    addObjects(this, allCrds());
  }
}

/** Props of {@link ComponentChart}. */
export interface ComponentChartProps {
  config: PlatformConfig;
  component: Component;
}

/** One deployable (api, worker or operator): its Deployment and everything around it. */
export class ComponentChart extends Chart {
  constructor(scope: Construct, id: string, props: ComponentChartProps) {
    super(scope, id, { disableResourceNameHashes: true });
    addObjects(this, desiredComponentObjects(props.config, props.component));
  }
}

/** The platform app: one chart for the CRDs and one per deployable. */
export function buildPlatformApp(config: PlatformConfig = defaultPlatformConfig(), appProps: AppProps = {}): App {
  const app = new App(appProps);
  new CrdsChart(app, 'crds');
  for (const component of ['api', 'worker', 'operator'] as const) {
    new ComponentChart(app, component, { config, component });
  }
  return app;
}
