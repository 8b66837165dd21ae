// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: an embedded seed is used only when it holds this image. */
export const BASE_IMAGE_SHA256 = "f9707b5cef150aea9e4c26e88a2d6ceffe522321d02fe2c323e1bed349df0e56";
