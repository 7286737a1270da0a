/**
 * The names of the Atendo custom resources, with no other code: the api writes Connection
 * objects and imports this module alone (`@atendo/cdk8s/crd-names`), not the CRD schemas,
 * the cdk8s charts or their runtime.
 */

/** API group of every Atendo custom resource. */
export const GROUP = 'atendo.io';
/** Served and stored version. */
export const VERSION = 'v1alpha1';
/** `apiVersion` of Company and Connection objects. */
export const API_VERSION = `${GROUP}/${VERSION}` as const;

export const COMPANY_KIND = 'Company';
export const COMPANY_PLURAL = 'companies';
export const COMPANY_CRD_NAME = `${COMPANY_PLURAL}.${GROUP}`;

export const CONNECTION_KIND = 'Connection';
export const CONNECTION_PLURAL = 'connections';
export const CONNECTION_CRD_NAME = `${CONNECTION_PLURAL}.${GROUP}`;

/** Label with the api's company id, on Connections and the session objects made from them. */
export const COMPANY_ID_LABEL = 'atendo.io/company-id';
