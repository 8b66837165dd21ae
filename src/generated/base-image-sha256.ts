// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: an embedded seed is used only when it holds this image. */
export const BASE_IMAGE_SHA256 = "c30908757420f7347c2b8e0578a981cc388e72ce4cdf497ea85ba707f3d8d840";
