import { formatThousands } from '../../../shared/domain/format'
import { dashboardText as t } from '../../../shared/messages/dashboard'

/** Slice colours readable on both the dark and the light surface (≥ 3:1 against each). */
const PALETTE = ['#4c8dff', '#f08c2e', '#2fb67c', '#c05bd8', '#e5484d', '#12a5b8', '#8a8f98']

const R = 40
const C = 2 * Math.PI * R

interface Slice {
  label: string
  value: number
}

/** A donut of slices drawn with SVG strokes (uPlot has no pie), with its legend in words beside it. */
export function Donut({ slices, centre }: { slices: Slice[]; centre: string }) {
  const total = slices.reduce((n, s) => n + s.value, 0)
  let offset = 0
  return (
    <div className="dash-donut">
      <svg viewBox="0 0 100 100" width="120" height="120" role="img" aria-label={slices.map((s) => `${s.label} ${s.value}`).join('，')}>
        <circle cx="50" cy="50" r={R} fill="none" stroke="var(--app-border)" strokeWidth="14" />
        {total > 0
          ? slices.map((s, i) => {
              const length = (s.value / total) * C
              const arc = (
                <circle
                  key={s.label}
                  cx="50"
                  cy="50"
                  r={R}
                  fill="none"
                  stroke={PALETTE[i % PALETTE.length]}
                  strokeWidth="14"
                  strokeDasharray={`${length} ${C - length}`}
                  strokeDashoffset={-offset}
                  transform="rotate(-90 50 50)"
                />
              )
              offset += length
              return arc
            })
          : null}
        <text x="50" y="55" textAnchor="middle" className="dash-donut-centre">
          {centre}
        </text>
      </svg>
      <ul className="dash-donut-legend">
        {slices.map((s, i) => (
          <li key={s.label}>
            <i className="dash-swatch" style={{ background: PALETTE[i % PALETTE.length] }} />
            <span className="dash-donut-label">{s.label}</span>
            <span className="dash-donut-value">{formatThousands(s.value)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** One share of the whole (released, with a SIM): a ring filled to its percentage, and the count in words. */
export function RatioDonut({ label, value, total, color }: { label: string; value: number; total: number; color: string }) {
  const share = total > 0 ? value / total : 0
  const length = share * C
  const percent = `${Math.round(share * 100)}%`
  return (
    <figure className="dash-ratio">
      <svg viewBox="0 0 100 100" width="84" height="84" aria-hidden>
        <circle cx="50" cy="50" r={R} fill="none" stroke="var(--app-border)" strokeWidth="12" />
        <circle cx="50" cy="50" r={R} fill="none" stroke={color} strokeWidth="12" strokeDasharray={`${length} ${C - length}`} transform="rotate(-90 50 50)" />
        <text x="50" y="56" textAnchor="middle" className="dash-donut-centre">
          {percent}
        </text>
      </svg>
      <figcaption>
        <span className="dash-ratio-label">{label}</span>
        <span className="dash-ratio-value">{t.ofTotal(value, total)}</span>
      </figcaption>
    </figure>
  )
}
