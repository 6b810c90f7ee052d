package report

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"strings"

	"courtside/bench/hdr"
)

// HTML renders the report as one self-contained page: no script, no external resource.
func (r *Report) HTML(w io.Writer) error {
	return page.Execute(w, r)
}

var page = template.Must(template.New("page").Funcs(template.FuncMap{
	"overTime":     overTime,
	"distribution": distribution,
	"soakPlot":     soakPlot,
	"curvePlots":   curvePlots,
	"f":            func(v float64) string { return trimFloat(v) },
	"bytes":        humanBytes,
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Courtside bench report</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222;padding:0 1em}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em;border-top:1px solid #ccc;padding-top:1em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ddd;padding:2px 8px;text-align:right}
th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}.skip{color:#a40}
.plots{display:flex;flex-wrap:wrap;gap:1em}svg{background:#fcfcfc;border:1px solid #ddd}
.legend span{margin-right:1em}code{background:#f4f4f4;padding:0 3px}
</style></head><body>
<h1>Courtside bench report</h1>
<p><code>{{.Command}}</code><br>started {{.Started.Format "2006-01-02 15:04:05 UTC"}}, finished {{.Finished.Format "15:04:05 UTC"}}; target: {{.Target}}</p>
<table><tr><th>machine</th><td>{{.Machine.CPUs}} CPUs, {{.Machine.CPUModel}}, {{bytes .Machine.MemBytes}} RAM, Linux {{.Machine.Kernel}}, {{.Machine.GoVersion}}, load {{f .Machine.LoadStart}} at start</td></tr>
<tr><th>cores</th><td style="text-align:left">{{.Machine.PinNote}}</td></tr>
<tr><th>note</th><td style="text-align:left">{{.Machine.Note}}</td></tr></table>
<h2>Summary</h2>
<table><tr><th>scenario</th><th>subs</th><th>senders</th><th>in msg/s</th><th>delivered/s</th><th>p50 ms</th><th>p99 ms</th><th>p99.9 ms</th><th>max ms</th><th>CPU s</th><th>CPU s/M</th><th>RSS</th><th>RSS/conn</th><th>dup</th><th>prio lost</th><th>mute viol.</th><th>errors</th></tr>
{{range .Scenarios}}{{if .Skipped}}<tr><td>{{.Name}}</td><td colspan="16" class="skip" style="text-align:left">skipped: {{.Skipped}}</td></tr>{{else}}<tr><td><a href="#{{.Name}}">{{.Name}}</a></td><td>{{.Subscribers}}</td><td>{{.Senders}}</td><td>{{f .InboundMsgsPerS}}</td><td>{{f .DeliveredMsgsPerS}}</td><td>{{f .LatencyMs.P50}}</td><td>{{f .LatencyMs.P99}}</td><td>{{f .LatencyMs.P999}}</td><td>{{f .LatencyMs.Max}}</td><td>{{f .ServerCPUS}}</td><td>{{f .CPUSPerMillionDelivered}}</td><td>{{bytes .ServerRSSBytes}}</td><td>{{f .RSSBytesPerConn}}</td><td>{{.Duplicates}}</td><td>{{.PriorityEventsLost}}</td><td>{{.MuteViolations}}</td><td>{{.Errors}}</td></tr>{{end}}{{end}}
</table>
{{if .Comparisons}}<h2>This build against the baseline</h2><table>
{{range .Comparisons}}<tr><th>{{.Scenario}}</th><td style="text-align:left">{{range $k, $v := .Ratio}}{{$k}} ×{{f $v}} · {{end}}(current/baseline, mean of each build's runs; below 1 is better)</td></tr>{{end}}
</table>{{end}}
{{range .Scenarios}}<h2 id="{{.Name}}">{{.Name}}</h2><p>{{.Description}}</p>
{{if .Skipped}}<p class="skip">Skipped: {{.Skipped}}</p>{{else}}
<table>
<tr><th>before the load</th><td>load average {{f .LoadAvgBefore}}; settled in {{f .SettleS}} s{{with .ConnectionsOpenBefore}}, {{f .}} connections open{{else}} (connections gauge not read){{end}}</td></tr>
<tr><th>connections</th><td>{{.Connections}} (opened in {{f .ConnectS}} s, {{.ConnectFailures}} failed)</td></tr>
<tr><th>load</th><td>{{.Senders}} senders, offered {{f .OfferedMsgsPerS}} msg/s, accepted {{f .InboundMsgsPerS}} msg/s for {{f .DurationS}} s</td></tr>
<tr><th>delivered</th><td>{{.Delivered}} ({{f .DeliveredMsgsPerS}}/s), sampled out {{.SampledOut}}</td></tr>
<tr><th>latency ms</th><td>p50 {{f .LatencyMs.P50}} · p90 {{f .LatencyMs.P90}} · p99 {{f .LatencyMs.P99}} · p99.9 {{f .LatencyMs.P999}} · max {{f .LatencyMs.Max}}</td></tr>
{{if .ByKind}}<tr><th>by kind of subscriber</th><td><table><tr><th>kind</th><th>subscribers</th><th>topics</th><th>delivered</th><th>delivered/s</th><th>p50 ms</th><th>p99 ms</th><th>max ms</th></tr>{{range .ByKind}}<tr><td>{{.Kind}}</td><td>{{.Subscribers}}</td><td>{{.Topics}}</td><td>{{.Delivered}}</td><td>{{f .DeliveredPerS}}</td><td>{{f .LatencyMs.P50}}</td><td>{{f .LatencyMs.P99}}</td><td>{{f .LatencyMs.Max}}</td></tr>{{end}}</table></td></tr>{{end}}
{{with .PriorityLatencyMs}}<tr><th>priority events ms</th><td>p50 {{f .P50}} · p99 {{f .P99}} · max {{f .Max}} (from the event's server timestamp)</td></tr>{{end}}
<tr><th>server</th><td>{{f .ServerCPUS}} CPU s ({{f .CPUSPerMillionDelivered}} per million delivered), RSS {{bytes .ServerRSSBytes}} ({{f .RSSBytesPerConn}} B/conn)</td></tr>
<tr><th>correctness</th><td>duplicates {{.Duplicates}}, out of order {{.OutOfOrder}}, priority events {{.PriorityEvents}} (lost {{.PriorityEventsLost}}), mute violations {{.MuteViolations}}, unexplained seq holes {{.UnexplainedHoles}}, gap joins {{.GapJoins}}{{if .ResumeS}}, all resumed in {{f .ResumeS}} s{{end}}</td></tr>
<tr><th>errors</th><td>{{.Errors}}{{range $k, $v := .ErrorCodes}} [{{$k}}: {{$v}}]{{end}}; close codes{{range $k, $v := .CloseCodes}} [{{$k}} {{$v}}]{{end}}{{range $k, $v := .ExpectedRefusals}}; expected {{$k}} {{$v}}{{end}}</td></tr>
<tr><th>parameters</th><td>{{range $k, $v := .Params}}{{$k}} = {{$v}}; {{end}}</td></tr>
{{range $k, $v := .ServerMetrics}}<tr><th>{{$k}}</th><td>{{f $v}}</td></tr>{{end}}
{{range .Notes}}<tr><th>note</th><td style="text-align:left">{{.}}</td></tr>{{end}}
</table>
<div class="plots">{{overTime .Series}}{{distribution .Distribution}}{{if .Soak}}{{soakPlot .Soak}}{{end}}{{if .Curve}}{{curvePlots .Curve}}{{end}}</div>{{end}}{{end}}
</body></html>
`))

const plotW, plotH, padL, padB, padT, padR = 520.0, 260.0, 56.0, 34.0, 18.0, 12.0

func svgOpen(b *strings.Builder, title string) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-size="11" font-family="sans-serif">`, plotW, plotH, plotW, plotH)
	fmt.Fprintf(b, `<text x="%.0f" y="12" text-anchor="middle" font-weight="bold">%s</text>`, plotW/2, template.HTMLEscapeString(title))
}

// axes draws the frame and ticks; yTicks are data values mapped by fy.
func axes(b *strings.Builder, xTicks []float64, fx func(float64) float64, xLabel func(float64) string, yTicks []float64, fy func(float64) float64, yLabel string) {
	fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="none" stroke="#999"/>`, padL, padT, plotW-padL-padR, plotH-padT-padB)
	for _, t := range xTicks {
		x := fx(t)
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#eee"/><text x="%.1f" y="%.0f" text-anchor="middle">%s</text>`, x, padT, x, plotH-padB, x, plotH-padB+13, xLabel(t))
	}
	for _, t := range yTicks {
		y := fy(t)
		fmt.Fprintf(b, `<line x1="%.0f" y1="%.1f" x2="%.0f" y2="%.1f" stroke="#eee"/><text x="%.0f" y="%.1f" text-anchor="end">%s</text>`, padL, y, plotW-padR, y, padL-4, y+4, trimFloat(t))
	}
	fmt.Fprintf(b, `<text x="12" y="%.0f" transform="rotate(-90 12 %.0f)" text-anchor="middle">%s</text>`, (plotH-padB+padT)/2, (plotH-padB+padT)/2, yLabel)
}

func niceTicks(max float64, n int) []float64 {
	if max <= 0 {
		max = 1
	}
	raw := max / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var out []float64
	for v := 0.0; v <= max*1.0001; v += step {
		out = append(out, v)
	}
	return out
}

func polyline(b *strings.Builder, pts [][2]float64, color string) {
	if len(pts) == 0 {
		return
	}
	fmt.Fprintf(b, `<polyline fill="none" stroke="%s" stroke-width="1.5" points="`, color)
	for _, p := range pts {
		fmt.Fprintf(b, "%.1f,%.1f ", p[0], p[1])
	}
	b.WriteString(`"/>`)
}

// overTime plots p50, p99 and max latency per second.
func overTime(series []Point) template.HTML {
	var pts []Point
	for _, p := range series {
		if p.Count > 0 {
			pts = append(pts, p)
		}
	}
	var b strings.Builder
	svgOpen(&b, "latency over time (ms, per second)")
	if len(pts) == 0 {
		b.WriteString(`<text x="260" y="130" text-anchor="middle">no latency samples</text></svg>`)
		return template.HTML(b.String())
	}
	t0, t1, ymax := pts[0].T, pts[len(pts)-1].T, 0.0
	for _, p := range pts {
		ymax = math.Max(ymax, p.Max)
	}
	if t1 <= t0 {
		t1 = t0 + 1
	}
	yt := niceTicks(ymax, 5)
	ytop := yt[len(yt)-1]
	if ytop < ymax {
		ytop = ymax
	}
	fx := func(t float64) float64 { return padL + (t-t0)/(t1-t0)*(plotW-padL-padR) }
	fy := func(v float64) float64 { return plotH - padB - v/ytop*(plotH-padB-padT) }
	var xt []float64
	for _, v := range niceTicks(t1-t0, 6) {
		xt = append(xt, t0+v)
	}
	axes(&b, xt, fx, func(t float64) string { return trimFloat(t) + "s" }, yt, fy, "ms")
	for _, s := range []struct {
		color string
		get   func(Point) float64
	}{{"#bbb", func(p Point) float64 { return p.Max }}, {"#d33", func(p Point) float64 { return p.P99 }}, {"#36c", func(p Point) float64 { return p.P50 }}} {
		var line [][2]float64
		for _, p := range pts {
			line = append(line, [2]float64{fx(p.T), fy(s.get(p))})
		}
		polyline(&b, line, s.color)
	}
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" fill="#36c">p50</text><text x="%.0f" y="%.0f" fill="#d33">p99</text><text x="%.0f" y="%.0f" fill="#999">max</text>`,
		padL+8, padT+12, padL+38, padT+12, padL+68, padT+12)
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// distribution plots the percentile spectrum: x is 1/(1-q) on a log scale (50 %, 90 %, 99 %, ...).
func distribution(pts []hdr.Point) template.HTML {
	var b strings.Builder
	svgOpen(&b, "latency distribution (ms by percentile)")
	if len(pts) == 0 {
		b.WriteString(`<text x="260" y="130" text-anchor="middle">no latency samples</text></svg>`)
		return template.HTML(b.String())
	}
	xOf := func(q float64) float64 {
		if q >= 1 {
			q = 1 - 1e-6
		}
		return math.Log10(1 / (1 - q))
	}
	xmax := xOf(pts[len(pts)-1].Quantile)
	if len(pts) >= 2 && pts[len(pts)-1].Quantile >= 1 {
		xmax = math.Ceil(xOf(pts[len(pts)-2].Quantile) + 0.5) // the max sits one step past the last quantile
	}
	ymax := float64(pts[len(pts)-1].ValueNs) / 1e6
	yt := niceTicks(ymax, 5)
	ytop := math.Max(yt[len(yt)-1], ymax)
	fx := func(x float64) float64 { return padL + x/math.Max(xmax, 1)*(plotW-padL-padR) }
	fy := func(v float64) float64 { return plotH - padB - v/ytop*(plotH-padB-padT) }
	var xt []float64
	for x := 0.0; x <= xmax+1e-9; x++ {
		xt = append(xt, x)
	}
	label := func(x float64) string {
		switch x {
		case 0:
			return "0%"
		case 1:
			return "90%"
		case 2:
			return "99%"
		}
		return "99." + strings.Repeat("9", int(x)-2) + "%"
	}
	axes(&b, xt, fx, label, yt, fy, "ms")
	var line [][2]float64
	for i, p := range pts {
		x := xOf(p.Quantile)
		if p.Quantile >= 1 && i > 0 {
			x = xmax
		}
		line = append(line, [2]float64{fx(x), fy(float64(p.ValueNs) / 1e6)})
	}
	polyline(&b, line, "#36c")
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

func trimFloat(v float64) string {
	switch {
	case v == 0:
		return "0"
	case math.Abs(v) >= 100:
		return fmt.Sprintf("%.0f", v)
	case math.Abs(v) >= 1:
		return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
	default:
		return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.4f", v), "0"), ".")
	}
}

func humanBytes(v uint64) string {
	switch {
	case v >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(v)/(1<<30))
	case v >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(v)/(1<<20))
	case v >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(v)/(1<<10))
	}
	return fmt.Sprintf("%d B", v)
}

