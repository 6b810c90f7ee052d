// The maths of the avatar cropper (/caijian), kept free of the DOM so it is unit-tested: a picture
// of w×h pixels is shown in a square viewport of side `view` CSS pixels, scaled so that it always
// covers the viewport (zoom 1 = the short side fits exactly) and moved by dragging. What shows in
// the viewport is the square that is cut out and uploaded.

/** Where the picture sits in the viewport: its top-left corner (x, y ≤ 0) and the zoom (≥ 1). */
export interface CropView {
  x: number;
  y: number;
  zoom: number;
}

/** The zoom range of the slider and the wheel. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;

/** The scale at zoom 1: the picture's short side fills the viewport. */
export function coverScale(w: number, h: number, view: number): number {
  return view / Math.min(w, h);
}

/** The picture's scale (viewport pixels per picture pixel) at zoom. */
export function scaleOf(w: number, h: number, view: number, zoom: number): number {
  return coverScale(w, h, view) * zoom;
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return MIN_ZOOM;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** Keeps the picture covering the viewport: no empty band at any edge. */
export function clampView(v: CropView, w: number, h: number, view: number): CropView {
  const zoom = clampZoom(v.zoom);
  const s = scaleOf(w, h, view, zoom);
  const minX = view - w * s;
  const minY = view - h * s;
  return { zoom, x: Math.min(0, Math.max(minX, v.x)), y: Math.min(0, Math.max(minY, v.y)) };
}

/** The first view of a picture: zoom 1, centred (the middle square of a landscape or portrait). */
export function initialView(w: number, h: number, view: number): CropView {
  const s = coverScale(w, h, view);
  return { zoom: 1, x: (view - w * s) / 2, y: (view - h * s) / 2 };
}

/** The view after a drag of (dx, dy) viewport pixels. */
export function dragBy(v: CropView, dx: number, dy: number, w: number, h: number, view: number): CropView {
  return clampView({ ...v, x: v.x + dx, y: v.y + dy }, w, h, view);
}

/**
 * The view at another zoom, keeping the picture's point under (ax, ay) of the viewport where it
 * is (the centre for the slider, the pointer for the wheel).
 */
export function zoomTo(v: CropView, zoom: number, w: number, h: number, view: number, ax = view / 2, ay = view / 2): CropView {
  const next = clampZoom(zoom);
  const s0 = scaleOf(w, h, view, v.zoom);
  const s1 = scaleOf(w, h, view, next);
  // The picture point under the anchor: ((ax - x) / s0); it stays under the anchor at s1.
  const px = (ax - v.x) / s0;
  const py = (ay - v.y) / s0;
  return clampView({ zoom: next, x: ax - px * s1, y: ay - py * s1 }, w, h, view);
}

/** The square of the picture (in its own pixels) the viewport shows: what gets uploaded. */
export interface CropRect {
  sx: number;
  sy: number;
  side: number;
}

export function cropRect(v: CropView, w: number, h: number, view: number): CropRect {
  const c = clampView(v, w, h, view);
  const s = scaleOf(w, h, view, c.zoom);
  const side = Math.min(view / s, w, h);
  const sx = Math.min(Math.max(0, -c.x / s), w - side);
  const sy = Math.min(Math.max(0, -c.y / s), h - side);
  return { sx, sy, side };
}

/** What the server accepts (GET /user/avatarRules). */
export interface AvatarLimits {
  maxBytes: number;
  maxSide: number;
  maxPixels: number;
}

/** Why a chosen file cannot be cropped: not a picture, too heavy, or too many pixels. */
export type FileProblem = "notImage" | "tooLarge" | "tooManyPixels";

/** Checks a file before it is decoded: its type and its size against the server's limit. */
export function fileProblem(file: { type: string; size: number }, limits: AvatarLimits): FileProblem | null {
  if (!file.type.startsWith("image/") || file.type === "image/svg+xml") return "notImage";
  if (file.size > limits.maxBytes) return "tooLarge";
  return null;
}

/** Checks a decoded picture's dimensions against the server's limits. */
export function pixelProblem(w: number, h: number, limits: AvatarLimits): FileProblem | null {
  if (w <= 0 || h <= 0) return "notImage";
  if (w > limits.maxSide || h > limits.maxSide || w * h > limits.maxPixels) return "tooManyPixels";
  return null;
}

/** Megabytes for the messages ("3 MB"), one decimal when not whole. */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}
