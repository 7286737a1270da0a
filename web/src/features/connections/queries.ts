import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the connections feature (the api's `whatsapp` entity). */
export const connectionKeys = {
  all: ['connections'] as const,
  lists: () => [...connectionKeys.all, 'list'] as const,
  list: () => [...connectionKeys.lists(), 'all'] as const,
  detail: (id: number) => [...connectionKeys.all, 'detail', id] as const,
  everyCompany: () => [...connectionKeys.all, 'every-company'] as const,
};

/** The company's connections. */
export function useConnections() {
  return useQuery({
    queryKey: connectionKeys.list(),
    queryFn: ({ signal }) => api.call('whatsappIndex', { signal }),
  });
}

/** One connection with every field the modal edits (schedules, queues, messages). */
export function useConnection(id: number | null) {
  return useQuery({
    queryKey: connectionKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.call('whatsappShow', { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The company's queues (the modal's queue pickers). */
export function useQueuePicker() {
  return useQuery({
    queryKey: ['queues', 'list', 'options'] as const,
    queryFn: ({ signal }) => api.call('queuesIndex', { signal }),
  });
}

/** The company's AI prompts (the integrations tab, when the plan has useOpenAi). */
export function usePromptPicker(enabled: boolean) {
  return useQuery({
    queryKey: ['prompts', 'picker'] as const,
    queryFn: ({ signal }) => api.call('promptsIndex', { query: {}, signal }),
    select: (data) => data.prompts,
    enabled,
  });
}

/** The company's queue integrations (the integrations tab, when the plan has useIntegrations). */
export function useIntegrationPicker(enabled: boolean) {
  return useQuery({
    queryKey: ['queueIntegrations', 'picker'] as const,
    queryFn: ({ signal }) => api.call('queueIntegrationsIndex', { query: {}, signal }),
    select: (data) => data.queueIntegrations,
    enabled,
  });
}
