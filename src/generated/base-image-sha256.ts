// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "da5d7f2485caec118220dd0cf0e0499ee646ab41e3d42dfe69882747bd2a10d0";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "e3bbc826c4a76bc2318a1c2d713a27acfc8a28921920f69b78bf8f703215f007";
