// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "e20521752672d8a4a9b7ac333e1d8afd9fb8352bcac0aa344482062c7efa13db";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "3d47d84411d47995cf7e9beec6ad131f62a2f4e0857925f0330b462488aa5178";
