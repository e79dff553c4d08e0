/** A round user picture, or the name's first letter on a colour picked from the name. */
const COLORS = ['#1a73e8', '#d93025', '#188038', '#e37400', '#7b1fa2', '#00796b', '#c2185b'];

function colorFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length] ?? COLORS[0]!;
}

export function Avatar({
  src,
  name,
  size = 32,
}: {
  src?: string | null;
  name: string;
  size?: number;
}) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span
      className="avatar"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.45,
        background: src ? 'transparent' : colorFor(name),
      }}
    >
      {src ? <img src={src} alt="" /> : initial}
    </span>
  );
}
