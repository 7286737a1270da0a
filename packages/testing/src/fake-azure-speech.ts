import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Azure Speech's text-to-speech REST API: `POST
 * /<region>/cognitiveservices/v1` (the test's AZURE_SPEECH_URL is `{url}/{region}`), the key in
 * `Ocp-Apim-Subscription-Key`, SSML in, the audio of `X-Microsoft-OutputFormat` out. A wrong
 * key is a 401, as Azure answers. Every request is recorded.
 */
export interface SpeechRequest {
  path: string;
  key: string | null;
  contentType: string | null;
  outputFormat: string | null;
  ssml: string;
}

export interface FakeAzureSpeech {
  url: string;
  requests: SpeechRequest[];
  /** The accepted key. */
  key: string;
  /** Answers the next request with this status. */
  failNext(status: number): void;
  close(): Promise<void>;
}

/** Starts the fake; it answers `audio` (an Ogg/Opus file's bytes) to accepted requests. */
export async function startFakeAzureSpeech(key: string, audioFile: URL): Promise<FakeAzureSpeech> {
  const audio = fs.readFileSync(audioFile);
  const requests: SpeechRequest[] = [];
  let failure: number | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const header = (name: string) => (req.headers[name] as string | undefined) ?? null;
      requests.push({
        path: req.url ?? '',
        key: header('ocp-apim-subscription-key'),
        contentType: header('content-type'),
        outputFormat: header('x-microsoft-outputformat'),
        ssml: Buffer.concat(chunks).toString('utf8'),
      });
      if (failure !== null) {
        const status = failure;
        failure = null;
        return void res.writeHead(status).end();
      }
      if (req.method !== 'POST' || !/\/cognitiveservices\/v1$/.test(req.url ?? ''))
        return void res.writeHead(404).end();
      if (header('ocp-apim-subscription-key') !== fake.key) return void res.writeHead(401).end();
      res.writeHead(200, { 'content-type': 'audio/ogg' }).end(audio);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const fake: FakeAzureSpeech = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    key,
    failNext: (status) => void (failure = status),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return fake;
}
