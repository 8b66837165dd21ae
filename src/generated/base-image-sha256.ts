// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "1ab9f06d8f58ab33a4b7bef8fb791810dafde63ccfbac652e3a5b69a0c967b72";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "ec5cc9525756d5f65406eff8783765fd1fe6de8168594e98ef2938f333927069";
