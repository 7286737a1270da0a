// Every workflow the worker registers; the worker bundles this file for the workflow sandbox.
export { billingSweep } from './billing/workflow.js';
export { campaignDelivery } from './campaigns/workflow.js';
