export declare const chromiumPath: () => string;
export declare const playwrightChromiumPath: () => string;
export declare const chromiumFlags: readonly string[];
