// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "9ba7da0660925b07209ee313696fc6754932832869f2cf5840b0c987f8c634e7";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "4d014120b6f892df314def9e4c77d15ee0c324c93cbf5596503d38cd636bb32e";
