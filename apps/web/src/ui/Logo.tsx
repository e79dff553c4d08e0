/** The product mark and name. */
export function Logo({ label }: { label: string }) {
  return (
    <span className="logo">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#1a73e8" />
        <path d="M7 11h12v10H7z M20 14.5l5-3.5v10l-5-3.5z" fill="#fff" />
      </svg>
      <span className="logo__text">{label}</span>
    </span>
  );
}
