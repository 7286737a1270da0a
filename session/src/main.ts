import v8 from 'node:v8';

/**
 * Entry point of the session program (LocalProcessRuntime's SESSION_ENTRY through tsx, or the
 * built dist/main.mjs in the session image). An idle session is mostly Baileys' code and
 * protobuf tables and waits on one socket, so V8 is told to favour size over speed before any
 * of it loads: set here, not on the command line, because the api's runtime starts the program
 * with no Node flags. `--no-opt` leaves JavaScript on the baseline compilers (no TurboFan code,
 * ~5 MB): a session's load is a few messages a second, its crypto native or WebAssembly.
 * With the built bundle (no tsx, no undici) one idle session stays near 80 MB of RSS instead
 * of ~190 MB (bench:session-rss).
 */
v8.setFlagsFromString('--optimize-for-size');
v8.setFlagsFromString('--max-semi-space-size=1');
v8.setFlagsFromString('--no-opt');

await import('./program.js');
