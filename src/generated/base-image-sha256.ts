// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "88139a40616abd5053dbaf8d73feaafd79d5b64ef8c822da0e67358dc5db6a72";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "ee7c1d08c157fae02c699634e03f12de44c5d14a234ec566b92802ac1553a605";
