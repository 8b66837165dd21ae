// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "c777420c6eec459bac1b4ba35ff991e25afe6234a2b0a2e4a8d5913ed9811fdc";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "50cfdf53a7999ace7488f36169d64823c11bf2eb230c0373188f950535753022";
