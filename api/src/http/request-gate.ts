import type http from 'node:http';

/**
 * The api's door for a graceful stop (docs/operations.md#stopping-and-rolling): requests already inside
 * finish; a request that arrives once the door is shutting is answered 503
 * `ERR_SHUTTING_DOWN` with `Connection: close` and `Retry-After`, so a client or the
 * ingress retries it on another replica and nothing is half done. Socket.IO's own requests
 * (engine.io intercepts /socket.io before this handler) are closed by the realtime server.
 */
export interface RequestGate {
  /** The server's request handler, counting what is inside. */
  wrap(handler: http.RequestListener): http.RequestListener;
  /** Requests inside now. */
  readonly inFlight: number;
  /**
   * Shuts the door and resolves once every request inside has finished, or after `timeoutMs`
   * with how many were still running (they are cut when the server's connections close).
   */
  drain(timeoutMs: number): Promise<{ unfinished: number }>;
}

const REFUSED = JSON.stringify({ error: 'ERR_SHUTTING_DOWN' });

export function createRequestGate(): RequestGate {
  let inFlight = 0;
  let shut = false;
  let settle: (() => void) | null = null;

  const done = () => {
    inFlight -= 1;
    if (shut && inFlight === 0) settle?.();
  };

  return {
    get inFlight() {
      return inFlight;
    },
    wrap(handler) {
      return (req, res) => {
        if (shut) {
          res.writeHead(503, {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Length': Buffer.byteLength(REFUSED),
            Connection: 'close',
            'Retry-After': '1',
          });
          res.end(REFUSED);
          return;
        }
        inFlight += 1;
        // 'close' fires once per response: sent in full, or its connection gone.
        res.once('close', done);
        handler(req, res);
      };
    },
    drain(timeoutMs) {
      shut = true;
      if (inFlight === 0) return Promise.resolve({ unfinished: 0 });
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve({ unfinished: inFlight }), timeoutMs);
        settle = () => {
          clearTimeout(timer);
          resolve({ unfinished: 0 });
        };
      });
    },
  };
}
