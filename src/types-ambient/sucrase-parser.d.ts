// sucrase's own parser (sucrase 3.35.1, pinned; its ES module build, the transform's own):
// engine/ts-namespaces.ts reads its tokens to find TypeScript namespaces, which sucrase's transform
// drops. Only what that file uses is declared.
declare module "sucrase/dist/esm/parser/index.js" {
  export interface SucraseToken {
    type: number;
    contextualKeyword: number;
    start: number;
    end: number;
    isType: boolean;
    identifierRole: number | null;
  }
  export function parse(input: string, isJSXEnabled: boolean, isTypeScriptEnabled: boolean, isFlowEnabled: boolean): { tokens: SucraseToken[] };
}

declare module "sucrase/dist/esm/parser/tokenizer/types.js" {
  export const TokenType: Record<string, number>;
}

declare module "sucrase/dist/esm/parser/tokenizer/keywords.js" {
  export const ContextualKeyword: Record<string, number>;
}
