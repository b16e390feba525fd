import { useQuery } from '@tanstack/react-query'
import type { PieChartResponse, SeriesResponse } from '../../../shared/contract/workspace'
import { formatThousands } from '../../../shared/domain/format'
import { dashboardText as t } from '../../../shared/messages/dashboard'
import { Loading } from '../../components/Loading'
import { useTheme } from '../../layout/theme'
import { Donut, RatioDonut } from './Donut'
import { histogramQuery, pieQuery, trendQuery } from './queries'
import { SeriesChart } from './SeriesChart'

/**
 * The dashboard's charts (issue #15), a chunk of their own with uPlot: the 12-day add / abmOut trend (day labels),
 * the monthly histogram (month labels) and the pies (SVG). Loaded after the counts are on screen.
 */
export default function DashboardCharts() {
  const [theme] = useTheme()
  const trend = useQuery(trendQuery())
  const histogram = useQuery(histogramQuery())
  const pie = useQuery(pieQuery())
  return (
    <>
      <SeriesBlock title={t.trendTitle} data={trend.data} pending={trend.isPending} kind="line" theme={theme} />
      <SeriesBlock title={t.histogramTitle} data={histogram.data} pending={histogram.isPending} kind="bars" theme={theme} />
      <PieBlock data={pie.data} pending={pie.isPending} />
    </>
  )
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

function SeriesBlock({ title, data, pending, kind, theme }: { title: string; data?: SeriesResponse; pending: boolean; kind: 'line' | 'bars'; theme: string }) {
  const empty = data !== undefined && sum(data.add) + sum(data.abmOut) === 0
  return (
    <section className="dash-block" aria-label={title}>
      <header className="dash-block-head">
        <h2>{title}</h2>
        <span className="dash-legend" aria-hidden>
          <i className="dash-swatch dash-swatch-add" />
          {t.seriesAdd}
          <i className="dash-swatch dash-swatch-out" />
          {t.seriesAbmOut}
        </span>
      </header>
      {pending ? (
        <Loading />
      ) : !data ? (
        <div className="dash-chart-placeholder">{t.chartFailed}</div>
      ) : (
        <>
          {/* Re-created with the theme: uPlot draws on a canvas with the colours it was given. */}
          <SeriesChart key={theme} data={data} kind={kind} />
          {empty ? <p className="dash-muted">{t.noTrend}</p> : null}
          <table className="visually-hidden">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">{t.seriesAdd}</th>
                <th scope="col">{t.seriesAbmOut}</th>
              </tr>
            </thead>
            <tbody>
              {data.labels.map((label, i) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{data.add[i]}</td>
                  <td>{data.abmOut[i]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  )
}

function PieBlock({ data, pending }: { data?: PieChartResponse; pending: boolean }) {
  return (
    <section className="dash-block" aria-label={t.pieTitle}>
      <header className="dash-block-head">
        <h2>{t.pieTitle}</h2>
      </header>
      {pending ? (
        <Loading />
      ) : !data ? (
        <div className="dash-chart-placeholder">{t.chartFailed}</div>
      ) : data.totalCount === 0 ? (
        <p className="dash-muted">{t.noPieData}</p>
      ) : (
        <>
          <div className="dash-ratios">
            <RatioDonut label={t.abmOutShare} value={data.abmOutPieCount} total={data.totalCount} color="var(--dash-out)" />
            <RatioDonut label={t.simShare} value={data.simPieCount} total={data.totalCount} color="var(--dash-add)" />
          </div>
          <h3 className="dash-subtitle">{t.modelTitle}</h3>
          <Donut slices={data.modelPieList.map((m) => ({ label: m.k, value: m.v }))} centre={formatThousands(data.totalCount)} />
        </>
      )}
    </section>
  )
}
