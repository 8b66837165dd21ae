// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: an embedded seed is used only when it holds this image. */
export const BASE_IMAGE_SHA256 = "999a135847b009e0294c8a2aa3dc7fb0bc3bc9150b0076cfabe4ef6cc1eafa44";
