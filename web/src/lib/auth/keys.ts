/** Cache keys of the session. */
export const authKeys = {
  me: ['auth', 'me'] as const,
};
