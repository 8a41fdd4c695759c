import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n';
import { chartGeometry, summarise, type WeekFigures } from '../lib/chart';
import { AdminTable } from './AdminTable';

const dayFormat = (iso: string, lang: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(lang === 'en' ? 'en' : 'ar', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(d);
};

/**
 * Sign-ups and enrolments per week as bars. The drawing is one image with a spoken summary;
 * every figure is also in the table after it (the table is what screen readers read in detail).
 */
export function WeeklyChart({ weeks }: { weeks: WeekFigures[] }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const lang = i18n.language;
  const rtl = lang !== 'en';
  const g = chartGeometry(weeks, { rtl });
  const s = summarise(weeks);
  const titleId = useId();
  const descId = useId();
  const axisX = rtl ? g.plot.right + 6 : g.plot.left - 6;
  return (
    <section aria-labelledby="chart-heading">
      <h2 id="chart-heading">{t('overview.chartTitle')}</h2>
      <ul className="chart-legend" aria-hidden="true">
        <li>
          <span className="chart-key chart-key-signups" />
          {t('overview.signups')}
        </li>
        <li>
          <span className="chart-key chart-key-enrolments" />
          {t('overview.enrolments')}
        </li>
      </ul>
      <svg className="admin-chart" viewBox={`0 0 ${g.width} ${g.height}`} width={g.width} height={g.height} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{t('overview.chartTitle')}</title>
        <desc id={descId}>
          {t('overview.chartSummary', { signups: s.signups, enrolments: s.enrolments, week: s.busiestWeek ? dayFormat(s.busiestWeek, lang) : '—' })}
        </desc>
        {g.ticks.map((tick) => (
          <g key={tick.value}>
            <line className="grid-line" x1={g.plot.left} x2={g.plot.right} y1={tick.y} y2={tick.y} />
            <text x={axisX} y={tick.y + 4} textAnchor={rtl ? 'start' : 'end'}>
              {tick.value.toLocaleString(lang === 'en' ? 'en' : 'ar')}
            </text>
          </g>
        ))}
        {g.bars.map((b) => (
          <rect key={`${b.week}-${b.kind}`} className={`bar-${b.kind}`} x={b.x} y={b.y} width={b.width} height={b.height} />
        ))}
        {g.labels.map((l) => (
          <text key={l.week} x={l.x} y={g.plot.bottom + 18} textAnchor="middle">
            {dayFormat(l.week, lang)}
          </text>
        ))}
      </svg>
      <AdminTable caption={t('overview.tableCaption')} columns={[t('overview.week'), t('overview.signups'), t('overview.enrolments')]}>
        {weeks.map((w) => (
          <tr key={w.week_start}>
            <th scope="row">
              <time dateTime={w.week_start}>{dayFormat(w.week_start, lang)}</time>
            </th>
            <td>{w.signups}</td>
            <td>{w.enrolments}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
