import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { SeriesResponse } from '../../../shared/contract/workspace'
import { dashboardText as t } from '../../../shared/messages/dashboard'
import { monthLabel } from './chart-labels'

const HEIGHT = 200
/** Whole devices: the y axis never shows fractions. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000]

/** A theme colour of the page (styles.css and dashboard.css), read when the chart is drawn. */
function cssColor(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888'
}

/**
 * The trend (lines) or the histogram (bars) of the two series with uPlot, sized to its container. Its x values are
 * bucket indexes, labelled with the server's day (MM-DD) or month (YYYY-MM) labels.
 */
export function SeriesChart({ data, kind }: { data: SeriesResponse; kind: 'line' | 'bars' }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = box.current
    if (!el) return
    const text = cssColor('--app-text-secondary')
    const grid = cssColor('--app-border')
    const add = cssColor('--dash-add')
    const out = cssColor('--dash-out')
    const xs = data.labels.map((_, i) => i)
    // The histogram's two bars of a month stand side by side: the first left of the tick, the second right of it.
    const barsOf = (align: -1 | 1) => uPlot.paths.bars!({ size: [0.34, 22], gap: 1, align })
    const series = (label: string, color: string, align: -1 | 1): uPlot.Series => ({
      label,
      stroke: color,
      width: kind === 'bars' ? 0 : 2,
      fill: kind === 'bars' ? color : undefined,
      paths: kind === 'bars' ? barsOf(align) : undefined,
      points: kind === 'line' ? { size: 5, fill: color } : { show: false },
      scale: 'y',
    })
    const font = '12px system-ui, sans-serif'
    const axisX: uPlot.Axis = {
      stroke: text,
      font,
      grid: { show: false },
      ticks: { stroke: grid },
      space: kind === 'bars' ? 44 : 40,
      incrs: [1, 2, 3, 4, 6],
      // Counted back from the newest bucket, so that today and this month always have their label: counted from the
      // oldest, the histogram's only bar (this month's) stood unlabelled between 10月 and the edge.
      splits: (_u, _axis, _min, _max, step) => xs.filter((i) => (xs.length - 1 - i) % step === 0),
      values: (_u, splits) => splits.map((i) => {
        const label = data.labels[i] ?? ''
        return kind === 'bars' ? monthLabel(label) : label
      }),
    }
    const axisY: uPlot.Axis = { stroke: text, font, grid: { stroke: grid, width: 1 }, ticks: { show: false }, incrs: WHOLE_STEPS, size: 40 }
    const opts: uPlot.Options = {
      width: Math.max(240, el.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { size: 7 } },
      scales: {
        x: { time: false, range: (_u, min, max) => (kind === 'bars' ? [min - 0.6, max + 0.6] : [min - 0.3, max + 0.3]) },
        y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
      },
      axes: [axisX, axisY],
      series: [{ label: '' }, series(t.seriesAdd, add, -1), series(t.seriesAbmOut, out, 1)],
    }
    const plot = new uPlot(opts, [xs, data.add, data.abmOut], el)
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(240, el.clientWidth), height: HEIGHT }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [data, kind])
  return <div ref={box} className="dash-chart" aria-hidden />
}
