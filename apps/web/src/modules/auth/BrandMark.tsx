/** The product's mark: an open book whose page carries a label tag (learning and annotation). */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className="brand-mark">
      <defs>
        <linearGradient id="brand-mark-fill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#4f6ef7" />
          <stop offset="100%" stopColor="#1d39c4" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#brand-mark-fill)" />
      <path d="M7 10.5c3-1.2 6-1.2 9 .6v12c-3-1.8-6-1.8-9-.6z" fill="#fff" opacity="0.95" />
      <path d="M25 10.5c-3-1.2-6-1.2-9 .6v12c3-1.8 6-1.8 9-.6z" fill="#fff" opacity="0.7" />
      <circle cx="21.5" cy="8.5" r="3" fill="#36cfc9" stroke="#fff" strokeWidth="1.2" />
    </svg>
  );
}
