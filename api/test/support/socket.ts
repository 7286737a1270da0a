import { io, type Socket } from 'socket.io-client';

/** A logged-in test client: its token and who it is. */
interface SocketUser {
  token?: string;
  user: { id: number; companyId: number };
}

/** Opens a user's company socket as the console does (websocket only, no reconnection). */
export function companySocket(url: string, c: SocketUser): Promise<Socket> {
  return new Promise<Socket>((resolve, reject) => {
    const s = io(`${url}/${c.user.companyId}`, {
      auth: { token: c.token },
      query: { userId: String(c.user.id) },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}
