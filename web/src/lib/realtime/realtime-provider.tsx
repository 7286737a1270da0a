import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { useAuth } from '../auth/auth-provider';
import { config } from '../config';
import { i18n } from '../i18n';
import { attachSessionHandlers, connectCompanySocket, OTHER_LOGIN_RELOAD_DELAY_MS } from './socket';
import { readStorage, STORAGE_KEYS } from '../storage';
import { notify } from '../toast';

const SocketContext = createContext<Socket | null>(null);

/** Keeps the company's socket open while a user is logged in. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [socket, setSocket] = useState<Socket | null>(null);
  const companyId = user?.companyId;
  const userId = user?.id;

  useEffect(() => {
    if (!companyId || !userId) return;
    const s = connectCompanySocket({
      apiUrl: config.apiUrl,
      companyId,
      userId,
      getToken: () => readStorage(STORAGE_KEYS.token),
    });
    const detach = attachSessionHandlers(s, {
      companyId,
      userId,
      onOtherLogin: () => {
        notify.error(i18n.t('session.otherLogin'), 'otherLogin');
        setTimeout(() => {
          localStorage.clear();
          window.location.reload();
        }, OTHER_LOGIN_RELOAD_DELAY_MS);
      },
    });
    setSocket(s);
    return () => {
      detach();
      s.disconnect();
      setSocket(null);
    };
  }, [companyId, userId]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

/** The company's socket, or null before it is open. */
export function useSocket(): Socket | null {
  return useContext(SocketContext);
}

/** Hands a given socket to the tree (component tests drive a stand-in through it). */
export function SocketProvider({ socket, children }: { socket: Socket; children: ReactNode }) {
  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
