import type { Metafile } from 'esbuild';

/** The repository's root, to which the metafile's paths are relative. */
export declare const ROOT: string;
/** The server's entry, `apps/server/src/main.ts`. */
export declare const ENTRY: string;
/** Bundles the server into `outdir` (default `apps/server/dist`, emptied first); answers esbuild's metafile. */
export declare function buildServer(options?: { outdir?: string }): Promise<Metafile>;
