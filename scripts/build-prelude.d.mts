export const OUTPUT_PATH: string;
export function bundlePrelude(): Promise<string>;
export function renderModule(prelude: string): string;
