// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: an embedded seed is used only when it holds this image. */
export const BASE_IMAGE_SHA256 = "e59cae998d810f8420fc23517f0f0c9ecf661f14214657564b6a046ac4f11e50";
