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
