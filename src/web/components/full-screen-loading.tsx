interface FullScreenLoadingProps {
  text?: string;
}

/** Covers the whole viewport while a screen's code (or auth state) is on its way. */
export function FullScreenLoading({ text = 'Loading...' }: FullScreenLoadingProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-5 bg-gradient-to-br from-slate-950 via-indigo-950 to-slate-900 text-slate-100"
    >
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-indigo-300/30 border-t-violet-300" />
      <p className="text-lg font-medium tracking-wide">{text}</p>
    </div>
  );
}
