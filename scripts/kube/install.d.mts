// Types for install.mjs, so TypeScript test harnesses can import it.
export declare const BIN_DIR: string;
export declare const KUBE_VERSION: string;
export declare const ETCD_VERSION: string;

export interface KubeBinaries {
  binDir: string;
  etcd: string;
  kubeApiserver: string;
  kubeControllerManager: string;
  kubeScheduler: string;
  kubeVersion: string;
  etcdVersion: string;
}

/** Builds (once; then cached in BIN_DIR) etcd, kube-apiserver, kube-controller-manager and, unless disabled, kube-scheduler. Synchronous. */
export declare function ensureKubeBinaries(options?: { scheduler?: boolean }): KubeBinaries;

/** Extracts helm v4 and kubectl into BIN_DIR (once). Synchronous. */
export declare function ensureHelmKubectl(): { helm: string; kubectl: string };

export declare function readZipEntries(zipPath: string, wanted: string[]): Map<string, Buffer>;

export declare const COREDNS_VERSION: string;
export declare const NODE_PACKAGES: string[];

export interface NodeRuntime extends KubeBinaries {
  kubelet: string;
  kubeProxy: string;
  coredns: string;
  corednsVersion: string;
}

/** Installs the node's Debian packages and builds kubelet, kube-proxy, kube-scheduler and CoreDNS (once). `{ skip }` says why this machine cannot run the node. Synchronous. */
export declare function ensureNodeRuntime(): NodeRuntime | { skip: string };
