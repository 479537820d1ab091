import { cardStyle } from './styles';

export function GameCardSkeleton() {
  return (
    <div aria-hidden="true" className={`${cardStyle} overflow-hidden`}>
      <div className="aspect-video w-full animate-pulse bg-raised" />
      <div className="space-y-3 p-4">
        <div className="h-3 w-20 animate-pulse rounded bg-raised" />
        <div className="h-5 w-3/4 animate-pulse rounded bg-raised" />
        <div className="h-4 w-full animate-pulse rounded bg-raised" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-raised" />
      </div>
    </div>
  );
}
