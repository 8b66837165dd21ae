// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "23dd9580a982b64539ebeee34fafe2ac01350932e9c013ac90db58ca5c6c98a8";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "6436ed040958e2e88e83444100123a554531262c69f8456425d640128f11d6d9";
