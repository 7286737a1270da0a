import type { InboundStep } from '../inbound-turn.js';

/**
 * The inbound pipeline's steps, in the order they run (BEHAVIOUR.md A.4 and B). Each one is
 * a file of this folder; a step returning 'stop' ends the turn.
 */
export const INBOUND_STEPS: readonly InboundStep[] = [];
