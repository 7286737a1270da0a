import type { InboundStep } from '../inbound-turn.js';
import { botSettings } from './step-support.js';

/** The lineage's refusal text (the spec gives none). */
export const AUDIO_REFUSAL =
  '*Assistente Virtual*:\nInfelizmente não conseguimos escutar nem enviar áudios por este canal de atendimento, por favor, envie uma mensagem de *texto*.';

/**
 * Audio refusal (docs/product/inbound.md#pipeline-steps): when the contact, or the whole company
 * (acceptAudioMessageContact), does not accept audio, a voice message gets the refusal text.
 * The audio stays stored on the ticket and the pipeline goes on, as in the lineage.
 */
export const audioRefusal: InboundStep = {
  name: 'audio-refusal',
  quiet: (f) =>
    f.message.kind !== 'audio' ||
    (f.contact.acceptAudioMessage && f.settings.acceptAudioMessageContact !== 'disabled'),
  async run(turn) {
    if (turn.message.kind !== 'audio') return 'next';
    const { acceptAudioMessageContact } = await botSettings(turn);
    if (turn.contact.acceptAudioMessage && acceptAudioMessageContact !== 'disabled') return 'next';
    await turn.say(AUDIO_REFUSAL);
    return 'next';
  },
};
