// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "d5ebff3b4cee6c646c3d399318c9915870c9fabf5d209e6b492e2b5e4df4a85f";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "67879fe1a68af40fc164237937fcc23db9aa36e0e322f1873fac638d8af97e99";
