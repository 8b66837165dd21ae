// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "7edca47e8f64a1cb8ea5d72d55daa2d8f08f09e05507ba6a546b750743e89ac2";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "7824b7c9168f13071e400f5cfb379cf6b329e8bdd194d516683c152c5dad5d4d";
