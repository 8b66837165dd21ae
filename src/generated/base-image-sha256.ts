// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "4fa0bd22751df4640efdf71e5e2b79c463e379d3ad1a1ee89d2809a4c0a49bc8";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "98044d992b65ec86f1aa573ae7efedef79cc9b022f514cfc5f109af6a0f47401";