// soakPlot draws the node's RSS (MiB, left axis) and goroutines (scaled to the same height) over a
// long run: both lines should stay flat.
func soakPlot(samples []SoakSample) template.HTML {
	var b strings.Builder
	svgOpen(&b, "memory and goroutines over time")
	t0, t1 := samples[0].T, samples[len(samples)-1].T
	if t1 <= t0 {
		t1 = t0 + 1
	}
	maxRSS, maxG := 0.0, 0.0
	for _, s := range samples {
		maxRSS = math.Max(maxRSS, float64(s.RSS)/(1<<20))
		maxG = math.Max(maxG, s.Goroutines)
	}
	yt := niceTicks(maxRSS, 5)
	ytop := math.Max(yt[len(yt)-1], maxRSS)
	fx := func(t float64) float64 { return padL + (t-t0)/(t1-t0)*(plotW-padL-padR) }
	fy := func(v float64) float64 { return plotH - padB - v/ytop*(plotH-padB-padT) }
	var xt []float64
	for _, v := range niceTicks(t1-t0, 6) {
		xt = append(xt, t0+v)
	}
	axes(&b, xt, fx, func(t float64) string { return trimFloat(t) + "s" }, yt, fy, "MiB")
	var rss, gor [][2]float64
	for _, s := range samples {
		rss = append(rss, [2]float64{fx(s.T), fy(float64(s.RSS) / (1 << 20))})
		if maxG > 0 {
			gor = append(gor, [2]float64{fx(s.T), fy(s.Goroutines / maxG * ytop)})
		}
	}
	polyline(&b, rss, "#36c")
	if len(gor) > 0 {
		polyline(&b, gor, "#d33")
	}
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" fill="#36c">RSS MiB</text><text x="%.0f" y="%.0f" fill="#d33">goroutines (max %.0f)</text>`,
		padL+8, padT+12, padL+70, padT+12, maxG)
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// curvePlots draws, for each axis a curve moved along (subscribers, lines/s), p50 and p99 latency
// and CPU-s per million deliveries (scaled to the latency axis, its maximum in the legend).
func curvePlots(points []CurvePoint) template.HTML {
	var b strings.Builder
	for _, kind := range []string{"subscribers", "rate"} {
		var pts []CurvePoint
		for _, p := range points {
			if p.Kind == kind {
				pts = append(pts, p)
			}
		}
		if len(pts) == 0 {
			continue
		}
		x := func(p CurvePoint) float64 { return float64(p.Subscribers) }
		title, unit := "by subscribers", ""
		if kind == "rate" {
			x = func(p CurvePoint) float64 { return p.Rate }
			title, unit = "by chat lines per second", "/s"
		}
		svgOpen(&b, "latency and CPU per million deliveries, "+title)
		xmax, ymax, cmax := 0.0, 0.0, 0.0
		for _, p := range pts {
			xmax, ymax, cmax = math.Max(xmax, x(p)), math.Max(ymax, p.P99), math.Max(cmax, p.CPUSPerMillionDelivered)
		}
		yt := niceTicks(math.Max(ymax, 1), 5)
		ytop := math.Max(yt[len(yt)-1], ymax)
		xt := niceTicks(xmax, 6)
		xtop := math.Max(xt[len(xt)-1], xmax)
		fx := func(v float64) float64 { return padL + v/xtop*(plotW-padL-padR) }
		fy := func(v float64) float64 { return plotH - padB - v/ytop*(plotH-padB-padT) }
		axes(&b, xt, fx, func(v float64) string { return trimFloat(v) + unit }, yt, fy, "ms")
		for _, s := range []struct {
			color string
			get   func(CurvePoint) float64
		}{{"#d33", func(p CurvePoint) float64 { return p.P99 }}, {"#36c", func(p CurvePoint) float64 { return p.P50 }},
			{"#2a2", func(p CurvePoint) float64 {
				if cmax == 0 {
					return 0
				}
				return p.CPUSPerMillionDelivered / cmax * ytop
			}}} {
			var line [][2]float64
			for _, p := range pts {
				line = append(line, [2]float64{fx(x(p)), fy(s.get(p))})
			}
			polyline(&b, line, s.color)
		}
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" fill="#36c">p50</text><text x="%.0f" y="%.0f" fill="#d33">p99</text><text x="%.0f" y="%.0f" fill="#2a2">CPU-s/M (max %s)</text>`,
			padL+8, padT+12, padL+38, padT+12, padL+68, padT+12, trimFloat(cmax))
		b.WriteString(`</svg>`)
	}
	return template.HTML(b.String())
}
