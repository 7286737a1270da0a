import type { MigrationInterface } from 'typeorm';
import { Initial1795345077777 } from './1795345077777-initial.js';
import { SocketIoAttachments1795400000000 } from './1795400000000-socket-io-attachments.js';

/** Every migration, in order. Generated files are added here by `npm run migration:generate`. */
export const migrations: (new () => MigrationInterface)[] = [Initial1795345077777, SocketIoAttachments1795400000000];
