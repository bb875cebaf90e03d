import { BRAND } from '../config/brand';

/** The Tillbook mark: a till drawer in the brand purple. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-label="Tillbook">
      <rect x="4" y="4" width="40" height="40" rx="11" fill={BRAND} />
      <path d="M14 17h20v4H26v14h-4V21h-8z" fill="#fff" />
    </svg>
  );
}

export function Logo({ size = 28 }: { size?: number }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <LogoMark size={size} />
      <span style={{ fontWeight: 700, fontSize: size * 0.68, color: '#1B1A1F', letterSpacing: -0.3 }}>
        Tillbook
      </span>
    </span>
  );
}

/** Shown full-screen and centred while a screen's code loads (spec section 2). */
export function FullScreenLogo({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      style={{
        position: 'fixed',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        background: '#fff',
        zIndex: 1000,
      }}
    >
      <div className="tb-pulse">
        <LogoMark size={64} />
      </div>
    </div>
  );
}
