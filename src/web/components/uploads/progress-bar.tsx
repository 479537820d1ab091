/** How far an upload (or the packing before it) has got, for the eye and for a screen reader. */
export function ProgressBar({
  label,
  percent,
  valueText = `${percent}%`,
  className = '',
}: {
  label: string;
  percent: number;
  valueText?: string;
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={`h-2 w-full overflow-hidden rounded-full bg-raised ${className}`}
    >
      <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
