// The cropper's maths: the picture always covers the viewport, zoom keeps the anchored point in
// place, and the crop rectangle is the square the viewport shows, in the picture's pixels.
import { describe, expect, it } from "vitest";
import { clampView, cropRect, dragBy, fileProblem, initialView, megabytes, pixelProblem, zoomTo, MAX_ZOOM } from "./crop";

const V = 300;
const limits = { maxBytes: 3 * 1024 * 1024, maxSide: 8192, maxPixels: 4096 * 4096 };

describe("initialView", () => {
  it("centres a landscape picture on its middle square", () => {
    const v = initialView(1000, 500, V); // scale 0.6: 600×300 shown
    expect(v).toEqual({ zoom: 1, x: -150, y: 0 });
    expect(cropRect(v, 1000, 500, V)).toEqual({ sx: 250, sy: 0, side: 500 });
  });
  it("centres a portrait picture", () => {
    const v = initialView(400, 800, V);
    expect(cropRect(v, 400, 800, V)).toEqual({ sx: 0, sy: 200, side: 400 });
  });
});

describe("dragBy", () => {
  it("moves the picture and stops at its edges", () => {
    const v = initialView(1000, 500, V);
    expect(dragBy(v, 100, 0, 1000, 500, V).x).toBe(-50);
    expect(dragBy(v, 500, 0, 1000, 500, V).x).toBe(0); // the left edge reached
    expect(dragBy(v, -500, 0, 1000, 500, V).x).toBe(-300); // the right edge: 300 - 600
    expect(dragBy(v, 0, 40, 1000, 500, V).y).toBe(0); // no room vertically at zoom 1
    expect(cropRect(dragBy(v, 500, 0, 1000, 500, V), 1000, 500, V).sx).toBe(0);
    expect(cropRect(dragBy(v, -500, 0, 1000, 500, V), 1000, 500, V).sx).toBe(500);
  });
});

describe("zoomTo", () => {
  it("keeps the centre of the viewport on the same picture point", () => {
    const v = initialView(1000, 500, V);
    const z = zoomTo(v, 2, 1000, 500, V);
    const r = cropRect(z, 1000, 500, V);
    expect(r.side).toBeCloseTo(250);
    expect(r.sx + r.side / 2).toBeCloseTo(500); // the centre of the picture stays in the middle
    expect(r.sy + r.side / 2).toBeCloseTo(250);
  });
  it("keeps the point under the pointer", () => {
    const v = initialView(1000, 500, V);
    const z = zoomTo(v, 2, 1000, 500, V, 30, 60); // picture point (300, 100) under (30, 60)
    const s = (V / 500) * 2;
    expect((30 - z.x) / s).toBeCloseTo(300);
    expect((60 - z.y) / s).toBeCloseTo(100);
  });
  it("clamps the zoom and never uncovers the viewport when zooming out", () => {
    const v = zoomTo(initialView(1000, 500, V), 3, 1000, 500, V, 0, 0);
    expect(zoomTo(v, 100, 1000, 500, V).zoom).toBe(MAX_ZOOM);
    const out = zoomTo(v, 0.2, 1000, 500, V, 300, 300);
    expect(out.zoom).toBe(1);
    expect(clampView(out, 1000, 500, V)).toEqual(out);
    expect(cropRect(out, 1000, 500, V).side).toBe(500);
  });
});

describe("cropRect", () => {
  it("stays inside the picture whatever the view says", () => {
    const r = cropRect({ x: 50, y: -9999, zoom: 1.5 }, 640, 480, V);
    expect(r.sx).toBe(0);
    expect(r.sy + r.side).toBeCloseTo(480);
    expect(r.side).toBeCloseTo(320);
  });
});

describe("file checks", () => {
  it("refuses what is not a picture, and SVG", () => {
    expect(fileProblem({ type: "application/pdf", size: 10 }, limits)).toBe("notImage");
    expect(fileProblem({ type: "", size: 10 }, limits)).toBe("notImage");
    expect(fileProblem({ type: "image/svg+xml", size: 10 }, limits)).toBe("notImage");
    expect(fileProblem({ type: "image/webp", size: 10 }, limits)).toBeNull();
  });
  it("applies the server's byte limit", () => {
    expect(fileProblem({ type: "image/png", size: limits.maxBytes }, limits)).toBeNull();
    expect(fileProblem({ type: "image/png", size: limits.maxBytes + 1 }, limits)).toBe("tooLarge");
    expect(fileProblem({ type: "image/png", size: 2000 }, { ...limits, maxBytes: 1000 })).toBe("tooLarge");
  });
  it("applies the server's pixel limits", () => {
    expect(pixelProblem(4096, 4096, limits)).toBeNull();
    expect(pixelProblem(4097, 4096, limits)).toBe("tooManyPixels");
    expect(pixelProblem(9000, 10, limits)).toBe("tooManyPixels");
    expect(pixelProblem(0, 10, limits)).toBe("notImage");
  });
  it("says megabytes", () => {
    expect(megabytes(3 * 1024 * 1024)).toBe("3");
    expect(megabytes(1.5 * 1024 * 1024)).toBe("1.5");
  });
});
