// The part of the chart that needs uPlot and its stylesheet. Chart.tsx loads this module with a
// dynamic import when a chart mounts, so uPlot (≈ 21 KiB gzip) is fetched only by pages that draw
// one and never grows the home page or the live room (perf/initial-js.mjs).
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { buildOptions, plotData, type OptionsInput } from "./shape";

export type Plot = Pick<uPlot, "setSize" | "destroy">;

/** Draws the chart into `el` (a canvas under it); the caller resizes and destroys it. */
export function createPlot(el: HTMLElement, input: Omit<OptionsInput, "bars">): Plot {
  const bars = uPlot.paths.bars;
  return new uPlot(buildOptions({ ...input, bars }), plotData(input.data, input.xKind), el);
}
