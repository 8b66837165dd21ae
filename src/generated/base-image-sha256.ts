// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: an embedded seed is used only when it holds this image. */
export const BASE_IMAGE_SHA256 = "421ef71181d7238e8bd189770bd44c78a1e7cac028fec159e8443cad6be3269a";
