// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "7a5faa1fd05df4eb5c433a30aeab752636fd58cbeb271d14066874033e4ff8b2";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "6758a09b9fa54bd566281ad3ca0d2c9e8374068403dd939ac42211264e78a8a2";
