/**
 * Tokens each member spent per month as a table whose cells carry a bar as long as the figure (one scale for the
 * whole table), so the eye finds who spent most while a screen reader reads plain numbers.
 */
export function UsageChart(props: { caption: string; memberHeading: string; months: { key: string; label: string }[]; rows: { name: string; byMonth: number[] }[] }) {
  const max = Math.max(1, ...props.rows.flatMap((r) => r.byMonth));
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm text-gray-800 dark:text-gray-200">
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr className="border-b border-gray-200 dark:border-gray-800">
            <th scope="col" className="py-2 pr-4 font-semibold">{props.memberHeading}</th>
            {props.months.map((m) => (
              <th key={m.key} scope="col" className="min-w-24 py-2 pr-2 font-semibold">{m.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.name} className="border-b border-gray-100 dark:border-gray-900">
              <th scope="row" className="py-2 pr-4 font-medium">{row.name}</th>
              {row.byMonth.map((value, i) => (
                <td key={props.months[i]!.key} className="py-2 pr-2">
                  <span className="flex items-center gap-2">
                    <span aria-hidden="true" className="block h-3 rounded-sm bg-primary-600 dark:bg-primary-400" style={{ width: `${Math.round((value / max) * 64)}px`, minWidth: value > 0 ? "2px" : 0 }} />
                    <span className="tabular-nums">{value}</span>
                  </span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
