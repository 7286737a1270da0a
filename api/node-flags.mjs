/**
 * The V8 flags the api runs with wherever it runs as production does (npm start, its container,
 * the benches). Under load V8 grew the old generation to about three times what was live
 * (bench:tickets: 140 MB old space over 46 MB live, RSS 190-230 MiB); a stated old-space ceiling
 * makes it size the heap for a small process (growth factor about 1.3) without changing what it
 * may hold at most in practice (live data stays under 60 MB), and a smaller young generation
 * (2 x 8 MB instead of 2 x 16 MB) takes 16 MB more: RSS after the bench about 127 MiB.
 * e2e/kind/Dockerfile.api repeats them in its CMD (api/test/node-flags.test.ts keeps it so).
 */
export const API_NODE_FLAGS = ['--max-old-space-size=256', '--max-semi-space-size=8'];
