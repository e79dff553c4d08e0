/**
 * A QR-looking placeholder until the store links exist: finder squares plus a pattern derived
 * from `seed`, so the two apps' codes look different.
 */
const SIZE = 21;

function cells(seed: string): boolean[] {
  let state = 0;
  for (const char of seed) state = (state * 131 + char.charCodeAt(0)) >>> 0;
  return Array.from({ length: SIZE * SIZE }, () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return (state >>> 16) % 2 === 0;
  });
}

function inFinder(x: number, y: number): boolean {
  return (x < 8 && y < 8) || (x >= SIZE - 8 && y < 8) || (x < 8 && y >= SIZE - 8);
}

function Finder({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width="7" height="7" fill="#202124" />
      <rect x="1" y="1" width="5" height="5" fill="#fff" />
      <rect x="2" y="2" width="3" height="3" fill="#202124" />
    </g>
  );
}

export function QrPlaceholder({ seed, size = 104 }: { seed: string; size?: number }) {
  const pattern = cells(seed);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`-1 -1 ${SIZE + 2} ${SIZE + 2}`}
      role="img"
      aria-hidden="true"
    >
      <rect x="-1" y="-1" width={SIZE + 2} height={SIZE + 2} fill="#fff" />
      {pattern.map((on, i) => {
        const x = i % SIZE;
        const y = Math.floor(i / SIZE);
        return on && !inFinder(x, y) ? (
          <rect key={i} x={x} y={y} width="1" height="1" fill="#202124" />
        ) : null;
      })}
      <Finder x={0} y={0} />
      <Finder x={SIZE - 7} y={0} />
      <Finder x={0} y={SIZE - 7} />
    </svg>
  );
}
