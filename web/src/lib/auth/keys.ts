/** Cache keys of the signed-in user. */
export const authKeys = {
  me: ['auth', 'me'] as const,
};
