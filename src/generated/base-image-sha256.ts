// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "7cf04c8638ad17168a07668f29e8391b094a225a8f00363206e886c524cc7a5a";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "17c57d8ee8d64819d0c41176c57f47478a7fb6faf485e482a73cca12517d3d40";
