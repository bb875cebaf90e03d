import { encode } from 'uqr';
import { useMemo } from 'react';

/**
 * The store account's details as a QR code (plain text: a phone's camera shows it, and the
 * customer copies the number into their bank app). Drawn as one SVG path of dark modules.
 */
export function TransferQr({ text, size = 148 }: { text: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, modules: qr.size };
  }, [text]);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      role="img"
      aria-label="QR code of the account details"
      shapeRendering="crispEdges"
      style={{ background: '#fff', borderRadius: 6 }}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
