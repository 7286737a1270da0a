/** The console's configuration, read once from the build environment. */
export const config = {
  /** Where the api listens (VITE_API_URL at build time); empty: the console's own origin. */
  apiUrl: (import.meta.env.VITE_API_URL ?? 'http://localhost:8080').replace(/\/$/, ''),
} as const;
