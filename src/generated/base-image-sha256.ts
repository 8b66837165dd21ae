// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "0e41b7ac7401a37c94b63b4d559073a6bcc0df439b68b51102144a2c5654c192";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "7a75d4b04bc993c1b89584dcd45cddbaf8d57a1c66a53b13b2f883fc913ea728";
