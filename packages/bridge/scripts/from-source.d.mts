/** Where the bundles are written (inside this package's node_modules). */
export const OUT: string
/** Bundles `src/index.ts` and `src/cli.ts` from source; resolves to their paths. */
export function buildFromSource(): Promise<{ index: string; cli: string }>
