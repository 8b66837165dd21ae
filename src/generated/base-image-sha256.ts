// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: an embedded seed is used only when it holds this image. */
export const BASE_IMAGE_SHA256 = "3db22f6ccdf4d75d923c15549cc29be09a71f22638581394a9c82d92f840be4b";
