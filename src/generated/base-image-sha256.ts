// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "935240d20a2dd80e13e3631ca7da06f115471ad6f3187a49d2ac0b40722cfd50";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "0a4e7d678175333cc079ea972e3582ff95611af98b6240afa05563151aa35203";
