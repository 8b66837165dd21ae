// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "0c305870796c2f8fb6901c7b4215fd17fda47944d56e618460b256d57eedbd81";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "a6386c2a8ef54f38c76dce580b2cc83290b949b8f70eb9c1f5628682fa70b553";
