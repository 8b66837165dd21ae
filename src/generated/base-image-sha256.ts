// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "c43785aac90aa1ce7485f7a26f24ffc687e6acb2fc38ecf7f3d0cf3f34d73493";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "a5371a00e4dc0a1a66178d5a7d770b6324f23ce7af52fe4f24dcfeeafda1a3b8";
