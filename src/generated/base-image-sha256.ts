// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "031b485fe9e713e0f4479d9d346cdefa32a225066fc1e8e495d5e7a41bdc8713";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "dec64827845971e763386445626b517796eca37b81eec9045055f41c5dea3fd0";
