// Types of bench/lib.mjs for the TypeScript benches.
export declare const root: string;
/** The environment every bench gives the server: no contract check of answers, OTP limits out of the way. */
export declare const benchEnv: Record<string, string>;
export declare function arg(name: string, dflt?: string): string | undefined;
export declare function numArg(name: string, dflt: number): number;
export declare function flag(name: string): boolean;
export declare function pgArg(): string | undefined;
/** Counts a failed request: the bench then exits non-zero. */
export declare function requestFailed(what: string): void;
export declare function pct(xs: number[], p: number): number;
export declare function machineLoad(): string;
export declare function createPgDatabase(url: string, prefix?: string): Promise<{ name: string; url: string; drop(): Promise<void> }>;
export declare function figure(f: {
  bench: string;
  name: string;
  db: string;
  product: number;
  raw: number;
  unit: string;
  better?: 'lower' | 'higher';
  target?: number;
  rawLabel?: string;
}): { ratio: number; ok: boolean | undefined };
export interface HttpAnswer {
  status: number;
  ms: number;
  headers: Record<string, string | string[] | undefined>;
  // The parsed JSON answer (or the text of another): shapes vary by route.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}
export declare function httpClient(
  base: string,
  opts?: { connections?: number },
): {
  request(
    method: string,
    url: string,
    opts?: { headers?: Record<string, string>; body?: unknown; expected?: number[] },
  ): Promise<HttpAnswer>;
  get(url: string, opts?: { headers?: Record<string, string>; expected?: number[] }): Promise<HttpAnswer>;
  post(url: string, body: unknown, opts?: { headers?: Record<string, string>; expected?: number[] }): Promise<HttpAnswer>;
  close(): void;
};
export interface BenchServer {
  base: string;
  port: number;
  ms: number;
  dataDir: string;
  rssMb(): number;
  stop(opts?: { keep?: boolean }): Promise<void>;
}
/** Starts the built server (apps/server/dist/server.mjs) and waits for /api/v2/health. */
export declare function startServer(opts?: { env?: Record<string, string>; dataDir?: string; stdio?: unknown }): Promise<BenchServer>;
