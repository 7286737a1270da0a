import type { AppContext } from '../../context.js';

/** `&`, `<`, `>`, quotes: what SSML text and attributes must not carry raw. */
const xml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** The language of an Azure neural voice name (`pt-BR-FranciscaNeural` → `pt-BR`). */
const languageOf = (voice: string) => /^([a-z]{2,3}-[A-Z]{2})-/.exec(voice)?.[1] ?? 'pt-BR';

/**
 * A prompt's reply spoken by an Azure neural voice (Speech's text-to-speech REST API:
 * `POST https://<region>.tts.speech.microsoft.com/cognitiveservices/v1`, the voice's key in
 * `Ocp-Apim-Subscription-Key`, SSML in), as mono Ogg/Opus: what WhatsApp plays as a voice
 * note. Null when it cannot be had (no answer within AZURE_SPEECH_TIMEOUT_MS, a refusal, no
 * audio): the reply then goes as text. Never logs the key.
 */
export async function synthesizeSpeech(
  ctx: AppContext,
  o: { text: string; voice: string; key: string; region: string },
): Promise<Buffer | null> {
  const base = ctx.config.AZURE_SPEECH_URL.replace('{region}', encodeURIComponent(o.region));
  const ssml =
    `<speak version="1.0" xml:lang="${languageOf(o.voice)}">` +
    `<voice name="${xml(o.voice)}">${xml(o.text)}</voice></speak>`;
  try {
    const res = await fetch(`${base.replace(/\/+$/, '')}/cognitiveservices/v1`, {
      method: 'POST',
      headers: {
        'Ocp-Apim-Subscription-Key': o.key,
        'Content-Type': 'application/ssml+xml',
        'X-Microsoft-OutputFormat': 'ogg-24khz-16bit-mono-opus',
        'User-Agent': 'atendo',
      },
      body: ssml,
      signal: AbortSignal.timeout(ctx.config.AZURE_SPEECH_TIMEOUT_MS),
    });
    if (!res.ok) {
      await res.body?.cancel();
      ctx.logger.warn({ status: res.status }, 'speech synthesis refused; replying in text');
      return null;
    }
    const audio = Buffer.from(await res.arrayBuffer());
    return audio.subarray(0, 4).toString('latin1') === 'OggS' ? audio : null;
  } catch (err) {
    ctx.logger.warn(
      { reason: err instanceof Error ? err.name : 'failed' },
      'speech synthesis failed; replying in text',
    );
    return null;
  }
}
