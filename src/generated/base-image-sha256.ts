// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "055a57b1e75eae9de3dfaa03a29085b844e0216bf6b0f55ff602d6e1aef44e90";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "d808f6da8ec30b91a3df897de4678892957b999d527ee76c95cfc1e30aa3a631";
