import pg from 'pg';
import { PGlite, type Transaction } from '@electric-sql/pglite';

const text = (q: unknown) => (typeof q === 'string' ? q : ((q as { text?: string } | undefined)?.text ?? String(q)));

/**
 * The statements sent to the database (either driver) while `work` runs. On
 * PGlite a transaction's statements go through the transaction's own object,
 * so they are counted there, with its BEGIN and COMMIT as on PostgreSQL.
 */
export async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const patch = <T extends object>(
    proto: T,
    name: keyof T,
    wrap: (original: (...a: unknown[]) => unknown) => (this: unknown, ...a: unknown[]) => unknown,
  ) => {
    const original = proto[name] as unknown as (...a: unknown[]) => unknown;
    (proto as Record<keyof T, unknown>)[name] = wrap(original);
    return () => ((proto as Record<keyof T, unknown>)[name] = original);
  };
  const counted = (original: (...a: unknown[]) => unknown) =>
    function (this: unknown, ...a: unknown[]) {
      seen.push(text(a[0]));
      return original.apply(this, a);
    };
  const countedTx = (tx: Transaction): Transaction =>
    ({
      ...tx,
      get closed() {
        return tx.closed;
      },
      query: (...a: Parameters<Transaction['query']>) => (seen.push(text(a[0])), tx.query(...a)),
      exec: (...a: Parameters<Transaction['exec']>) => (seen.push(text(a[0])), tx.exec(...a)),
    }) as Transaction;
  const undo = [
    patch(pg.Client.prototype, 'query', counted),
    patch(PGlite.prototype, 'query', counted),
    patch(PGlite.prototype, 'exec', counted),
    patch(
      PGlite.prototype,
      'transaction',
      (original) =>
        async function (this: unknown, ...a: unknown[]) {
          const inner = a[0] as (tx: Transaction) => Promise<unknown>;
          seen.push('BEGIN');
          const result = await original.call(this, (tx: Transaction) => inner(countedTx(tx)));
          seen.push('COMMIT');
          return result;
        },
    ),
  ];
  try {
    await work();
  } finally {
    undo.forEach((u) => u());
  }
  return seen;
}
