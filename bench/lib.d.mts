// Types of bench/lib.mjs for the TypeScript benches.
export declare const root: string;
export declare function arg(name: string, dflt?: string): string | undefined;
export declare function numArg(name: string, dflt: number): number;
export declare function flag(name: string): boolean;
export declare function pgArg(): string | undefined;
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
