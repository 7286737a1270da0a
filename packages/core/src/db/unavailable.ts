/**
 * SQLSTATEs of a database that is not there to answer: class 08 (connection exception),
 * 57P01-57P03 (shut down by an administrator or a crash, or not yet accepting connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123])$/;
/** Socket errors of a connection to PostgreSQL that could not be opened or was cut. */
const UNAVAILABLE_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** The driver's own errors for a connection that ended or never came. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/;

/** TypeORM's errors for a transaction whose connection was released when PostgreSQL closed it. */
const RELEASED_RUNNER = new Set([
  'QueryRunnerAlreadyReleasedError',
  'QueryRunnerProviderAlreadyReleasedError',
]);

/**
 * True when `err` says PostgreSQL could not be reached (down, restarting, refusing
 * connections), as opposed to a query it refused. The api's outside calls (fetch) fail with
 * their own error types, so a bare socket error here comes from the database driver.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as Record<string, unknown> | undefined, depth = 0; e && depth < 4; depth++) {
    const code = e.code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET.has(code)) return true;
      // The Unix socket's file is gone while the server is down.
      if (code === 'ENOENT' && e.syscall === 'connect') return true;
    }
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    // TypeORM releases a transaction's connection when PostgreSQL closes it; the transaction's
    // next query (or its commit) then finds its runner released.
    if (typeof e.name === 'string' && RELEASED_RUNNER.has(e.name)) return true;
    e = (e.driverError ?? e.cause) as Record<string, unknown> | undefined;
  }
  return false;
}
