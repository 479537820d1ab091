export function GameDetailsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-8 lg:grid-cols-2">
      <span className="sr-only">Loading game…</span>
      <div aria-hidden="true" className="aspect-video w-full animate-pulse rounded-2xl bg-raised" />
      <div aria-hidden="true" className="space-y-4">
        <div className="h-4 w-24 animate-pulse rounded bg-raised" />
        <div className="h-9 w-3/4 animate-pulse rounded bg-raised" />
        <div className="h-5 w-full animate-pulse rounded bg-raised" />
        <div className="h-5 w-2/3 animate-pulse rounded bg-raised" />
        <div className="h-32 w-full animate-pulse rounded-xl bg-raised" />
      </div>
    </div>
  );
}
