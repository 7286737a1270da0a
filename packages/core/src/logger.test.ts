import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { lines, stream };
}

describe('api logger', () => {
  it('never writes passwords, tokens or the parameters of a failed query', () => {
    const { lines, stream } = capture();
    const real = createLogger('info', stream);
    const err = Object.assign(new Error('duplicate key'), {
      parameters: ['maria@x.io', 'scrypt$secret-hash'],
      query: 'INSERT INTO users',
    });
    real.error({ err, password: 'hunter22', token: 'abc.def' }, 'unhandled error');
    const out = lines.join('');
    expect(out).toContain('unhandled error');
    expect(out).toContain('INSERT INTO users');
    expect(out).not.toContain('scrypt$secret-hash');
    expect(out).not.toContain('hunter22');
    expect(out).not.toContain('abc.def');
  });
});
