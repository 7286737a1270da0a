import type { AppContext } from '../../context.js';

/** What the billing use cases need: the api passes its context, the worker its own. */
export type BillingContext = Pick<AppContext, 'ds' | 'events'>;
