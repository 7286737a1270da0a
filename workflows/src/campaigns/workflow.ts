import {
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import {
  CAMPAIGN_QUERIES,
  CAMPAIGN_SIGNALS,
  type CampaignDeliveryInput,
  type CampaignProgress,
} from '@atendo/domain/processes';
// Only the type crosses into workflow code; the worker registers the implementation.
import type { CampaignActivities } from './activities.js';

/** Sends per run before the history starts over (continue-as-new), carrying the count. */
export const SENDS_PER_RUN = 500;

const { campaignBegin } = proxyActivities<CampaignActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '5 minutes' },
});
// A batch heartbeats after every send: a worker that died mid-batch is noticed within the
// heartbeat timeout and the batch resumes elsewhere, from what the database says was done.
const { campaignDeliver } = proxyActivities<CampaignActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '2 seconds', maximumInterval: '5 minutes' },
});

export const cancelSignal = defineSignal(CAMPAIGN_SIGNALS.cancel);
export const confirmedSignal = defineSignal<[number]>(CAMPAIGN_SIGNALS.confirmed);
export const progressQuery = defineQuery<CampaignProgress>(CAMPAIGN_QUERIES.progress);

/**
 * One campaign's delivery (docs/product/campaigns.md Campaigns, docs/product/campaigns.md#delivery). The database holds the state (the
 * campaign's status, one shipping record per recipient); this workflow holds the timing: it
 * waits for scheduledAt, then asks the business core for one step at a time (a send, a batch,
 * or how long to wait: pause between messages, the sending window, a connection that is not
 * connected, the daily cap, replies to confirmations) and sleeps on durable timers in between.
 * `cancel` ends it at the next step (every send also checks the status first); `confirmed`
 * ends a wait early so the confirmed recipient's message goes out now.
 */
export async function campaignDelivery(input: CampaignDeliveryInput): Promise<CampaignProgress> {
  const { companyId, campaignId } = input;
  let progress: CampaignProgress = {
    status: 'PROGRAMADA',
    total: 0,
    delivered: 0,
    confirmationRequested: 0,
    confirmed: 0,
  };
  let cancelled = false;
  let nudged = false;
  setHandler(cancelSignal, () => {
    cancelled = true;
  });
  setHandler(confirmedSignal, () => {
    nudged = true;
  });
  setHandler(progressQuery, () => progress);
  const at = () => ({ companyId, campaignId, now: Date.now() });

  if (!input.carry) {
    for (;;) {
      const begin = await campaignBegin(at());
      progress = begin.progress;
      if (begin.kind === 'stopped') return progress;
      if (begin.kind === 'running') break;
      // PROGRAMADA: sleep until scheduledAt, then read the campaign again.
      if (await condition(() => cancelled, begin.ms)) return { ...progress, status: 'CANCELADA' };
    }
  }

  let sent = input.carry?.sent ?? 0;
  const firstOfRun = sent;
  for (;;) {
    if (cancelled) return { ...progress, status: 'CANCELADA' };
    // A reply arriving while the step runs must still end the wait that follows it.
    nudged = false;
    const step = await campaignDeliver({ ...at(), sent });
    progress = step.progress;
    if (step.kind === 'stopped' || step.kind === 'finished') return progress;
    sent = step.sent;
    const ms = step.kind === 'sent' ? step.gapMs : step.ms;
    if (ms > 0) {
      // Replies to confirmations end a wait early; pauses between messages keep their pace.
      const wake = step.kind === 'wait' ? () => cancelled || nudged : () => cancelled;
      await condition(wake, ms);
    }
    if (sent - firstOfRun >= SENDS_PER_RUN || workflowInfo().continueAsNewSuggested)
      await continueAsNew<typeof campaignDelivery>({ companyId, campaignId, carry: { sent } });
  }
}
