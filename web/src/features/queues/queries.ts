import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the queues feature (the tickets pickers read ['queues', 'list', …] too). */
export const queueKeys = {
  all: ['queues'] as const,
  lists: () => [...queueKeys.all, 'list'] as const,
  list: () => [...queueKeys.lists(), 'page'] as const,
  detail: (id: number) => [...queueKeys.all, 'detail', id] as const,
};

/** The company's queues in menu order (the queues page). */
export function useQueues() {
  return useQuery({
    queryKey: queueKeys.list(),
    queryFn: ({ signal }) => api.call('queuesIndex', { signal }),
  });
}

/** One queue with its schedules and option tree (the dialog). */
export function useQueue(id: number | null) {
  return useQuery({
    queryKey: queueKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.call('queuesShow', { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** What the option editor's selects offer: queues, users, integrations and file lists. */
export function useChatbotLookups(enabled: boolean) {
  const queues = useQuery({
    queryKey: [...queueKeys.lists(), 'options'] as const,
    queryFn: ({ signal }) => api.call('queuesIndex', { signal }),
    enabled,
  });
  const users = useQuery({
    queryKey: ['users', 'list', 'chatbot'] as const,
    queryFn: ({ signal }) => api.call('usersList', { query: {}, signal }),
    enabled,
  });
  const integrations = useQuery({
    queryKey: ['queueIntegrations', 'picker'] as const,
    queryFn: ({ signal }) => api.call('queueIntegrationsIndex', { query: {}, signal }),
    select: (data) => data.queueIntegrations,
    enabled,
  });
  const files = useQuery({
    queryKey: ['files', 'picker'] as const,
    queryFn: ({ signal }) => api.call('filesIndex', { query: {}, signal }),
    select: (data) => data.files,
    enabled,
  });
  const named = (rows: { id: number; name: string }[] | undefined) =>
    (rows ?? []).map(({ id, name }) => ({ id, name }));
  return {
    queues: named(queues.data),
    users: named(users.data),
    integrations: named(integrations.data),
    files: named(files.data),
  };
}
