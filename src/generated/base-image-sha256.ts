// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "53ef6c145e4128de87185134a1f44a281b6b6995a4a9d32861013d021acae53f";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "d8e9d1a9d600f4530e6c5bfe959be82d3199ef4412a991de3f7fa8b45ec71cd1";
