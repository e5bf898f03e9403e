/** Types of ./build.mjs (plain JavaScript so that `npm start` needs only node). */
export type BuildState = { isCurrent: true } | { isCurrent: false; reason: string };
export declare const BUILD_INPUTS: readonly string[];
export declare const SERVER_INPUTS: readonly string[];
export declare const SERVER_BUNDLE: string;
export declare function buildState(root?: string): BuildState;
export declare function serverBundleState(root?: string): BuildState;
export declare function buildNext(root: string, label: string): Promise<number>;
export declare function buildServer(root: string, label: string): Promise<number>;
export declare function ensureBuild(root?: string, label?: string, opts?: { force?: boolean }): Promise<number>;
