// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "c7d060fa7906561a507a2c87cba8700e8f3dba8b980bcde1c0fc9910b7d3dd3e";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "14142381c9ab49e982975e34c9d5aa3171bc991049c07db882181248a535f387";
