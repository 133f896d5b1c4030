import { describe, expect, it } from 'vitest';
import { jpegImage, pngImage } from '../../testing/media-samples.ts';
import { imageSizeOf } from './image-size.ts';

describe('image sizes for pack formats', () => {
  it('reads PNG and JPEG headers and refuses other bytes', () => {
    expect(imageSizeOf(pngImage(37, 21))).toEqual({ width: 37, height: 21 });
    expect(imageSizeOf(jpegImage())).toEqual({ width: 8, height: 8 });
    expect(imageSizeOf(Buffer.from('hello world, not an image'))).toBeNull();
  });
});
