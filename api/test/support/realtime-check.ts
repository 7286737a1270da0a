import { afterEach } from 'vitest';
import { takeRealtimeMismatches } from '@atendo/core/events/pushes.js';

/**
 * Fails the test during which the in-process api pushed a payload its declaration does not
 * describe (CHECK_REALTIME, docs/product/realtime.md#events): a listener's push that throws is
 * only logged by the event bus, so without this the test would merely miss the event.
 */
afterEach(() => {
  const mismatches = takeRealtimeMismatches();
  if (mismatches.length)
    throw new Error(
      `realtime payloads that do not match their declarations:\n${mismatches.map((e) => e.message).join('\n')}`,
    );
});
