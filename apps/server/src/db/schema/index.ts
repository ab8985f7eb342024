// The whole schema, for Drizzle's relational queries and drizzle-kit, and for
// the database client only. Each module's tables live in the file named after
// the module (db/schema/<module>.ts), and only that module imports it
// (eslint.config.js, "Modules own their tables"; docs/architecture.md).
export * from './users';
export * from './sessions';
export * from './auth';
export * from './locale';
export * from './platform';
export * from './files';
export * from './documents';
export * from './database';
export * from './ops-auth';
export * from './projects';
export * from './leads';
export * from './wallet';
export * from './support';
export * from './campaign';
export * from './feedback';
export * from './team';
export * from './ops';
export * from './hiring';
export * from './profile';
export * from './customers';
export * from './notifications';
export * from './dashboard';
export * from './risk';
export * from './invoices';
