// The community pages' pictures, drawn inline so they need no asset pipeline
// and scale on any screen.

export function SunrisePicture({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 320 160" role="img" aria-label={label} className="community-picture">
      <rect width="320" height="160" fill="#0b2545" />
      <rect y="96" width="320" height="64" fill="#13315c" />
      <circle cx="160" cy="100" r="44" fill="#fcb900" />
      <rect y="100" width="320" height="60" fill="#134074" />
      <path d="M0 120 Q80 100 160 120 T320 120 V160 H0 Z" fill="#6fb31b" />
      <text x="16" y="32" fill="#ffffff" fontSize="20" fontFamily="sans-serif" fontWeight="700">
        Early Risers
      </text>
    </svg>
  );
}

export function EquipmentPicture({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 320 200" role="img" aria-label={label} className="fundraiser-image">
      <rect width="320" height="200" fill="#1d1d1d" />
      <rect x="40" y="60" width="150" height="90" rx="10" fill="#444" />
      <circle cx="115" cy="105" r="32" fill="#0693e3" />
      <circle cx="115" cy="105" r="18" fill="#0b2545" />
      <rect x="190" y="80" width="60" height="50" fill="#555" />
      <rect x="210" y="30" width="8" height="50" fill="#ff6900" />
      <rect x="230" y="40" width="8" height="40" fill="#ff6900" />
      <text x="40" y="185" fill="#ffffff" fontSize="16" fontFamily="sans-serif">
        Live broadcast kit
      </text>
    </svg>
  );
}
