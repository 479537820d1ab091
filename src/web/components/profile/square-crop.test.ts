import { describe, expect, it } from 'vitest';
import { clampView, placement } from './square-crop';

describe('square crop', () => {
  it('covers the frame with the short side at zoom 1, centred', () => {
    expect(placement({ width: 400, height: 200 }, 100, { zoom: 1, x: 0, y: 0 })).toEqual({
      scale: 0.5,
      left: -50,
      top: 0,
      width: 200,
      height: 100,
    });
  });

  it('never lets an edge of the image into the frame', () => {
    const image = { width: 400, height: 200 };
    expect(clampView(image, 100, { zoom: 1, x: 80, y: 30 })).toEqual({ zoom: 1, x: 50, y: 0 });
    expect(clampView(image, 100, { zoom: 2, x: -500, y: 500 })).toEqual({ zoom: 2, x: -150, y: 50 });
    expect(clampView(image, 100, { zoom: 9, x: 0, y: 0 }).zoom).toBe(4);
    expect(clampView(image, 100, { zoom: 0.2, x: 0, y: 0 }).zoom).toBe(1);
  });
});
