import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the transcription feature. */
export const transcriptionKeys = {
  all: ['transcription'] as const,
  credentials: () => [...transcriptionKeys.all, 'credentials'] as const,
  default: () => [...transcriptionKeys.all, 'default'] as const,
};

/** The company's credentials (keys masked), while `enabled` (the dialog is open). */
export function useTranscriptionCredentials(enabled: boolean) {
  return useQuery({
    queryKey: transcriptionKeys.credentials(),
    queryFn: ({ signal }) => api.call('transcriptionCredentialsIndex', { signal }),
    enabled,
  });
}

/** The company's default transcription service. */
export function useDefaultTranscriptionService(enabled: boolean) {
  return useQuery({
    queryKey: transcriptionKeys.default(),
    queryFn: ({ signal }) => api.call('transcriptionDefaultShow', { signal }),
    enabled,
  });
}
