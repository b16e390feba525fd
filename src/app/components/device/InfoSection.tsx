/** One titled panel of label–value rows on a device's detail (device information, rent information …). */
export function InfoSection({ title, rows }: { title: string; rows: readonly (readonly [string, string])[] }) {
  return (
    <section className="device-section" aria-label={title}>
      <h2>{title}</h2>
      <dl className="device-info">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
