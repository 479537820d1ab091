const nodes: [number, number][] = [
  [60, 70],
  [60, 160],
  [60, 250],
  [180, 40],
  [180, 130],
  [180, 220],
  [180, 300],
  [300, 100],
  [300, 200],
];
const links: [number, number][] = [
  [0, 3],
  [0, 4],
  [1, 4],
  [1, 5],
  [2, 5],
  [2, 6],
  [0, 5],
  [2, 4],
  [3, 7],
  [4, 7],
  [4, 8],
  [5, 8],
  [6, 8],
  [5, 7],
];

/** Decorative: a small neural network growing out of a game pad. */
export function HeroArt() {
  return (
    <svg aria-hidden="true" viewBox="0 0 400 340" className="h-auto w-[24rem] xl:w-[28rem]">
      <defs>
        <radialGradient id="hero-node" cx="50%" cy="50%" r="50%">
          <stop offset="0" stopColor="var(--gs-accent-hover)" />
          <stop offset="1" stopColor="var(--gs-accent)" />
        </radialGradient>
      </defs>
      <g stroke="var(--gs-accent)" strokeOpacity="0.35" strokeWidth="2">
        {links.map(([from, to]) => {
          const [x1, y1] = nodes[from]!;
          const [x2, y2] = nodes[to]!;
          return <line key={`${from}-${to}`} x1={x1} y1={y1} x2={x2} y2={y2} />;
        })}
        <line x1={300} y1={100} x2={350} y2={160} />
        <line x1={300} y1={200} x2={350} y2={160} />
      </g>
      {nodes.map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={11} fill="url(#hero-node)" />
      ))}
      <g transform="translate(318 128)">
        <rect width="72" height="64" rx="18" fill="var(--gs-surface)" stroke="var(--gs-accent)" strokeWidth="3" />
        <path d="M18 32h16M26 24v16" stroke="var(--gs-ink)" strokeWidth="4" strokeLinecap="round" />
        <circle cx="50" cy="26" r="4" fill="var(--gs-accent)" />
        <circle cx="56" cy="38" r="4" fill="var(--gs-accent)" />
      </g>
    </svg>
  );
}
