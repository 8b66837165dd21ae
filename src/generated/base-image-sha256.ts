// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "aa3838e91ecf5a3e1f9427cc4971bf6a265bcfada65da9c2dea26ac28486ae3f";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "4c0d7140ae16365d6adbcefce58b85ced685cf6b9da728b2a3a7d12442b5f488";
