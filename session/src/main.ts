import v8 from 'node:v8';

/**
 * Entry point of the session program (LocalProcessRuntime's SESSION_ENTRY through tsx, or the
 * built dist/main.mjs in the session image). An idle session is mostly Baileys' code and
 * protobuf tables and waits on one socket, so V8 is told to favour size over speed before any
 * of it loads: set here, not on the command line, because the api's runtime starts the program
 * with no Node flags. Together with the built bundle (no tsx in the process) this is what keeps
 * one session's idle RSS near 100 MB instead of ~190 MB.
 */
v8.setFlagsFromString('--optimize-for-size');
v8.setFlagsFromString('--max-semi-space-size=1');

await import('./program.js');
