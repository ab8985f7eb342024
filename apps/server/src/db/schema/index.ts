// The whole schema, for Drizzle's relational queries and drizzle-kit. Each
// module's tables live in their own file and are listed here.
export * from './core';
export * from './catalog';
export * from './wallet';
export * from './support';
export * from './campaign';
export * from './feedback';
export * from './team';
export * from './ops';
export * from './hiring';
export * from './partner';
export * from './notifications';
export * from './dashboard';
export * from './risk';
