// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "451cecb5986009c7f1c2b10152d566d753307dd54a8be0ada4971323607c1578";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "694af92ea97293dd70f4980c58e21899108af1118b7b50044035e81ac8ef84db";
