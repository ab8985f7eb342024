export interface Budget {
  page: string;
  entry: string;
  maxBytes: number;
  /** Manifest keys the page also loads before interaction (an area's route chunk). */
  also?: string[];
  /** false: reported only. */
  enforced?: boolean;
  /** The language whose texts count (`messages.{locale}.ts`); English when absent. */
  locale?: string;
}
export interface Manifest {
  [key: string]: { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
}
export interface PageSize extends Budget {
  files: { file: string; bytes: number }[];
  bytes: number;
  requests: number;
  over: boolean;
}
export const BUDGETS: Budget[];
export function pageFiles(manifest: Manifest, entry: string, also?: string[], locale?: string): string[];
export function checkBudgets(
  manifest: Manifest,
  sizeOf: (file: string) => number,
  budgets?: Budget[],
): { pages: PageSize[]; over: PageSize[] };
export function budgetReport(result: { pages: PageSize[] }): string;
export function gzipSize(dir: string): (file: string) => number;
export function enforceBudgets(outDir: string, log?: (line: string) => void): { pages: PageSize[]; over: PageSize[] };
