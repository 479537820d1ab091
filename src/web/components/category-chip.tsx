import { Link } from 'react-router';
import { formatCount } from '../lib/format';

interface CategoryChipProps {
  to: string;
  name: string;
  gameCount?: number;
  selected?: boolean;
}

export function CategoryChip({ to, name, gameCount, selected = false }: CategoryChipProps) {
  return (
    <Link
      to={to}
      aria-current={selected ? 'true' : undefined}
      className={`inline-flex items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors ${
        selected ? 'border-accent bg-accent text-on-accent' : 'border-line bg-surface text-ink hover:border-accent-ink hover:bg-raised'
      }`}
    >
      {name}
      {gameCount !== undefined && (
        <span className={selected ? 'text-on-accent' : 'text-muted'}>
          <span className="sr-only">(</span>
          {formatCount(gameCount)}
          <span className="sr-only"> {gameCount === 1 ? 'game' : 'games'})</span>
        </span>
      )}
    </Link>
  );
}

export function CategoryChipsSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div aria-hidden="true" className="flex flex-wrap gap-2">
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className="h-8 w-24 animate-pulse rounded-full bg-raised" />
      ))}
    </div>
  );
}
