// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "f2bc427a59869748c77e9c10e24d6c9d143f2d23834af4c2dbe99d772f956632";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "0a009f470c2e5ca1a016191ff49afed626da7a41de0c5556854ffcc7e1153a86";
