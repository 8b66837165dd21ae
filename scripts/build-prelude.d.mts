export const OUTPUT_PATH: string;
export const CHUNKS_OUTPUT_PATH: string;
export interface PreludePieces {
  wrapper: string;
  pieces: string[];
  captured: string[];
  builtins: string[];
  chunks: Record<string, { wrapper: string; pieces: string[] }>;
}
export function bundlePrelude(): Promise<PreludePieces>;
export function renderModule(prelude: PreludePieces): string;
export function renderChunksModule(prelude: PreludePieces): string;
