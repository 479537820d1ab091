import type { GameStats } from '../../../shared/submissions';

const WIDTH = 600;
const HEIGHT = 160;
const PAD = { top: 4, bottom: 1 };
const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

const dayLabel = (iso: string) => shortDate.format(new Date(`${iso}T00:00:00Z`));

/**
 * Plays (bars) and new favourites (line) per day. The SVG is a picture for sighted readers;
 * the same numbers are in a table for everyone else.
 */
export function StatsChart({ stats, title }: { stats: GameStats; title: string }) {
  const { days } = stats;
  const max = Math.max(1, ...days.map((d) => Math.max(d.plays, d.favourites)));
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = WIDTH / days.length;
  const y = (value: number) => PAD.top + innerH - (value / max) * innerH;
  const line = days.map((d, i) => `${i === 0 ? 'M' : 'L'}${(step * i + step / 2).toFixed(1)},${y(d.favourites).toFixed(1)}`).join(' ');
  const totalPlays = days.reduce((n, d) => n + d.plays, 0);
  const totalFavourites = days.reduce((n, d) => n + d.favourites, 0);

  return (
    <figure className="max-w-3xl">
      <div className="flex gap-2">
        <div aria-hidden="true" className="flex flex-col justify-between pb-1 text-right text-xs text-muted">
          <span>{max}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-32 w-full"
          role="img"
          aria-label={`${title}: ${totalPlays} plays and ${totalFavourites} new favourites in the last ${days.length} days`}
        >
          <line x1={0} x2={WIDTH} y1={y(0)} y2={y(0)} vectorEffect="non-scaling-stroke" className="stroke-line" />
          {days.map((d, i) => (
            <rect
              key={d.date}
              x={step * i + step * 0.15}
              width={step * 0.7}
              y={y(d.plays)}
              height={y(0) - y(d.plays)}
              className="fill-accent/70"
            >
              <title>{`${dayLabel(d.date)}: ${d.plays} plays, ${d.favourites} favourites`}</title>
            </rect>
          ))}
          <path d={line} fill="none" strokeWidth={2} vectorEffect="non-scaling-stroke" className="stroke-success-ink" />
        </svg>
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between pl-6 text-xs text-muted">
        <span>{dayLabel(days[0]!.date)}</span>
        <span>{dayLabel(days.at(-1)!.date)}</span>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-muted">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block size-3 rounded-sm bg-accent/70 align-middle" />
          Plays per day ({totalPlays} in {days.length} days)
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 bg-success-ink align-middle" />
          New favourites per day ({totalFavourites})
        </span>
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted">The numbers, day by day</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr className="text-muted">
              <th scope="col" className="pr-4 font-medium">
                Day
              </th>
              <th scope="col" className="pr-4 font-medium">
                Plays
              </th>
              <th scope="col" className="font-medium">
                New favourites
              </th>
            </tr>
          </thead>
          <tbody className="text-ink">
            {days.map((d) => (
              <tr key={d.date}>
                <td className="pr-4">{dayLabel(d.date)}</td>
                <td className="pr-4">{d.plays}</td>
                <td>{d.favourites}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
