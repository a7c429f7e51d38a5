/** The mark: a roof over a sofa, in the primary colour; decorative, the link carries the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" className="fill-primary-600" />
      <path d="M6 15 16 7l10 8" fill="none" stroke="white" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M9 24v-4.5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2V24M8 21h16" fill="none" stroke="white" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
