// Types of stale.mjs, for the TypeScript benchmarks that build what is stale before measuring.
export declare const root: string;
export declare const serverSources: readonly string[];
export declare const webSources: readonly string[];
export declare function newestMtime(path: string): number;
export declare function isStale(output: string, sources: readonly string[]): boolean;
