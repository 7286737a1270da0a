import { AppError, type Channel } from '@atendo/domain';
import type { AppContext } from '../context.js';
import { GraphChannelAdapter } from './meta/graph-channel-adapter.js';
import { SessionChannelAdapter } from './session-channel/session-channel-adapter.js';
import type { ChannelAdapter, ChannelRegistry } from '../channels/channel-adapter.js';

/**
 * The production adapters, one per channel: WhatsApp through the connection's session
 * process, the Meta channels through the Graph API. Built once the context exists (the
 * adapters read connections through it).
 */
export function createChannelRegistry(ctx: AppContext): ChannelRegistry {
  const graph = new GraphChannelAdapter(ctx);
  const adapters: Record<Channel, ChannelAdapter> = {
    whatsapp: new SessionChannelAdapter(ctx),
    whatsappapi: graph,
    facebook: graph,
    instagram: graph,
  };
  return {
    for(channel: string) {
      const adapter = adapters[channel as Channel];
      if (!adapter) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      return adapter;
    },
  };
}
