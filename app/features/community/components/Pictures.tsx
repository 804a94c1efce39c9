// The Early Risers picture, drawn inline so it needs no asset pipeline and scales on any screen. It is
// decoration: the page's heading names the community, so the picture carries no words of its own.

export function SunrisePicture({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 320 160"
      preserveAspectRatio="xMidYMax slice"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <rect width="320" height="160" fill="#0b2545" />
      <rect y="96" width="320" height="64" fill="#13315c" />
      <circle cx="160" cy="100" r="44" fill="#fcb900" />
      <rect y="100" width="320" height="60" fill="#134074" />
      <path d="M0 120 Q80 100 160 120 T320 120 V160 H0 Z" fill="#6fb31b" />
    </svg>
  );
}
