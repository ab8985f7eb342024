// Types of scripts/server-node-flags.mjs for the TypeScript callers.
export declare const serverNodeFlags: readonly string[];
