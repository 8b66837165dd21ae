// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "37fa662c21205ab995957358c946f36b4a09c5be8ca5459cfeaf6486e67c75c8";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "03f5e800da678f9b7e924c533beb1fac4efd5e9f286333cf0ee6926d0be48cdd";
