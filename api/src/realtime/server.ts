import type { Server as HttpServer } from 'node:http';
import { Server, type Namespace, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import { coalescedNotifyPool } from './coalesced-notify.js';
import { isDatabaseUnavailable } from '@atendo/core/db/unavailable.js';
import pg from 'pg';
import { isAdministrator, rooms } from '@atendo/domain';
import { realtimeEventName, realtimeRawEventName } from '@atendo/contract';
import { permissionUserOf } from '@atendo/core/modules/users/permission-user.js';
import type { AppContext } from '@atendo/core/context.js';
import { TicketEntity, type Ticket } from '@atendo/core/db/entities/index.js';
import {
  loadSocketUser,
  privilegedRooms,
  recheckUserSockets,
  socketRefusal,
  type SocketData,
} from './socket-access.js';
import { canSeeTicket, loadViewer } from '@atendo/core/modules/tickets/viewer.js';
import type { Principal } from '@atendo/core/access/principal.js';
import { tenantData } from '@atendo/core/db/tenant-data.js';
import { companyHidesNumbers } from '@atendo/core/modules/contacts/number-masking.js';
import { withNumberPolicy } from '@atendo/core/modules/contacts/number-policy.js';
import { realtimeCheckOn, withRealtimeCheck, type Pushes } from '@atendo/core/events/pushes.js';

const TICKET_STATUSES = new Set(['open', 'pending', 'closed', 'group', 'lgpd', 'nps']);

/** Realtime: one namespace per company, token-authenticated, events sent only to the rooms allowed to see them. */
export type { Pushes } from '@atendo/core/events/pushes.js';

export interface Realtime extends Pushes {
  io: Server;
  /**
   * Re-checks a user's open sockets against the database: ends them when the user may no
   * longer hold one (and those of older sign-ins when `endOlderSignIns`), else drops rooms
   * their role no longer allows.
   */
  recheckUser(companyId: number, userId: number, endOlderSignIns: boolean): Promise<void>;
  /** Ends every socket of a company (suspended or deleted). */
  endCompany(companyId: number): void;
  close(): Promise<void>;
}

/**
 * Attaches Socket.IO to the HTTP server. A PostgreSQL adapter (LISTEN/NOTIFY) carries every
 * emit to the clients of every api process. The handshake must carry a valid access token of a
 * user of that namespace's company; anything else is refused.
 */
export function createRealtime(
  ctx: AppContext,
  httpServer: HttpServer,
  databaseUrl: string,
  origins: string[],
): Realtime {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', (err) => ctx.logger.warn({ err }, 'socket adapter pool error'));
  const notify = coalescedNotifyPool(pool);
  const io = new Server(httpServer, {
    cors: { origin: origins, credentials: true },
    adapter: createAdapter(notify, {
      errorHandler: (err) => ctx.logger.warn({ err }, 'socket adapter error'),
    }),
  });

  // io.of(regex) returns a ParentNamespace, whose createChild the typings do not expose.
  const parent = io.of(/^\/\d+$/) as Namespace & { createChild(name: string): Namespace };
  parent.use(async (socket, next) => {
    try {
      const companyId = Number(socket.nsp.name.slice(1));
      const token = handshakeToken(socket);
      const claims = token ? await ctx.tokens.verifyAccess(token) : null;
      if (!claims || claims.companyId !== companyId) return next(new Error('ERR_SESSION_EXPIRED'));
      // The console sends its user id beside the token; they must name the same user.
      const claimedUser = socket.handshake.query.userId;
      if (
        claimedUser !== undefined &&
        claimedUser !== '' &&
        Number(claimedUser) !== claims.userId
      ) {
        return next(new Error('ERR_SESSION_EXPIRED'));
      }
      const user = await loadSocketUser(ctx, companyId, claims.userId);
      const refusal = socketRefusal(user, companyId);
      if (refusal) return next(new Error(refusal));
      // A token superseded by a newer login may not open a socket; one that merely expired
      // while connected keeps working (docs/product/companies-plans-billing.md#billing-sweep).
      if (user!.tokenVersion !== claims.tokenVersion) return next(new Error('ERR_SESSION_EXPIRED'));
      const data: SocketData = {
        userId: user!.id,
        companyId,
        tokenVersion: user!.tokenVersion,
        permissions: permissionUserOf(user!),
        queueIds: (user!.userQueues ?? []).map((q) => q.queueId),
      };
      socket.data = data;
      next();
    } catch (err) {
      ctx.logger.warn({ err }, 'socket handshake failed');
      // The console tries again later on this code (docs/operations.md#when-postgresql-restarts).
      next(new Error(isDatabaseUnavailable(err) ? 'ERR_DATABASE_UNAVAILABLE' : 'ERR_INTERNAL'));
    }
  });

  parent.on('connection', (socket: Socket) => {
    const data = socket.data as SocketData;
    const isAdmin = isAdministrator(data.permissions);
    void socket.join([rooms.company, rooms.user(data.userId), ...(isAdmin ? [rooms.admins] : [])]);
    void markOnline(data);

    socket.on('joinTickets', (status: unknown) => {
      if (typeof status === 'string' && TICKET_STATUSES.has(status))
        void socket.join(rooms.status(status));
    });
    socket.on('leaveTickets', (status: unknown) => {
      if (typeof status === 'string') void socket.leave(rooms.status(status));
    });
    socket.on('joinNotification', async () => {
      // The user's queues and role as they are now, not as they were at the handshake.
      try {
        const user = await loadSocketUser(ctx, data.companyId, data.userId);
        if (socketRefusal(user, data.companyId)) return void socket.disconnect(true);
        const allowed = [...privilegedRooms(user!)].filter((r) => r.startsWith('notification:'));
        void socket.join(allowed);
      } catch (err) {
        ctx.logger.warn({ err }, 'joinNotification failed');
      }
    });
    socket.on('leaveNotification', () => {
      for (const room of socket.rooms)
        if (room.startsWith('notification:')) void socket.leave(room);
    });
    socket.on('joinChatBox', async (ticketId: unknown) => {
      const ticket = await findTicket(data.companyId, data.userId, ticketId);
      if (ticket) void socket.join(rooms.ticket(ticket.id));
    });
    socket.on('joinChatBoxLeave', async (ticketId: unknown) => {
      const ticket = await findTicket(data.companyId, data.userId, ticketId);
      if (ticket) void socket.leave(rooms.ticket(ticket.id));
    });
    socket.on('userStatus', () => void markOnline(data));
    socket.on('disconnect', async () => {
      try {
        const left = await socket.nsp.in(rooms.user(data.userId)).fetchSockets();
        if (left.length === 0) await setOnline(data, false);
      } catch (err) {
        ctx.logger.debug({ err }, 'presence check after disconnect failed');
      }
    });
  });

  async function findTicket(
    companyId: number,
    userId: number,
    ticketId: unknown,
  ): Promise<Pick<Ticket, 'id'> | null> {
    const where =
      typeof ticketId === 'number' || /^\d+$/.test(String(ticketId))
        ? { id: Number(ticketId), companyId }
        : /^[0-9a-f-]{36}$/i.test(String(ticketId))
          ? { uuid: String(ticketId), companyId }
          : null;
    if (!where) return null;
    const db = tenantData(ctx.ds, companyId);
    const ticket = await db.of(TicketEntity).findOne({
      where,
      select: { id: true, userId: true, queueId: true, isGroup: true, status: true },
    });
    if (!ticket) return null;
    // The conversation room carries its messages: only who may open the ticket joins it.
    const viewer = await loadViewer(db, { userId } as Principal).catch(() => null);
    return viewer && canSeeTicket(viewer, ticket) ? ticket : null;
  }

  async function markOnline(data: SocketData) {
    await setOnline(data, true);
  }

  /** Socket handlers belong to no request: each writes in its socket's company scope. */
  async function setOnline(data: SocketData, online: boolean) {
    const db = tenantData(ctx.ds, data.companyId);
    const [rows] = (await db.query(
      online
        ? `UPDATE users SET online = true, "lastSeenAt" = now() WHERE id = $1 AND "companyId" = $2 AND online = false RETURNING id`
        : `UPDATE users SET online = false WHERE id = $1 AND "companyId" = $2 AND online = true RETURNING id`,
      [data.userId, data.companyId],
    )) as [unknown[], number];
    if (online) {
      await db.query(`UPDATE users SET "lastSeenAt" = now() WHERE id = $1 AND "companyId" = $2`, [
        data.userId,
        data.companyId,
      ]);
    }
    if (rows.length > 0) {
      ctx.events.publish('user.presence_changed', {
        companyId: data.companyId,
        userId: data.userId,
        online,
      });
    }
  }

  function namespaceFor(companyId: number): Namespace {
    const name = `/${companyId}`;
    // createChild gives the namespace the parent's auth middleware and handlers, so a client
    // that connects later is still authenticated.
    return io._nsps.get(name) ?? parent.createChild(name);
  }

  const realtime: Realtime = {
    io,
    emit(companyId, entity, targets, payload, except = []) {
      if (targets.length === 0) return;
      const to = namespaceFor(companyId).to(targets);
      (except.length ? to.except(except) : to).emit(realtimeEventName(companyId, entity), payload);
    },
    emitRaw(companyId, event, targets, payload, ...key) {
      if (targets.length === 0) return;
      namespaceFor(companyId)
        .to(targets)
        .emit(realtimeRawEventName(companyId, event, ...key), payload);
    },
    async recheckUser(companyId, userId, endOlderSignIns) {
      // A push made just before (the notice of a newer login) reaches the sockets first: the
      // adapter delivers it here once its NOTIFY is sent, then a turn later.
      await notify.flushed();
      await new Promise((resolve) => setImmediate(resolve));
      return recheckUserSockets(ctx, namespaceFor(companyId), {
        companyId,
        userId,
        endOlderSignIns,
      });
    },
    endCompany(companyId) {
      namespaceFor(companyId).disconnectSockets(true);
    },
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      // The adapter's LISTEN client can still be checked out (e.g. a reconnect that finished
      // after close); pool.end() would wait for it forever. Give it a moment, then end it.
      const ended = pool.end();
      const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 2000).unref());
      if ((await Promise.race([ended, timeout])) === 'timeout') {
        const clients =
          (pool as unknown as { _clients?: { end(): Promise<void> }[] })._clients ?? [];
        await Promise.allSettled(clients.map((c) => c.end()));
      }
    },
  };
  // Every push of the api leaves under the LGPD hide-number policy, whoever emits it.
  const policed = withNumberPolicy(
    realtime,
    (companyId) => companyHidesNumbers(ctx, companyId),
    (err, companyId) => ctx.logger.warn({ err, companyId }, 'socket push failed'),
  );
  // Under CHECK_REALTIME every push is checked against its declaration as it is made.
  return realtimeCheckOn(ctx.config) ? withRealtimeCheck(policed) : policed;
}

/** Users whose heartbeat stopped longer ago than `staleMs` go offline; returns them. */
export async function sweepPresence(
  ctx: AppContext,
  staleMs: number,
): Promise<{ id: number; companyId: number }[]> {
  const [rows] = (await ctx.ds.query(
    `UPDATE users SET online = false
      WHERE online = true AND ("lastSeenAt" IS NULL OR "lastSeenAt" < now() - ($1::int * interval '1 millisecond'))
      RETURNING id, "companyId"`,
    [staleMs],
  )) as [{ id: number; companyId: number }[], number];
  for (const r of rows)
    ctx.events.publish('user.presence_changed', {
      companyId: r.companyId,
      userId: r.id,
      online: false,
    });
  return rows;
}

/**
 * The access token of a handshake: `auth.token`, else the `token` query parameter, each with
 * or without a `Bearer ` prefix (clients of this product family send `token=Bearer <jwt>`).
 */
export function handshakeToken(socket: Pick<Socket, 'handshake'>): string {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  const query = socket.handshake.query.token;
  const raw =
    typeof auth?.token === 'string' && auth.token
      ? auth.token
      : typeof query === 'string'
        ? query
        : '';
  return raw.replace(/^\s*bearer\s+/i, '').trim();
}
