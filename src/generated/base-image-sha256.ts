// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "77b88a131074c1e7a2d146168d9be4dd43bb57a18d428ae778543fbce9d8ed87";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "64cb48964567913e6a9668e2c7db51c9d833946a7ce2c33b856d213d7ac2a4a5";
