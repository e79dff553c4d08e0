/** A QR code of `text` drawn as one SVG path, so it stays sharp at any size. */
import { useMemo } from 'react';
import qrcode from 'qrcode-generator';

export function QrCode({
  text,
  size = 160,
  label,
  testId,
}: {
  text: string;
  size?: number;
  label: string;
  testId?: string;
}) {
  const { path, count } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const modules = qr.getModuleCount();
    let d = '';
    for (let row = 0; row < modules; row++) {
      for (let col = 0; col < modules; col++) {
        if (qr.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
      }
    }
    return { path: d, count: modules };
  }, [text]);
  // Four modules of quiet zone around the code, as scanners expect.
  const quiet = 4;
  const box = count + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`${-quiet} ${-quiet} ${box} ${box}`}
      shapeRendering="crispEdges"
      data-testid={testId}
    >
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
      <path d={path} fill="#202124" />
    </svg>
  );
}
